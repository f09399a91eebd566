/**
 * Shapes of callback deliveries: the rows, what one attempt produced, and the view the dashboard (and the collection
 * detail) shows, each delivery with its attempts log.
 */
import { CALLBACK_ORDER_KINDS, NotifyStatus, callbackErrorCodeOf, callbackErrorKey, type CallbackOrderKindValue } from '@mg/domain';
import { z } from 'zod';
import type { callbackAttempt, callbackDelivery } from '../../db/schema';

export type DeliveryRow = typeof callbackDelivery.$inferSelect;
export type AttemptRow = typeof callbackAttempt.$inferSelect;

/** What one POST to the merchant produced (an HTTP answer, or the error that stopped it). */
export interface AttemptOutcome {
  at: Date;
  url: string;
  requestHeaders: Record<string, string>;
  requestBody: string;
  responseStatus: number | null;
  responseExcerpt: string | null;
  error: string | null;
  latencyMs: number;
  /** Seconds the endpoint's Retry-After asked for (a 429 or 503), capped; null without one. */
  retryAfterS?: number | null;
}

export const attemptSchema = z.object({
  id: z.number(),
  attemptNo: z.number(),
  trigger: z.string().describe('auto | manual'),
  url: z.string(),
  responseStatus: z.number().nullable(),
  responseExcerpt: z.string().nullable(),
  error: z.string().nullable().describe('why no HTTP answer came: a code (callback.error.*) and details'),
  errorKey: z.string().nullable().describe('i18n key of the error code; interpolate {{detail}} with errorDetail'),
  errorDetail: z.string().nullable(),
  latencyMs: z.number(),
  answered: z.boolean().describe('false: sent (or about to be) and no answer recorded: in flight, or the sender stopped before writing it, outcome unknown'),
  createdAt: z.string(),
  requestHeaders: z.record(z.string(), z.string()),
  requestBody: z.string(),
});
export type AttemptView = z.infer<typeof attemptSchema>;

export const deliverySchema = z.object({
  id: z.number(),
  eventId: z.string(),
  eventType: z.string(),
  orderKind: z.string(),
  orderId: z.string(),
  url: z.string(),
  status: z.string().describe('NotifyStatus: pending | notified | failed'),
  attempts: z.number().describe('automatic attempts made (the retry schedule counter), each counted before its request went out; manual ones are in the log'),
  nextAttemptAt: z.string().nullable().describe('pending only'),
  lastResponseStatus: z.number().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  attemptsLog: z.array(attemptSchema),
});
export type DeliveryView = z.infer<typeof deliverySchema>;

export const orderKindSchema = z.enum(CALLBACK_ORDER_KINDS as [CallbackOrderKindValue, ...CallbackOrderKindValue[]]);

function attemptView(a: AttemptRow): AttemptView {
  const code = callbackErrorCodeOf(a.error);
  const detail = code && a.error ? a.error.slice(code.length).replace(/^:\s*/, '') : null;
  return {
    id: a.id,
    attemptNo: a.attemptNo,
    trigger: a.trigger,
    url: a.url,
    responseStatus: a.responseStatus,
    responseExcerpt: a.responseExcerpt,
    error: a.error,
    errorKey: code ? callbackErrorKey(code) : null,
    errorDetail: detail,
    latencyMs: a.latencyMs,
    answered: a.answered,
    createdAt: a.createdAt.toISOString(),
    requestHeaders: (a.requestHeaders ?? {}) as Record<string, string>,
    requestBody: a.requestBody,
  };
}

/** A delivery with its attempts (those of other deliveries are left out). */
export function deliveryView(r: DeliveryRow, attempts: readonly AttemptRow[]): DeliveryView {
  return {
    id: r.id,
    eventId: r.eventId,
    eventType: r.eventType,
    orderKind: r.orderKind,
    orderId: r.orderId,
    url: r.url,
    status: r.status,
    attempts: r.attempts,
    nextAttemptAt: r.status === NotifyStatus.PENDING ? r.nextAttemptAt.toISOString() : null,
    lastResponseStatus: r.lastResponseStatus,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
    attemptsLog: attempts.filter((a) => a.deliveryId === r.id).map(attemptView),
  };
}
