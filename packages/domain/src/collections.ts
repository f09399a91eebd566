/**
 * Vocabulary of collections and everything around them (issue 4): open API, keys, callbacks, payment links,
 * settlement, exports. Server and web read limits and codes from here; areas add what they need in their section.
 */
import { CHANNELS, type Channel } from './channels';
import type { CurrencyCode } from './currencies';
import { PaymentType } from './enums';
import { parseAmount } from './money';
import { PaymentStatus } from './statuses';

/* Open API (docs/open-api.md) ------------------------------------------------------------------------------ */

export const OPEN_API_PREFIX = '/api/open/v1';
export const OPEN_API_HEADERS = {
  MERCHANT_ID: 'x-merchant-id',
  KEY_ID: 'x-key-id',
  TIMESTAMP: 'x-timestamp',
  NONCE: 'x-nonce',
  SIGNATURE: 'x-signature',
  IDEMPOTENCY_KEY: 'idempotency-key',
} as const;
/** X-Timestamp must be within this many seconds of the server clock. */
export const OPEN_API_TIMESTAMP_TOLERANCE_S = 300;
/** A nonce may not be used twice by one key within this window. */
export const OPEN_API_NONCE_TTL_S = 600;
export const OPEN_API_NONCE_MAX_LENGTH = 128;
export const IDEMPOTENCY_KEY_MAX_LENGTH = 128;
/** How long an Idempotency-Key is remembered. */
export const IDEMPOTENCY_TTL_HOURS = 24;

export const ApiKeyMode = { SANDBOX: 'sandbox', LIVE: 'live' } as const;
export type ApiKeyModeValue = (typeof ApiKeyMode)[keyof typeof ApiKeyMode];
export const API_KEY_MODES = [ApiKeyMode.SANDBOX, ApiKeyMode.LIVE] as const;

export const ApiKeyStatus = { ACTIVE: 'active', REVOKED: 'revoked' } as const;
export type ApiKeyStatusValue = (typeof ApiKeyStatus)[keyof typeof ApiKeyStatus];
/** A rolled key keeps working this long, so integrations can switch without downtime. */
export const API_KEY_ROLL_GRACE_HOURS = 24;
export const API_KEY_MAX_ACTIVE = 10;

/* Collections -------------------------------------------------------------------------------------------- */

export const CollectionSource = { API: 'api', PAYMENT_LINK: 'payment_link', DASHBOARD: 'dashboard' } as const;
export type CollectionSourceValue = (typeof CollectionSource)[keyof typeof CollectionSource];

export const COLLECTION_EXPIRY_HOURS_DEFAULT = 24;
export const COLLECTION_EXPIRY_HOURS_MAX = 720;
export const MERCHANT_ORDER_ID_MAX_LENGTH = 64;
/** Merchant order ids: letters, digits and - _ . : only. */
export const MERCHANT_ORDER_ID_PATTERN = /^[A-Za-z0-9._:-]{1,64}$/;
/** Prefixes of business ids (DESIGN §4: prefixed, sortable, unguessable). */
export const ID_PREFIX = {
  COLLECTION: 'C',
  REFUND: 'R',
  SETTLEMENT: 'S',
  PAYMENT_LINK: 'L',
  EXPORT: 'E',
} as const;

/* Settlement --------------------------------------------------------------------------------------------- */

/** T+N default in days, counted in the merchant's zone. */
export const SETTLEMENT_DAYS_DEFAULT = 1;

/* Payment links ------------------------------------------------------------------------------------------ */

export const PaymentLinkStatus = { ACTIVE: 'active', PAID: 'paid', EXPIRED: 'expired', VOID: 'void' } as const;
export type PaymentLinkStatusValue = (typeof PaymentLinkStatus)[keyof typeof PaymentLinkStatus];
export const PAYMENT_LINK_STATUSES = Object.values(PaymentLinkStatus);
export const PAYMENT_LINK_EXPIRY_HOURS_DEFAULT = 24;
export const PAYMENT_LINK_EXPIRY_HOURS_MAX = 720;

/* Callbacks (Standard Webhooks) -------------------------------------------------------------------------- */

