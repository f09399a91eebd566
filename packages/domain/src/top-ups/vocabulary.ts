/** Words and limits of top-ups (issue 12): the merchant funds its own balance through the cashier. */
import { PaymentStatus, type PaymentStatusValue } from '../statuses';

/** A top-up is a payment the merchant makes to itself: the payment statuses it can reach. */
export const TOP_UP_STATUSES: readonly PaymentStatusValue[] = [PaymentStatus.PENDING, PaymentStatus.SUCCESS, PaymentStatus.FAILED, PaymentStatus.CLOSED];

/** How long a top-up's cashier stays open. */
export const TOP_UP_EXPIRY_MINUTES = 60;
/** The expiry job: how often, and how many top-ups per run. */
export const TOP_UP_EXPIRY_JOB_MS = 30_000;
export const TOP_UP_EXPIRY_BATCH = 500;
