/** Callbacks to merchants (Standard Webhooks): retry schedule, events, headers, attempt errors. */

/** Delay before attempt 2, 3, ... 8 in seconds (issue 4): 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h. */
export const CALLBACK_RETRY_DELAYS_S = [5, 300, 1_800, 7_200, 18_000, 36_000, 36_000] as const;
export const CALLBACK_MAX_ATTEMPTS = CALLBACK_RETRY_DELAYS_S.length + 1;
/**
 * Each retry's delay is moved by up to this share either way, so the deliveries a merchant's outage failed together
 * do not all come back in the same second when it recovers (issue 15).
 */
export const CALLBACK_RETRY_JITTER = 0.1;
/** A Retry-After longer than this (the longest scheduled delay) is capped: an endpoint cannot park a delivery forever. */
export const CALLBACK_RETRY_AFTER_MAX_S = Math.max(...CALLBACK_RETRY_DELAYS_S);

/**
 * Seconds a `Retry-After` response header asks to wait (RFC 9110: delay-seconds or an HTTP-date), capped at
 * CALLBACK_RETRY_AFTER_MAX_S; null when absent or unreadable.
 */
export function retryAfterSeconds(value: string | null | undefined, now: Date): number | null {
  const v = value?.trim();
  if (!v) return null;
  let s: number;
  if (/^\d+$/.test(v)) s = Number(v);
  else {
    const at = Date.parse(v);
    if (Number.isNaN(at)) return null;
    s = Math.ceil((at - now.getTime()) / 1000);
  }
  return Math.min(Math.max(s, 0), CALLBACK_RETRY_AFTER_MAX_S);
}
export const CALLBACK_TIMEOUT_MS = 10_000;
/** Characters of the response body kept in the attempt log. */
export const CALLBACK_RESPONSE_EXCERPT_CHARS = 1_000;
export const WEBHOOK_SECRET_PREFIX = 'whsec_';
/** Random bytes of a webhook signing secret (base64 after the prefix; Standard Webhooks allows 24 to 64). */
export const WEBHOOK_SECRET_BYTES = 24;
/**
 * After a roll the previous secret still signs every callback, next to the new one, for this long (Standard
 * Webhooks sends a list of signatures), so a merchant can deploy the new secret without losing a callback.
 */
export const WEBHOOK_SECRET_GRACE_HOURS = 24;

export const CallbackEvent = {
  COLLECTION_SUCCEEDED: 'collection.succeeded',
  COLLECTION_FAILED: 'collection.failed',
  COLLECTION_EXPIRED: 'collection.expired',
  /** The payer cancelled at the cashier (status closed). */
  COLLECTION_CLOSED: 'collection.closed',
  REFUND_SUCCEEDED: 'refund.succeeded',
  REFUND_FAILED: 'refund.failed',
  PAYOUT_SUCCEEDED: 'payout.succeeded',
  PAYOUT_FAILED: 'payout.failed',
  PAYOUT_REJECTED: 'payout.rejected',
  PAYOUT_CANCELLED: 'payout.cancelled',
  /** Issue 12: the merchant's own money (to the payout callback address; top-ups to the collection one). */
  WITHDRAWAL_SUCCEEDED: 'withdrawal.succeeded',
  WITHDRAWAL_FAILED: 'withdrawal.failed',
  WITHDRAWAL_REJECTED: 'withdrawal.rejected',
  TOP_UP_SUCCEEDED: 'top_up.succeeded',
  TOP_UP_FAILED: 'top_up.failed',
  /** Auto-deduction mandates: authorised (active), paused, resumed (active), stopped, failed. */
  MANDATE_ACTIVE: 'mandate.active',
  MANDATE_PAUSED: 'mandate.paused',
  MANDATE_STOPPED: 'mandate.stopped',
  MANDATE_FAILED: 'mandate.failed',
  /** "Send test event" on the developer page (issue 15): no order behind it. */
  WEBHOOK_TEST: 'webhook.test',
} as const;
export type CallbackEventValue = (typeof CallbackEvent)[keyof typeof CallbackEvent];

export const CallbackOrderKind = { COLLECTION: 'collection', REFUND: 'refund', PAYOUT: 'payout', WITHDRAWAL: 'withdrawal', TOP_UP: 'top_up', MANDATE: 'mandate' } as const;
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
  return `callbacks.error.${code.toLowerCase().replace(/_([a-z])/g, (_m, c: string) => c.toUpperCase())}`;
}
/** The code at the start of a stored attempt error, if it is one of ours. */
export function callbackErrorCodeOf(error: string | null | undefined): CallbackErrorCodeValue | null {
  const head = error?.split(/[\s:]/, 1)[0];
  return head && (CALLBACK_ERROR_CODES as readonly string[]).includes(head) ? (head as CallbackErrorCodeValue) : null;
}

/** Endpoint health on the developer page (issue 15). */
export const CALLBACK_ENDPOINT = {
  /** Attempts counted into an endpoint's success rate. */
  WINDOW_DAYS: 7,
  /** Failed attempts listed per endpoint, newest first. */
  RECENT_ERRORS: 5,
  /** Failed deliveries one replay sends again at most. */
  REPLAY_MAX: 1_000,
  /** The longest range a replay takes. */
  REPLAY_RANGE_DAYS: 31,
  /** An address failing every attempt for this long is disabled (its callbacks held) and the admins are told. */
  DISABLE_AFTER_HOURS: 24,
  /** How often that is checked. */
  DISABLE_CHECK_MS: 3_600_000,
} as const;


/** The colour of a record's callback status in its list (collections, refunds, payouts). */
export const NOTIFY_STATUS_COLORS: Readonly<Record<string, string>> = { pending: 'gold', notified: 'green', failed: 'red' };
