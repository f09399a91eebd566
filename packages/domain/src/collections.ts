/**
 * Vocabulary of collections and everything around them (issue 4): open API, keys, callbacks, payment links,
 * settlement, exports. Server and web read limits and codes from here; areas add what they need in their section.
 */

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
export const SETTLEMENT_DAYS_MAX = 30;

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

export const CallbackEvent = {
  COLLECTION_SUCCEEDED: 'collection.succeeded',
  COLLECTION_FAILED: 'collection.failed',
  COLLECTION_EXPIRED: 'collection.expired',
  REFUND_SUCCEEDED: 'refund.succeeded',
  REFUND_FAILED: 'refund.failed',
} as const;
export type CallbackEventValue = (typeof CallbackEvent)[keyof typeof CallbackEvent];

export const CallbackOrderKind = { COLLECTION: 'collection', REFUND: 'refund' } as const;
export type CallbackOrderKindValue = (typeof CallbackOrderKind)[keyof typeof CallbackOrderKind];

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
export const EXPORT_BATCH_ROWS = 5_000;
/** Download links of finished export jobs stay valid this long. */
export const EXPORT_LINK_TTL_HOURS = 72;
