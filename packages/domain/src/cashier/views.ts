/** What the public cashier page reads (answer shapes; amounts are decimal strings, times ISO-8601 UTC). */
import type { CryptoDepositView } from '../crypto/vocabulary';
import type { CurrencyCode } from '../currencies';

export type CashierKind = 'collection' | 'link' | 'topUp' | 'mandate';

/** What the payer sees of an order (a collection's cashier token or a payment link's token). */
export interface CashierView {
  kind: CashierKind;
  merchantName: string;
  /** Brand value (domain BRANDS): the page themes itself with it (logo and colour). */
  brand: string;
  amount: string;
  currency: CurrencyCode;
  description: string | null;
  paymentType: number;
  channel: number | null;
  paymentCode: string | null;
  /**
   * Domain PaymentStatus as the payer should read it: an open order past its expiry is `closed`; a link is
   * `pending` until paid (`success`), `failed` after a failed attempt it may retry, `closed` once expired or void.
   */
  status: string;
  /** True when the deadline passed before anyone paid (status closed). */
  expired: boolean;
  expiresAt: string;
  paidAt: string | null;
  paidAmount: string | null;
  /**
   * A partial payment (status `partial`): what is still due, the amount less what arrived, worked out by the server
   * from the order's own figures; null for every other status (nothing arrived yet, or all of it did).
   */
  dueAmount: string | null;
  returnUrl: string | null;
  /** Domain collection failure reason code (label key collectionFailure.<camelCase>). */
  failureReason: string | null;
  /** The "Pay" / "Simulate failure" buttons may be shown. */
  payable: boolean;
  /** The "Cancel" button may be shown (collections only: a link stays open until paid or expired). */
  cancellable: boolean;
  /** A sandbox order: the payer chooses the outcome. */
  sandbox: boolean;
  /** An auto-deduction mandate: what the payer authorises besides this first charge. */
  recurring?: { intervalPeriod: number; intervalUnit: string; repetitions: number | null } | null;
  /** A crypto order: what arrived at its deposit address and its confirmations (null until something was sent). */
  deposit?: CryptoDepositView | null;
}
