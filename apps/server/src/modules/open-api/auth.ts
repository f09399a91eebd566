/**
 * Open API authentication (docs/open-api.md), for the routes of the /api/open/v1 plugin that declare
 * `config: { openApi: true }`. Call `await openApiAuth(app)` first thing inside that (encapsulated) plugin:
 *
 * - onRequest: the five headers (X-Merchant-Id, X-Key-Id, X-Timestamp, X-Nonce, X-Signature), the timestamp within
 *   OPEN_API_TIMESTAMP_TOLERANCE_S, the key (active, of that merchant, not revoked, not past expires_at: a rolled
 *   key keeps working until then), from the configuration cache when it holds it (db/config-cache.ts), confirmed
 *   once the nonce statement has read the configuration version. Nothing of the body is read before this passes.
 * - body: JSON only, captured raw (bytes as sent) before parsing, since the signature covers hex(SHA-256(raw body)).
 *   A body that is not JSON is reported (400) only after the signature has been checked.
 * - preValidation: the HMAC-SHA256 signature (constant time), the merchant's IP whitelist (non-empty: the caller
 *   must match, else 403; empty: sandbox keys only), the nonce (once per key within OPEN_API_NONCE_TTL_S), then
 *   `req.openApi` is set; api_key.last_used_at is written at most once a minute. POST: Idempotency-Key required.
 * - preHandler (after schema validation, so a 400 never consumes a key): the Idempotency-Key replay or refusal.
 *   The handler runs its work through `idempotently()` or `idempotentInsert()` (./answer.ts), which store the answer
 *   with the work, in its transaction or its one statement; onSend stores the answers a handler gave otherwise (its refusals), never a 5xx.
 * Every failure is a DomainError with a specific OPEN_API_* code (401, 403, 400, 409, 422).
 */
import { randomUUID } from 'node:crypto';
import {
  API_KEY_LAST_USED_RESOLUTION_S,
  ApiKeyMode,
  ApiKeyStatus,
  DomainError,
  IDEMPOTENCY_KEY_MAX_LENGTH,
  IDEMPOTENCY_PURGE_JOB_MS,
  MerchantStatus,
  OPEN_API_HEADERS,
  OPEN_API_NONCE_MAX_LENGTH,
  OPEN_API_NONCE_PURGE_JOB_MS,
  OPEN_API_TIMESTAMP_TOLERANCE_S,
  type ApiKeyModeValue,
} from '@mg/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { KeyedError } from '../../lib/admin';
import { fieldError } from '../../lib/errors';
import {
  claimOf,
  storeIdempotentAnswer,
  type IdempotencyClaim,
  type IdempotencyRequest,
} from './idempotency';
import { answerFromClaim, pendingAnswers } from './answer';
import { ipMatcher } from './ip';
import { KeyRateLimiter } from './key-rate-limit';
import {
  claimNonce,
  claimNonceAndLookup,
  keyWithWhitelist,
  purgeIdempotencyRecords,
  purgeNonces,
  touchKeyLastUsed,
  type KeyRow,
} from './queries';
import { bodyHash, signatureMatches, signRequest } from './signature';

/** Who is calling: set on every request to an `openApi: true` route once it is authenticated. */
export interface OpenApiCaller {
  merchantId: number;
  keyId: string;
  mode: ApiKeyModeValue;
  /** The configuration version read with the nonce: the handler's cached reads use it (db/config-cache.ts). */
  configVersion: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The authenticated open API caller (only on routes declaring `config.openApi: true`). */
    openApi: OpenApiCaller;
  }
}

/** Per-request state between the hooks (not on the request object: nothing else should read it). */
interface OpenApiState {
  key?: KeyRow;
  timestamp?: string;
  nonce?: string;
  signature?: string;
  /** The key came from the configuration cache (not yet confirmed by the version of the nonce statement). */
  keyFromCache?: boolean;
  /** hex SHA-256 of the raw body ("" when there is none). */
  bodyHash: string;
  /** A body that failed JSON parsing: reported after the signature check. */
  bodyError?: Error;
  /** A POST's key and what it said, read with the nonce claim; acted on after the rate limit. */
  idempotencyClaim?: { request: IdempotencyRequest; claim: IdempotencyClaim };
}

const state = new WeakMap<FastifyRequest, OpenApiState>();

/**
 * What the checks learned of a request: its key once the key was found for the merchant it names, the signed
 * values, the body's hash. The request log reads it (modules/api-logs/capture.ts); no secret is in it.
 */
