/** Open API vocabulary (docs/open-api.md): headers, tolerances, key modes and states, replay-protection jobs. */

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

/** Background purges of the open API's replay-protection tables. */
export const OPEN_API_NONCE_PURGE_JOB_MS = 60_000;
export const IDEMPOTENCY_PURGE_JOB_MS = 15 * 60_000;
/** api_key.last_used_at is written at most once per this many seconds per key. */
export const API_KEY_LAST_USED_RESOLUTION_S = 60;

export const API_KEY_STATUSES = [ApiKeyStatus.ACTIVE, ApiKeyStatus.REVOKED] as const;
/** Shape of a new key: id `mk_<mode>_<random>`, secret `sk_<mode>_<32 random base62>`. */
export const API_KEY_ID_RANDOM_CHARS = 16;
export const API_KEY_SECRET_RANDOM_CHARS = 32;
/** Open API requests per minute per key (after its signature is verified), unless OPEN_API_RATE_LIMIT_PER_MINUTE says. */
export const OPEN_API_RATE_LIMIT_PER_MINUTE = 6_000;
/** One address may carry this many keys' worth of open API requests (many merchants behind one NAT or gateway). */
export const OPEN_API_ADDRESS_LIMIT_FACTOR = 10;