/** Delay before attempt 2, 3, ... 8 in seconds (issue 4): 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h. */
export const CALLBACK_RETRY_DELAYS_S = [5, 300, 1_800, 7_200, 18_000, 36_000, 36_000] as const;
export const CALLBACK_MAX_ATTEMPTS = CALLBACK_RETRY_DELAYS_S.length + 1;
export const CALLBACK_TIMEOUT_MS = 10_000;
/** Characters of the response body kept in the attempt log. */
export const CALLBACK_RESPONSE_EXCERPT_CHARS = 1_000;
export const WEBHOOK_SECRET_PREFIX = 'whsec_';
/** Random bytes of a webhook signing secret (base64 after the prefix; Standard Webhooks allows 24 to 64). */
export const WEBHOOK_SECRET_BYTES = 24;

export const CallbackEvent = {
  COLLECTION_SUCCEEDED: 'collection.succeeded',
  COLLECTION_FAILED: 'collection.failed',
  COLLECTION_EXPIRED: 'collection.expired',
  /** The payer cancelled at the cashier (status closed). */
  COLLECTION_CLOSED: 'collection.closed',
  REFUND_SUCCEEDED: 'refund.succeeded',
  REFUND_FAILED: 'refund.failed',
} as const;
export type CallbackEventValue = (typeof CallbackEvent)[keyof typeof CallbackEvent];

export const CallbackOrderKind = { COLLECTION: 'collection', REFUND: 'refund' } as const;
export type CallbackOrderKindValue = (typeof CallbackOrderKind)[keyof typeof CallbackOrderKind];
export const CALLBACK_ORDER_KINDS = Object.values(CallbackOrderKind);

/** Standard Webhooks request headers (https://www.standardwebhooks.com). */
export const WEBHOOK_HEADERS = {
  ID: 'webhook-id',
  TIMESTAMP: 'webhook-timestamp',
  SIGNATURE: 'webhook-signature',
} as const;
/** Signature scheme identifier of HMAC-SHA256 signatures: `v1,<base64>`. */
export const WEBHOOK_SIGNATURE_VERSION = 'v1';
/** verifyWebhook rejects a webhook-timestamp further than this from the receiver's clock (replay protection). */
export const WEBHOOK_TOLERANCE_S = 300;
/** User-Agent of callback requests (the server version is appended). */
export const CALLBACK_USER_AGENT = 'MG-Webhooks';
/** The delivery job runs this often; each run takes at most CALLBACK_BATCH_LIMIT due rows. */
export const CALLBACK_POLL_MS = 1_000;
export const CALLBACK_BATCH_LIMIT = 20;
/**
 * A claimed delivery is leased for this long (its next_attempt_at moves this far ahead) while the worker sends it
 * outside any transaction; a worker that dies mid-send leaves the row due again after the lease.
 */
export const CALLBACK_LEASE_S = 60;

/** Who started an attempt: the retry schedule, or a person pressing "resend" in the dashboard. */
export const CallbackTrigger = { AUTO: 'auto', MANUAL: 'manual' } as const;
export type CallbackTriggerValue = (typeof CallbackTrigger)[keyof typeof CallbackTrigger];

/**
 * Why an attempt got no HTTP answer (callback_attempt.error starts with the code, then details such as the refused
 * address). Label key `callback.error.<camelCase>`, with `{{detail}}`.
 */
export const CallbackErrorCode = {
  /** Not an absolute http(s) URL. */
  INVALID_URL: 'INVALID_URL',
  /** Resolves to a loopback, private, link-local, CGNAT, metadata or otherwise non-public address. */
  BLOCKED_ADDRESS: 'BLOCKED_ADDRESS',
  DNS_FAILED: 'DNS_FAILED',
  TIMEOUT: 'TIMEOUT',
  CONNECTION_FAILED: 'CONNECTION_FAILED',
  /** The merchant's webhook secret could not be read (e.g. sealed with another server key); nothing was sent. */
  SIGNING_FAILED: 'SIGNING_FAILED',
} as const;
export type CallbackErrorCodeValue = (typeof CallbackErrorCode)[keyof typeof CallbackErrorCode];
export const CALLBACK_ERROR_CODES = Object.values(CallbackErrorCode);
export function callbackErrorKey(code: CallbackErrorCodeValue): string {
  return `callback.error.${code.toLowerCase().replace(/_([a-z])/g, (_m, c: string) => c.toUpperCase())}`;
}
/** The code at the start of a stored attempt error, if it is one of ours. */
export function callbackErrorCodeOf(error: string | null | undefined): CallbackErrorCodeValue | null {
  const head = error?.split(/[\s:]/, 1)[0];
  return head && (CALLBACK_ERROR_CODES as readonly string[]).includes(head) ? (head as CallbackErrorCodeValue) : null;
}