export function openApiStateOf(req: FastifyRequest): Readonly<{ key?: { id: string; merchantId: number; mode: string }; timestamp?: string; nonce?: string; bodyHash: string }> | undefined {
  return state.get(req);
}
const EMPTY_BODY_HASH = bodyHash('');
const INT_RE = /^\d{1,10}$/;
const TIMESTAMP_RE = /^\d{1,16}$/;
const KEY_ID_RE = /^[A-Za-z0-9_]{1,40}$/;
/** Visible ASCII: nonces and idempotency keys are opaque tokens chosen by the client. */
const TOKEN_RE = /^[\x21-\x7e]+$/;

const isOpenApiRoute = (req: FastifyRequest) => req.routeOptions.config?.openApi === true;

function headerOf(req: FastifyRequest, name: string): string | undefined {
  const v = req.headers[name];
  const s = Array.isArray(v) ? v[0] : v;
  return typeof s === 'string' && s.trim() !== '' ? s.trim() : undefined;
}

/** The HTTP spelling of a header for messages (`X-Merchant-Id`). */
function display(name: string): string {
  return name.replace(/(^|-)([a-z])/g, (_m, dash: string, ch: string) => dash + ch.toUpperCase());
}

const err = (
  code: ConstructorParameters<typeof DomainError>[0],
  params: Record<string, string | number> = {},
) => new DomainError(code, params);

function isMode(v: string): v is ApiKeyModeValue {
  return v === ApiKeyMode.SANDBOX || v === ApiKeyMode.LIVE;
}

const keyCacheKey = (keyId: string) => `api_key:${keyId}`;

/** The key may sign for the merchant of the header: it exists, is that merchant's, active and not past its expiry. */
function checkKey(key: KeyRow | undefined, merchantIdHeader: string): asserts key is KeyRow {
  // A key of another merchant is as unknown as a key that does not exist.
  if (!key || key.merchantId !== Number(merchantIdHeader) || !isMode(key.mode)) throw err('OPEN_API_UNKNOWN_KEY');
  if (key.status !== ApiKeyStatus.ACTIVE) throw err('OPEN_API_KEY_REVOKED');
  if (key.expiresAt && key.expiresAt.getTime() <= Date.now()) throw err('OPEN_API_KEY_EXPIRED');
}

/** Nothing that decides whether the key may sign this request differs (last_used_at may). */
function sameAuthority(a: KeyRow, b: KeyRow): boolean {
  return (
    a.id === b.id &&
    a.merchantId === b.merchantId &&
    a.mode === b.mode &&
    a.secretSealed === b.secretSealed &&
    a.status === b.status &&
    a.merchantStatus === b.merchantStatus &&
    (a.expiresAt?.getTime() ?? null) === (b.expiresAt?.getTime() ?? null) &&
    a.ipWhitelist.length === b.ipWhitelist.length &&
    a.ipWhitelist.every((ip, i) => ip === b.ipWhitelist[i])
  );
}

