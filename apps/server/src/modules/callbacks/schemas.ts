/**
 * Shapes of callback deliveries: the rows, what one attempt produced, and the view the dashboard (and the collection
 * detail) shows, each delivery with its attempts log.
 */
import { NotifyStatus, callbackErrorCodeOf, callbackErrorKey, type CallbackAttemptView as AttemptView, type CallbackDeliveryView as DeliveryView } from '@mg/domain';
import type { callbackAttempt, callbackDelivery } from '../../db/schema';

// The answer shapes are declared in the domain (callbacks/delivery.ts), where the web's calls read them.
export { callbackAttemptSchema as attemptSchema, callbackDeliverySchema as deliverySchema, callbackOrderKindSchema as orderKindSchema, type CallbackAttemptView as AttemptView, type CallbackDeliveryView as DeliveryView } from '@mg/domain';

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
