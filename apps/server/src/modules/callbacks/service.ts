/**
 * Deliveries as the dashboard shows them (docs/payments-api.md "Callbacks"): each with its attempts log. Other
 * modules (the collection detail) use `deliveriesOf` (./queries.ts) and `deliverySchema` to embed the same shape.
 */
import type { DbLike } from '../../db/pool';
import { deliveriesOfOrder, deliveryViews } from './queries';
import type { DeliveryView } from './schemas';

export { deliveryViews } from './queries';
export { attemptSchema, deliverySchema, orderKindSchema, type AttemptView, type DeliveryView } from './schemas';

/** The deliveries of one order within the caller's merchants, newest first, with their attempts. */
export async function deliveriesForOrder(
  db: DbLike,
  order: { merchantIds: readonly number[]; orderKind: string; orderId: string },
): Promise<DeliveryView[]> {
  return deliveryViews(db, await deliveriesOfOrder(db, order));
}
