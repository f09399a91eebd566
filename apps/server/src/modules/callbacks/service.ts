/**
 * Deliveries as the dashboard shows them (docs/payments-api.md "Callbacks"): each with its attempts log. Other
 * modules (the collection detail) use `deliveriesForOrder` and `deliverySchema` to embed the same shape.
 */
import { asc, inArray } from 'drizzle-orm';
import {
  CALLBACK_ORDER_KINDS,
  NotifyStatus,
  callbackErrorCodeOf,
  callbackErrorKey,
  type CallbackOrderKindValue,
} from '@mg/domain';
import { z } from 'zod';
import type { DbLike } from '../../db/pool';
import { callbackAttempt } from '../../db/schema';
import { deliveriesOfOrder, type DeliveryRow } from './worker';

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
  attempts: z.number().describe('automatic attempts made (the retry schedule counter); manual ones are in the log'),
  nextAttemptAt: z.string().nullable().describe('pending only'),
  lastResponseStatus: z.number().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  attemptsLog: z.array(attemptSchema),
});
export type DeliveryView = z.infer<typeof deliverySchema>;

export const orderKindSchema = z.enum(CALLBACK_ORDER_KINDS as [CallbackOrderKindValue, ...CallbackOrderKindValue[]]);

type AttemptRow = typeof callbackAttempt.$inferSelect;

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
    createdAt: a.createdAt.toISOString(),
    requestHeaders: (a.requestHeaders ?? {}) as Record<string, string>,
    requestBody: a.requestBody,
  };
}

/** Views of delivery rows with their attempts (one query for all attempts). */
export async function deliveryViews(db: DbLike, rows: DeliveryRow[]): Promise<DeliveryView[]> {
  const ids = rows.map((r) => r.id);
  const attempts = ids.length
    ? await db
        .select()
        .from(callbackAttempt)
        .where(inArray(callbackAttempt.deliveryId, ids))
        .orderBy(asc(callbackAttempt.deliveryId), asc(callbackAttempt.attemptNo), asc(callbackAttempt.id))
    : [];
  return rows.map((r) => ({
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
  }));
}

/** The deliveries of one order within the caller's merchants, newest first, with their attempts. */
export async function deliveriesForOrder(
  db: DbLike,
  order: { merchantIds: readonly number[]; orderKind: string; orderId: string },
): Promise<DeliveryView[]> {
  return deliveryViews(db, await deliveriesOfOrder(db, order));
}
