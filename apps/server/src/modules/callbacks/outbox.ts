/**
 * The callback outbox. enqueueCallback is called inside the transaction that changes an order's status, so the
 * status change, its ledger transfer and its callback are committed together or not at all (issue 4: a crash
 * between the ledger write and the callback loses no callback). The worker (./worker.ts) delivers the rows.
 */
import { randomBytes } from 'node:crypto';
import { NotifyStatus, type CallbackEventValue, type CallbackOrderKindValue } from '@mg/domain';
import type { DbLike } from '../../db/pool';
import { deliveryInsert, insertDeliveries, insertDelivery, mirrorNotifyStatus, type DeliveryValues } from './queries';

export { deliveryInsert };

export interface CallbackMessage {
  merchantId: number;
  eventType: CallbackEventValue;
  orderKind: CallbackOrderKindValue;
  orderId: string;
  /** Target: the order's notifyUrl, else the merchant's callback address. Null: nothing to send. */
  url: string | null;
  /** The `data` of the Standard Webhooks body: the order as the open API shows it. */
  data: Record<string, unknown>;
  now?: Date;
}

/** Standard Webhooks message id. */
export function newEventId(): string {
  return `msg_${randomBytes(16).toString('base64url')}`;
}

/**
 * Writes the callback to the outbox only; for a caller that sets the order's notify status to pending in its own
 * update of the order (one write of the order row per status change). Returns the event id, null without a url.
 */
export async function writeCallback(tx: DbLike, msg: CallbackMessage): Promise<string | null> {
  const v = deliveryOf(msg);
  if (!v) return null;
  await insertDelivery(tx, v);
  return v.eventId;
}

/**
 * Writes many callbacks to the outbox in one statement, for a caller that sets its orders' notify status itself
 * (messages without a url are skipped). Returns how many were written.
 */
export async function writeCallbacks(tx: DbLike, msgs: readonly CallbackMessage[]): Promise<number> {
  const rows = msgs.map(deliveryOf).filter((v) => v !== null);
  await insertDeliveries(tx, rows);
  return rows.length;
}

/**
 * A check of every callback's data against its declared schema (api-docs/webhooks.ts checkCallbackData): the tests
 * set it, so each of the suite's flows proves that what is sent is what the OpenAPI document's webhooks say.
 */
let dataCheck: ((event: CallbackEventValue, data: Record<string, unknown>) => void) | null = null;
export function setCallbackDataCheck(check: typeof dataCheck): void {
  dataCheck = check;
}

/** The outbox row of a callback (with a new event id), or null without a url: nothing to send. */
export function deliveryOf(msg: CallbackMessage): (DeliveryValues & { eventId: string }) | null {
  dataCheck?.(msg.eventType, msg.data);
  if (!msg.url) return null;
  const now = msg.now ?? new Date();
  return {
    merchantId: msg.merchantId,
    eventId: newEventId(),
    eventType: msg.eventType,
    orderKind: msg.orderKind,
    orderId: msg.orderId,
    url: msg.url,
    body: JSON.stringify({ type: msg.eventType, timestamp: now.toISOString(), data: msg.data }),
    status: NotifyStatus.PENDING,
    nextAttemptAt: now,
  };
}

/**
 * Writes the callback to the outbox and sets the order's notify_status to pending; returns its event id, or null
 * when the order has no callback address (the order's notify status then stays as it is: nothing to notify).
 */
export async function enqueueCallback(tx: DbLike, msg: CallbackMessage): Promise<string | null> {
  const eventId = await writeCallback(tx, msg);
  // The order shows "pending" from now on, in the same transaction (the worker moves it on).
  if (eventId) await mirrorNotifyStatus(tx, msg);
  return eventId;
}

/** Where a collection's (or its refunds') callbacks go: the order's own address, else the merchant's. */
export function callbackUrlOf(row: { notifyUrl: string | null }, m: { collectionCallbackUrl: string | null } | undefined): string | null {
  return row.notifyUrl ?? m?.collectionCallbackUrl ?? null;
}
