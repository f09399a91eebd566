/**
 * Answer shapes of the dashboard and cashier calls (docs/payments-api.md) that the server builds and the web reads:
 * one definition for both sides. Types only. Amounts are decimal strings in the currency's major units, times
 * ISO-8601 UTC strings.
 */
import type { ApiKeyModeValue, ApiKeyStatusValue } from './collections';
import type { CurrencyCode } from './currencies';

/* Cashier (public, /pay/{token}) ------------------------------------------------------------------------------ */

export type CashierKind = 'collection' | 'link';

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
  returnUrl: string | null;
  /** Domain collection failure reason code (label key collectionFailure.<camelCase>). */
  failureReason: string | null;
  /** The "Pay" / "Simulate failure" buttons may be shown. */
  payable: boolean;
  /** The "Cancel" button may be shown (collections only: a link stays open until paid or expired). */
  cancellable: boolean;
  /** A sandbox order: the payer chooses the outcome. */
  sandbox: boolean;
}

/* Developer parameters ---------------------------------------------------------------------------------------- */

export interface ApiKeyView {
  id: string;
  name: string;
  mode: ApiKeyModeValue;
  /** The last four characters of the secret; the secret itself is shown once, at creation or roll. */
  secretLast4: string;
  status: ApiKeyStatusValue;
  /** Set on a rolled key: it keeps working until then. */
  expiresAt: string | null;
  lastUsedAt: string | null;
  createdAt: string;
  createdBy: string | null;
}

export interface DeveloperView {
  merchantId: number;
  keys: ApiKeyView[];
  collectionCallbackUrl: string | null;
  payoutCallbackUrl: string | null;
  ipWhitelist: string[];
  webhookSecretSet: boolean;
  /** The signed-in user has Google Authenticator on: key and secret actions ask for a code. */
  totpEnabled: boolean;
}

/* Products ---------------------------------------------------------------------------------------------------- */

/** A fee rule: rate in basis points plus a fixed part (decimal string), raised to a minimum (decimal string). */
export interface ProductFeeView {
  rateBps: number;
  fixedFee: string;
  minFee: string;
  /** True: the merchant's own (negotiated) rule; false: the platform default. */
  own: boolean;
}

/** One payment method of a country: a channel of a payment type and its limits. */
export interface ProductView {
  currency: CurrencyCode;
  paymentType: number;
  channel: number;
  channelName: string;
  minAmount: string;
  maxAmount: string;
  status: number;
}

/** Per payment type: enabled channels, the widest limits and the fee of the payment type. */
export interface ProductSummaryView {
  paymentType: number;
  channels: number;
  minAmount: string;
  maxAmount: string;
  fee: ProductFeeView | null;
}

/* Balances ---------------------------------------------------------------------------------------------------- */

/** One currency of `GET /api/balances`. */
export interface BalanceView {
  currency: string;
  available: string;
  pending: string;
  frozen: string;
  /** Low-balance threshold, whole currency units; null when none is set. */
  limitBalance: string | null;
  /** available < limitBalance. */
  belowLimit: boolean;
}