/* Exports ------------------------------------------------------------------------------------------------ */

export const ExportKind = {
  COLLECTIONS: 'collections',
  REFUNDS: 'refunds',
  SETTLEMENTS: 'settlements',
  BALANCE_RECORDS: 'balance_records',
  PAYMENT_LINKS: 'payment_links',
} as const;
export type ExportKindValue = (typeof ExportKind)[keyof typeof ExportKind];
export const EXPORT_KINDS = Object.values(ExportKind);

export const ExportStatus = { QUEUED: 'queued', RUNNING: 'running', DONE: 'done', FAILED: 'failed' } as const;
export type ExportStatusValue = (typeof ExportStatus)[keyof typeof ExportStatus];
/** Above this many rows an export runs as a job and is e-mailed as a download link (spec §9). */
export const EXPORT_SYNC_MAX_ROWS = 100_000;
/** Rows read per keyset page while exporting. */
export const EXPORT_BATCH_ROWS = 1_000;
/** Download links of finished export jobs stay valid this long. */
export const EXPORT_LINK_TTL_HOURS = 72;

/* Collections money core: failure reasons, sandbox magic amounts, refunds, jobs (H1a) ------------------------- */

/** Why a collection failed (collection.failure_reason); label key `collectionFailure.<camelCase>`. */
export const CollectionFailureReason = {
  INSUFFICIENT_FUNDS: 'INSUFFICIENT_FUNDS',
  PAYER_DECLINED: 'PAYER_DECLINED',
  CHANNEL_DECLINED: 'CHANNEL_DECLINED',
  RISK_REJECTED: 'RISK_REJECTED',
  CHANNEL_TIMEOUT: 'CHANNEL_TIMEOUT',
  /** A payment in processing that the channel never confirmed before the order expired. */
  EXPIRED: 'EXPIRED',
} as const;
export type CollectionFailureReasonValue = (typeof CollectionFailureReason)[keyof typeof CollectionFailureReason];
export const COLLECTION_FAILURE_REASONS = Object.values(CollectionFailureReason);
export function isCollectionFailureReason(value: unknown): value is CollectionFailureReasonValue {
  return typeof value === 'string' && (COLLECTION_FAILURE_REASONS as readonly string[]).includes(value);
}
export function collectionFailureKey(reason: CollectionFailureReasonValue): string {
  return `collectionFailure.${reason.toLowerCase().replace(/_([a-z])/g, (_m, c: string) => c.toUpperCase())}`;
}

/**
 * Sandbox magic amounts (docs/open-api.md): what happens when the payer pays (cashier "Pay" button) is decided by
 * the last two digits of the amount's whole major units. Any other amount succeeds. The sandbox helper
 * `POST /sandbox/collections/{id}/pay` forces success and `/fail` forces a failure, whatever the amount.
 *
 * | amount ends in | example (IDR) | outcome when the payer pays                                           |
 * |----------------|---------------|-----------------------------------------------------------------------|
 * | ...13          | 10013         | failed, reason INSUFFICIENT_FUNDS                                      |
 * | ...14          | 10014         | failed, reason CHANNEL_DECLINED                                        |
 * | ...15          | 10015         | rejected (risk control), reason RISK_REJECTED                          |
 * | ...77          | 10077         | partial: half the amount (rounded down) arrives, status partial        |
 * | ...99          | 10099         | nothing arrives: stays pending until it expires (closed)               |
 */
export const SandboxOutcome = {
  SUCCESS: 'success',
  FAIL: 'fail',
  REJECT: 'reject',
  PARTIAL: 'partial',
  STAY_PENDING: 'stay_pending',
} as const;
export type SandboxOutcomeValue = (typeof SandboxOutcome)[keyof typeof SandboxOutcome];

export interface SandboxMagic {
  /** Last two digits of the whole major units. */
  suffix: string;
  outcome: SandboxOutcomeValue;
  reason?: CollectionFailureReasonValue;
}