/** Registers the open API authentication on the calling (encapsulated) plugin. */
export async function openApiAuth(app: FastifyInstance): Promise<void> {
  app.decorateRequest('openApi', null as unknown as OpenApiCaller);

  // Bodies: JSON only, captured raw for the signature; parsed with Fastify's own (prototype-poisoning safe) parser.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (req, raw, done) => {
    const buf = raw as Buffer;
    const s = state.get(req) ?? { bodyHash: EMPTY_BODY_HASH };
    s.bodyHash = bodyHash(buf);
    state.set(req, s);
    parseJson(req, buf.toString('utf8'), (e, value) => {
      if (e) {
        s.bodyError = e;
        done(null, undefined);
      } else done(null, value);
    });
  });

  app.addHook('onRequest', async (req) => {
    if (!isOpenApiRoute(req)) return;
    const s: OpenApiState = { bodyHash: EMPTY_BODY_HASH };
    state.set(req, s);
    const H = OPEN_API_HEADERS;
    for (const name of [H.MERCHANT_ID, H.KEY_ID, H.TIMESTAMP, H.NONCE, H.SIGNATURE]) {
      if (headerOf(req, name) === undefined) throw err('OPEN_API_MISSING_HEADER', { header: display(name) });
    }
    const merchantId = headerOf(req, H.MERCHANT_ID)!;
    const keyId = headerOf(req, H.KEY_ID)!;
    const timestamp = headerOf(req, H.TIMESTAMP)!;
    const nonce = headerOf(req, H.NONCE)!;
    if (!INT_RE.test(merchantId)) throw err('OPEN_API_INVALID_HEADER', { header: display(H.MERCHANT_ID) });
    if (!KEY_ID_RE.test(keyId)) throw err('OPEN_API_INVALID_HEADER', { header: display(H.KEY_ID) });
    if (!TIMESTAMP_RE.test(timestamp)) throw err('OPEN_API_INVALID_HEADER', { header: display(H.TIMESTAMP) });
    if (nonce.length > OPEN_API_NONCE_MAX_LENGTH || !TOKEN_RE.test(nonce))
      throw err('OPEN_API_INVALID_HEADER', { header: display(H.NONCE) });

    const nowS = Math.floor(Date.now() / 1000);
    if (Math.abs(nowS - Number(timestamp)) > OPEN_API_TIMESTAMP_TOLERANCE_S) {
      throw err('OPEN_API_STALE_TIMESTAMP', { tolerance: OPEN_API_TIMESTAMP_TOLERANCE_S, serverTime: nowS });
    }

    // The cached copy when there is one: confirmed (or read again) once the nonce statement says the version. A copy
    // that fails a check may be out of date: the refusal comes from the database's row.
    const cached = app.configCache.peek<KeyRow | undefined>(keyCacheKey(keyId))?.value;
    let key = cached ?? (await keyWithWhitelist(app.db, keyId));
    try {
      checkKey(key, merchantId);
    } catch (e) {
      if (!cached) throw e;
      key = await keyWithWhitelist(app.db, keyId);
      checkKey(key, merchantId);
    }
    s.key = key;
    s.keyFromCache = key === cached;
    s.timestamp = timestamp;
    s.nonce = nonce;
    s.signature = headerOf(req, H.SIGNATURE)!;
  });

  /** The signature, the body and the IP of the request checked against a key. */
  const verifyRequest = (req: FastifyRequest, s: OpenApiState, key: KeyRow) => {
    if (!s.timestamp || !s.nonce || s.signature === undefined) throw err('OPEN_API_UNKNOWN_KEY');
    let secret: string;
    try {
      secret = app.secretBox.open(key.secretSealed);
    } catch (e) {
      // Sealed with another server key: the key cannot be verified (operator problem, logged).
      req.log.error({ err: e, keyId: key.id }, 'api key secret cannot be opened');
      throw err('OPEN_API_UNKNOWN_KEY');
    }
    const expected = signRequest(secret, {
      method: req.method,
      pathWithQuery: req.url,
      timestamp: s.timestamp,
      nonce: s.nonce,
      bodyHash: s.bodyHash,
    });
    if (!signatureMatches(expected, s.signature)) throw err('OPEN_API_BAD_SIGNATURE');
    if (s.bodyError) throw s.bodyError;

    if (key.ipWhitelist.length > 0) {
      if (!ipMatcher(key.ipWhitelist)(req.ip)) throw err('OPEN_API_IP_NOT_ALLOWED', { ip: req.ip });
    } else if (key.mode !== ApiKeyMode.SANDBOX) {
      throw err('OPEN_API_LIVE_KEY_NEEDS_WHITELIST');
    }
    // Live payments wait for the onboarding approval (issue 14); sandbox keys always work.
    if (key.mode !== ApiKeyMode.SANDBOX && key.merchantStatus !== MerchantStatus.ACTIVE) throw err('MERCHANT_NOT_APPROVED');
  };

  app.addHook('preValidation', async (req) => {
    if (!isOpenApiRoute(req)) return;
    const s = state.get(req);
    let key = s?.key;
    if (!s || !key || !s.nonce) throw err('OPEN_API_UNKNOWN_KEY');
    try {
      verifyRequest(req, s, key);
    } catch (e) {
      // A cached copy may be out of date (a new whitelist, a rolled secret): the refusal comes from the database's row.
      if (!s.keyFromCache) throw e;
      const fresh = await keyWithWhitelist(app.db, key.id);
      checkKey(fresh, String(key.merchantId));
      verifyRequest(req, s, fresh);
      key = fresh;
      s.key = fresh;
    }

    // A POST's Idempotency-Key is checked here; a bad one is reported after the nonce is spent, as any refusal.
    let idemError: Error | undefined;
    let idemRequest: IdempotencyRequest | undefined;
    if (req.method === 'POST') {
      const idem = headerOf(req, OPEN_API_HEADERS.IDEMPOTENCY_KEY);
      if (idem === undefined) idemError = err('OPEN_API_IDEMPOTENCY_KEY_MISSING');
      else if (idem.length > IDEMPOTENCY_KEY_MAX_LENGTH) {
        idemError = fieldError('Idempotency-Key', 'validation.text.tooLong', { params: { max: IDEMPOTENCY_KEY_MAX_LENGTH } });
      } else if (!TOKEN_RE.test(idem)) idemError = fieldError('Idempotency-Key', 'error.fieldInvalid');
      else idemRequest = { merchantId: key.merchantId, key: idem, method: req.method, path: req.url.slice(0, 255), requestHash: s.bodyHash };
    }

    let configVersion: string;
    if (idemRequest) {
      // One round trip for all three: the nonce, the configuration version, and what the key says (acted on after
      // the rate limit, below).
      const claimed = await claimNonceAndLookup(app.db, key.id, s.nonce, idemRequest);
      if (!claimed.nonceFresh) throw err('OPEN_API_NONCE_REUSED');
      configVersion = claimed.configVersion;
      s.idempotencyClaim = { request: idemRequest, claim: claimOf(idemRequest, claimed.lookup) };
    } else {
      const claimed = await claimNonce(app.db, key.id, s.nonce);
      if (!claimed.nonceFresh) throw err('OPEN_API_NONCE_REUSED');
      configVersion = claimed.configVersion;
    }

    // The key as of this version: a cached copy of another version (or none) is read again, and if the key changed
    // since the checks above (revoked, expired, rolled, its merchant's whitelist edited) the request is checked again.
    const cacheKey = keyCacheKey(key.id);
    if (!app.configCache.isCurrent(cacheKey, configVersion)) {
      const fresh = await keyWithWhitelist(app.db, key.id);
      app.configCache.set(cacheKey, configVersion, fresh);
      if (!fresh || !sameAuthority(fresh, key)) {
        checkKey(fresh, String(key.merchantId));
        verifyRequest(req, s, fresh);
      }
      key = fresh;
      s.key = fresh;
    }

    if (!key.lastUsedAt || Date.now() - key.lastUsedAt.getTime() > API_KEY_LAST_USED_RESOLUTION_S * 1000) {
      await touchKeyLastUsed(app.db, key.id);
      // The cached copy learns it too (the write does not change the configuration version), else every call until
      // the next change would write again.
      app.configCache.set(cacheKey, configVersion, { ...key, lastUsedAt: new Date() });
    }

    req.openApi = { merchantId: key.merchantId, keyId: key.id, mode: key.mode as ApiKeyModeValue, configVersion };
    if (idemError) throw idemError;
  });

  // Per key, once the signature proved the caller holds it; before the Idempotency-Key, so a 429 is never replayed.
  const perKey = new KeyRateLimiter(app.rateLimiter, app.openApiRateLimitPerMinute);
  app.addHook('preHandler', async (req, reply) => {
    if (isOpenApiRoute(req) && req.openApi) await perKey.take(req.openApi.keyId, reply);
  });

  app.addHook('preHandler', async (req, reply) => {
    if (!isOpenApiRoute(req) || req.method !== 'POST') return;
    const s = state.get(req);
    if (!s || !req.openApi || !s.idempotencyClaim) throw err('OPEN_API_IDEMPOTENCY_KEY_MISSING');
    const { request: r, claim } = s.idempotencyClaim;
    if (claim.kind === 'free') {
      pendingAnswers.set(req, { ...r, answered: false });
      return;
    }
    pendingAnswers.set(req, { ...r, answered: true });
    return answerFromClaim(reply, claim);
  });

  app.addHook('onSend', async (req, reply, payload) => {
    const idem = pendingAnswers.get(req);
    if (!idem || idem.answered) return payload;
    idem.answered = true;
    // A 5xx is not an answer: the client retries. Anything else the handler said without idempotently() (a
    // refusal: nothing was done) is kept, so the retry hears the same.
    if (reply.statusCode >= 500) return payload;
    const text =
      typeof payload === 'string' ? payload : Buffer.isBuffer(payload) ? payload.toString('utf8') : null;
    if (text === null) return payload;
    try {
      await storeIdempotentAnswer(app.db, idem, reply.statusCode, text);
    } catch (e) {
      // The answer still goes out; without a record a retry runs again (and is refused the same way).
      req.log.error({ err: e, idempotencyKey: idem.key }, 'idempotency record not stored');
    }
    return payload;
  });

  app.jobs.every('open-api-nonce-purge', OPEN_API_NONCE_PURGE_JOB_MS, () => purgeNonces(app.db));
  app.jobs.every('open-api-idempotency-purge', IDEMPOTENCY_PURGE_JOB_MS, () =>
    purgeIdempotencyRecords(app.db),
  );
}

/** A fresh nonce (clients may use any unique token; exported for the docs' example and the tests). */
export function newNonce(): string {
  return randomUUID();
}

/** Sandbox helpers (paying, ending an order by hand) answer only sandbox keys. */
export function sandboxOnly(req: FastifyRequest): void {
  if (req.openApi.mode !== ApiKeyMode.SANDBOX) throw new KeyedError('FORBIDDEN', 'open-api.sandboxOnly');
}