export const SANDBOX_MAGIC: readonly SandboxMagic[] = [
  { suffix: '13', outcome: SandboxOutcome.FAIL, reason: CollectionFailureReason.INSUFFICIENT_FUNDS },
  { suffix: '14', outcome: SandboxOutcome.FAIL, reason: CollectionFailureReason.CHANNEL_DECLINED },
  { suffix: '15', outcome: SandboxOutcome.REJECT, reason: CollectionFailureReason.RISK_REJECTED },
  { suffix: '77', outcome: SandboxOutcome.PARTIAL },
  { suffix: '99', outcome: SandboxOutcome.STAY_PENDING },
];

/** The sandbox outcome of paying `amountMinor` in a currency with `decimals` minor digits. */
export function sandboxOutcome(amountMinor: bigint, decimals: number): SandboxMagic {
  const major = amountMinor / 10n ** BigInt(decimals);
  const suffix = (major % 100n).toString().padStart(2, '0');
  return SANDBOX_MAGIC.find((m) => m.suffix === suffix) ?? { suffix, outcome: SandboxOutcome.SUCCESS };
}

/** Collections expire (pending -> closed) and settlement batches are run by these background jobs. */
export const COLLECTION_EXPIRY_JOB_MS = 30_000;
export const SETTLEMENT_JOB_MS = 60_000;
/** Rows handled per statement by the expiry job (FOR UPDATE SKIP LOCKED batches). */
export const COLLECTION_EXPIRY_BATCH = 200;

/** Refunds: the reason is free text up to this length; merchant refund ids follow the merchant order id pattern. */
export const REFUND_REASON_MAX_LENGTH = 255;
export const MERCHANT_REFUND_ID_PATTERN = /^[A-Za-z0-9._:-]{1,64}$/;

/* Open API authentication, developer parameters, products and fees (H3) ------------------------------------- */

/** Background purges of the open API's replay-protection tables. */
export const OPEN_API_NONCE_PURGE_JOB_MS = 60_000;
export const IDEMPOTENCY_PURGE_JOB_MS = 15 * 60_000;
/** An Idempotency-Key whose first request never finished (the server died) may be taken over after this long. */
export const IDEMPOTENCY_IN_PROGRESS_STALE_S = 300;
/** api_key.last_used_at is written at most once per this many seconds per key. */
export const API_KEY_LAST_USED_RESOLUTION_S = 60;

export const API_KEY_STATUSES = [ApiKeyStatus.ACTIVE, ApiKeyStatus.REVOKED] as const;
/** Shape of a new key: id `mk_<mode>_<random>`, secret `sk_<mode>_<32 random base62>`. */
export const API_KEY_ID_RANDOM_CHARS = 16;
export const API_KEY_SECRET_RANDOM_CHARS = 32;

/** Products: the payment methods of a country. Cashier, payout and "all" entries of CHANNELS are not products. */
const NOT_PRODUCT_TYPES: readonly number[] = [PaymentType.CASHIER, PaymentType.PAYOUT, PaymentType.BATCH_PAYOUT, PaymentType.REFUND];

export function isProductChannel(c: Channel): boolean {
  return c.code >= 0 && !NOT_PRODUCT_TYPES.includes(c.paymentType);
}

/** One (currency, channel) product per country of each product channel. */
export function productChannels(): { currency: CurrencyCode; channel: Channel }[] {
  return CHANNELS.filter(isProductChannel).flatMap((channel) => channel.countries.map((currency) => ({ currency, channel })));
}

/** Default limits of one payment of a product, in major units (a product row may be edited afterwards). */
export const PRODUCT_LIMITS: Readonly<Record<CurrencyCode, { min: string; max: string }>> = {
  IDR: { min: '10000', max: '50000000' },
  THB: { min: '20', max: '500000' },
  PHP: { min: '20', max: '500000' },
  MYR: { min: '1', max: '50000' },
  VND: { min: '10000', max: '300000000' },
  MMK: { min: '1000', max: '10000000' },
  MXN: { min: '10', max: '200000' },
  BRL: { min: '1', max: '100000' },
  PKR: { min: '100', max: '1000000' },
  USDT: { min: '1', max: '100000' },
  INR: { min: '100', max: '500000' },
  COP: { min: '5000', max: '20000000' },
  BND: { min: '1', max: '20000' },
  SGD: { min: '1', max: '20000' },
  JPY: { min: '100', max: '1000000' },
  KRW: { min: '1000', max: '10000000' },
};

function minorOf(major: string, currency: CurrencyCode): bigint {
  const r = parseAmount(major, currency, { allowZero: true });
  if (!r.ok) throw new RangeError(`bad ${currency} amount in domain data: ${major}`);
  return r.minor;
}

/** PRODUCT_LIMITS of a currency in minor units. */
export function productLimitsMinor(currency: CurrencyCode): { min: bigint; max: bigint } {
  const l = PRODUCT_LIMITS[currency];
  return { min: minorOf(l.min, currency), max: minorOf(l.max, currency) };
}

/** Fee rules: percentage in basis points (0..FEE_RATE_BPS_MAX) plus a fixed part, at least a minimum. */
export const FEE_RATE_BPS_MAX = 10_000;
/** Channel value of a rule that applies to every channel of its payment type. */
export const FEE_ANY_CHANNEL = -1;

export interface DefaultFeeRule {
  currency: CurrencyCode;
  paymentType: number;
  /** FEE_ANY_CHANNEL (default) or one channel: a channel rule beats the any-channel rule. */
  channel: number;
  rateBps: number;
  /** Major units. */
  fixedFee: string;
  minFee: string;
}

/** Platform default rate per payment type, where a currency has no explicit default below. */
const DEFAULT_RATE_BPS: Readonly<Record<number, number>> = {
  [PaymentType.VA]: 100,
  [PaymentType.OTC]: 150,
  [PaymentType.CREDIT_CARD]: 290,
  [PaymentType.WALLET]: 150,
  [PaymentType.ONLINE_BANKING]: 120,
  [PaymentType.UPI]: 100,
  [PaymentType.MOBILE_BANKING]: 120,
  [PaymentType.BANK_TRANSFER]: 80,
  [PaymentType.INVOICE]: 150,
  [PaymentType.CRYPTO]: 50,
};

const rule = (currency: CurrencyCode, paymentType: number, rateBps: number, fixedFee = '0', minFee = '0', channel = FEE_ANY_CHANNEL): DefaultFeeRule => ({
  currency, paymentType, channel, rateBps, fixedFee, minFee,
});

/** Explicit platform defaults (the usual market prices); every other product pair gets DEFAULT_RATE_BPS. */
const EXPLICIT_FEE_RULES: readonly DefaultFeeRule[] = [
  rule('IDR', PaymentType.VA, 0, '4000'),
  rule('IDR', PaymentType.WALLET, 150, '0', '1000'),
  rule('IDR', PaymentType.WALLET, 70, '0', '0', 11), // QRIS
  rule('IDR', PaymentType.OTC, 0, '5000'),
  rule('THB', PaymentType.BANK_TRANSFER, 80, '0', '5'), // PromptPay
  rule('THB', PaymentType.CREDIT_CARD, 290, '0', '10'),
  rule('PHP', PaymentType.WALLET, 200),
  rule('PHP', PaymentType.OTC, 0, '15'),
  rule('MYR', PaymentType.ONLINE_BANKING, 0, '1'), // FPX
  rule('VND', PaymentType.WALLET, 180, '0', '2000'),
  rule('MXN', PaymentType.BANK_TRANSFER, 0, '8'), // SPEI
  rule('MXN', PaymentType.OTC, 250, '0', '10'), // OXXO
  rule('BRL', PaymentType.BANK_TRANSFER, 99), // PIX
  rule('BRL', PaymentType.INVOICE, 0, '3.49'), // Boleto
  rule('BRL', PaymentType.CREDIT_CARD, 399, '0.39'),
  rule('INR', PaymentType.UPI, 100, '0', '2'),
  rule('USDT', PaymentType.CRYPTO, 50, '0', '1'),
];

/** The platform's default fee rules (merchant 10000), seeded on every start where missing. */
export const DEFAULT_FEE_RULES: readonly DefaultFeeRule[] = (() => {
  const out = [...EXPLICIT_FEE_RULES];
  const has = new Set(out.filter((r) => r.channel === FEE_ANY_CHANNEL).map((r) => `${r.currency}/${r.paymentType}`));
  for (const { currency, channel } of productChannels()) {
    const k = `${currency}/${channel.paymentType}`;
    if (has.has(k)) continue;
    has.add(k);
    out.push(rule(currency, channel.paymentType, DEFAULT_RATE_BPS[channel.paymentType] ?? 0));
  }
  return out;
})();

/** Fee amounts of a default rule in minor units. */
export function feeRuleMinor(r: DefaultFeeRule): { fixedFee: bigint; minFee: bigint } {
  return { fixedFee: minorOf(r.fixedFee, r.currency), minFee: minorOf(r.minFee, r.currency) };
}


/* Dashboard lists and statistics (docs/payments-api.md) ------------------------------------------------------ */

/** Lists without a date range show this many days up to now. */
export const LIST_DEFAULT_RANGE_DAYS = 30;
/**
 * Lists count matching rows only up to this many (an exact count of a month of a big merchant costs a scan of
 * every matching index entry); above it the answer says `totalCapped: true` and the screen shows "10000+".
 */
export const LIST_COUNT_CAP = 10_000;
/** Collection statuses whose money arrived (collected amount, fees, success rate numerator). */
export const COLLECTED_STATUSES = [PaymentStatus.SUCCESS, PaymentStatus.PARTIAL, PaymentStatus.REFUNDED] as const;
/** Collection statuses still undecided: left out of the success rate. */
export const IN_FLIGHT_STATUSES = [PaymentStatus.PENDING, PaymentStatus.PROCESSING, PaymentStatus.UNKNOWN] as const;

/* Developer parameters: limits and the IP whitelist entry check (web H7; the server checks the same) ------- */

/** Longest name of an open API key. */
export const API_KEY_NAME_MAX_LENGTH = 64;
/** Longest callback address (collection / payout). */
export const CALLBACK_URL_MAX_LENGTH = 512;
/** Most entries of a merchant's IP whitelist. */
export const IP_WHITELIST_MAX_ENTRIES = 50;

function isIpv4Address(s: string): boolean {
  const parts = s.split('.');
  return parts.length === 4 && parts.every((p) => /^(?:0|[1-9]\d{0,2})$/.test(p) && Number(p) <= 255);
}

function isIpv6Address(s: string): boolean {
  if (!/^[0-9A-Fa-f:.]+$/.test(s) || !s.includes(':')) return false;
  let body = s;
  if (s.includes('.')) {
    // An embedded IPv4 tail (::ffff:192.0.2.1) counts as the last two groups.
    const cut = s.lastIndexOf(':');
    if (!isIpv4Address(s.slice(cut + 1))) return false;
    body = `${s.slice(0, cut + 1)}0:0`;
  }
  const hex = /^[0-9A-Fa-f]{1,4}$/;
  const halves = body.split('::');
  if (halves.length > 2) return false;
  if (halves.length === 2) {
    const groups = halves.flatMap((h) => (h === '' ? [] : h.split(':')));
    return groups.every((g) => hex.test(g)) && groups.length <= 7;
  }
  const groups = body.split(':');
  return groups.length === 8 && groups.every((g) => hex.test(g));
}

/**
 * One IP whitelist entry: an IPv4 or IPv6 address, optionally with a CIDR prefix (`203.0.113.0/24`,
 * `2001:db8::/32`). No zone ids, no leading zeros in IPv4 octets. Surrounding white space is ignored.
 */
export function isIpWhitelistEntry(value: string): boolean {
  const text = value.trim();
  const [address = '', prefix, extra] = text.split('/');
  if (extra !== undefined) return false;
  const v4 = isIpv4Address(address);
  if (!v4 && !isIpv6Address(address)) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (v4 ? 32 : 128);
}

/** Status of a product (payment method of a country) row: only enabled ones can be used for new collections. */
export const ProductStatus = { DISABLED: 0, ENABLED: 1 } as const;
export type ProductStatusValue = (typeof ProductStatus)[keyof typeof ProductStatus];

/* Open API business calls, payment links, cashier (H1b) ------------------------------------------------------ */

/** A payment link's description, shown to the payer. */
export const PAYMENT_LINK_DESCRIPTION_MAX_LENGTH = 255;
/** What the sandbox payer may choose on the cashier page (POST /api/cashier/{token}/pay). */
export const CashierOutcome = { SUCCESS: 'success', FAIL: 'fail' } as const;
export type CashierOutcomeValue = (typeof CashierOutcome)[keyof typeof CashierOutcome];
export const CASHIER_OUTCOMES = Object.values(CashierOutcome);
