/**
 * Developer parameters (docs/payments-api.md "Developer parameters"): open API keys, callback addresses, IP
 * whitelist and the webhook signing secret of the session's merchant (platform staff: of `merchantId`).
 *
 * Keys: id `mk_<mode>_<random>`, secret `sk_<mode>_<32 base62>` sealed with the secret box; the secret is answered
 * once (create, roll) and afterwards only its last 4 characters. Rolling makes a new key and lets the old one work
 * API_KEY_ROLL_GRACE_HOURS longer; revoking stops a key at once. Creating, rolling, revoking and revealing / rolling
 * the webhook secret ask the Google code when the user has 2FA on. Every change is audited (never with a secret).
 */
import type { ApiKeyView, DeveloperView, DocumentationView } from '@mg/domain';
import { randomBytes } from 'node:crypto';
import {
  API_KEY_ID_RANDOM_CHARS,
  API_KEY_MAX_ACTIVE,
  API_KEY_SECRET_RANDOM_CHARS,
  ApiKeyMode,
  ApiKeyStatus,
  MerchantStatus,
  OPEN_API_PREFIX,
  CALLBACK_URL_MAX_LENGTH,
  IP_WHITELIST_MAX_ENTRIES,
  isIpWhitelistEntry,
  isIpWhitelistTooWide,
  ipWhitelistMinPrefix,
  type ApiKeyModeValue,
  type ApiKeyStatusValue,
} from '@mg/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { insertKeyWithinLimit, revokeKeyRow, rollKeyRow, selectIntegration, selectKeys, selectOwnKey, updateIntegration, type KeyRow } from './queries';
import { fieldError, FieldValidationError, type FieldIssue } from '../../lib/errors';
import { KeyedError, notFound } from '../../lib/admin';
import { audit, requireAuth } from '../auth';
import { findUserById } from '../auth/queries';
import { getOrCreateWebhookSecret, rollWebhookSecret } from '../callbacks/secret';
import { formatIpRule, parseIpRule } from '../open-api/ip';
import { docCalls } from './docs';

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** n uniformly random base62 characters (rejection sampling: no modulo bias). */
export function randomBase62(n: number): string {
  let out = '';
  while (out.length < n) {
    for (const b of randomBytes(n * 2)) {
      if (b < 248) out += BASE62[b % 62];
      if (out.length === n) break;
    }
  }
  return out;
}

export function newKeyPair(mode: ApiKeyModeValue): { id: string; secret: string } {
  return { id: `mk_${mode}_${randomBase62(API_KEY_ID_RANDOM_CHARS)}`, secret: `sk_${mode}_${randomBase62(API_KEY_SECRET_RANDOM_CHARS)}` };
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);


function keyView(r: KeyRow): ApiKeyView {
  return {
    id: r.id,
    name: r.name,
    mode: r.mode as ApiKeyModeValue,
    secretLast4: r.secretLast4,
    status: r.status as ApiKeyStatusValue,
    expiresAt: iso(r.expiresAt),
    lastUsedAt: iso(r.lastUsedAt),
    createdAt: r.createdAt.toISOString(),
    createdBy: r.createdBy,
  };
}

async function merchantRow(app: FastifyInstance, merchantId: number) {
  const row = await selectIntegration(app.db, merchantId);
  if (!row) throw notFound();
  return row;
}

/** The documentation page's data: the merchant's id and active key ids for the examples, and the call reference. */
export async function getDocumentation(app: FastifyInstance, merchantId: number): Promise<DocumentationView> {
  const keys = await selectKeys(app.db, merchantId);
  return {
    merchantId,
    baseUrl: app.publicUrl,
    prefix: OPEN_API_PREFIX,
    keys: keys.filter((k) => k.status === ApiKeyStatus.ACTIVE && k.expiresAt === null).map((k) => ({ id: k.id, name: k.name, mode: k.mode as ApiKeyModeValue })),
    calls: docCalls(app),
  };
}

export async function getParameters(app: FastifyInstance, req: FastifyRequest, merchantId: number): Promise<DeveloperView> {
  const auth = requireAuth(req);
  const m = await merchantRow(app, merchantId);
  const keys = await selectKeys(app.db, merchantId);
  const user = await findUserById(app.db, auth.userId);
  return {
    merchantId,
    keys: keys.map(keyView),
    collectionCallbackUrl: m.collectionCallbackUrl,
    payoutCallbackUrl: m.payoutCallbackUrl,
    ipWhitelist: m.ipWhitelist,
    webhookSecretSet: m.webhookSecretSealed !== null,
    totpEnabled: user?.totpEnabled ?? false,
  };
}

export async function createKey(
  app: FastifyInstance,
  req: FastifyRequest,
  merchantId: number,
  input: { name: string; mode: ApiKeyModeValue },
): Promise<{ key: ApiKeyView; secret: string }> {
  const auth = requireAuth(req);
  const m = await merchantRow(app, merchantId);
  // Live keys wait for the onboarding approval (issue 14); sandbox keys are for everyone from the first day.
  if (input.mode === ApiKeyMode.LIVE && m.status !== MerchantStatus.ACTIVE) throw new KeyedError('MERCHANT_NOT_APPROVED', 'error.merchantNotApproved');
  const pair = newKeyPair(input.mode);
  const row = await insertKeyWithinLimit(
    app.db,
    merchantId,
    { id: pair.id, mode: input.mode, name: input.name, secretSealed: app.secretBox.seal(pair.secret), secretLast4: pair.secret.slice(-4), createdBy: auth.username },
    API_KEY_MAX_ACTIVE,
  );
  if (!row) throw new KeyedError('BUSINESS_RULE', 'developer.keyLimit', { max: API_KEY_MAX_ACTIVE });
  await audit(app.db, req, 'api_key_created', { success: true, merchantId, detail: { keyId: row.id, mode: row.mode, name: row.name } });
  return { key: keyView(row), secret: pair.secret };
}

async function ownKey(app: FastifyInstance, merchantId: number, id: string): Promise<KeyRow> {
  const row = await selectOwnKey(app.db, merchantId, id);
  if (!row) throw notFound();
  return row;
}

export async function rollKey(
  app: FastifyInstance,
  req: FastifyRequest,
  merchantId: number,
  id: string,
): Promise<{ key: ApiKeyView; secret: string; oldKeyExpiresAt: string }> {
  const auth = requireAuth(req);
  const old = await ownKey(app, merchantId, id);
  const mode = old.mode as ApiKeyModeValue;
  const pair = newKeyPair(mode);
  const result = await rollKeyRow(app.db, merchantId, id, {
    id: pair.id,
    mode,
    name: old.name,
    secretSealed: app.secretBox.seal(pair.secret),
    secretLast4: pair.secret.slice(-4),
    createdBy: auth.username,
  });
  if (!result) {
    const notActive = old.status !== ApiKeyStatus.ACTIVE || (old.expiresAt !== null && old.expiresAt.getTime() <= Date.now());
    throw new KeyedError('BUSINESS_RULE', notActive ? 'developer.keyNotActive' : 'developer.keyAlreadyRolled');
  }
  await audit(app.db, req, 'api_key_rolled', {
    success: true,
    merchantId,
    detail: { keyId: id, newKeyId: result.row.id, oldKeyExpiresAt: result.oldKeyExpiresAt.toISOString() },
  });
  return { key: keyView(result.row), secret: pair.secret, oldKeyExpiresAt: result.oldKeyExpiresAt.toISOString() };
}

export async function revokeKey(app: FastifyInstance, req: FastifyRequest, merchantId: number, id: string): Promise<ApiKeyView> {
  await ownKey(app, merchantId, id);
  const row = await revokeKeyRow(app.db, merchantId, id);
  await audit(app.db, req, 'api_key_revoked', { success: true, merchantId, detail: { keyId: id } });
  return keyView(row);
}

/** A callback address: http(s) URL of at most CALLBACK_URL_MAX_LENGTH characters, or null (empty = null). */
export function normaliseCallbackUrl(field: string, value: string | null | undefined): string | null {
  const s = value?.trim() ?? '';
  if (s === '') return null;
  if (s.length > CALLBACK_URL_MAX_LENGTH) throw fieldError(field, 'developer.urlTooLong', { params: { max: CALLBACK_URL_MAX_LENGTH } });
  let url: URL;
  try {
    url = new URL(s);
  } catch {
    throw fieldError(field, 'developer.urlInvalid');
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.hostname === '' || /\s/.test(s)) throw fieldError(field, 'developer.urlInvalid');
  return s;
}

export async function saveCallbacks(
  app: FastifyInstance,
  req: FastifyRequest,
  merchantId: number,
  input: { collectionCallbackUrl?: string | null; payoutCallbackUrl?: string | null },
): Promise<{ collectionCallbackUrl: string | null; payoutCallbackUrl: string | null }> {
  const before = await merchantRow(app, merchantId);
  const collectionCallbackUrl =
    input.collectionCallbackUrl === undefined ? before.collectionCallbackUrl : normaliseCallbackUrl('collectionCallbackUrl', input.collectionCallbackUrl);
  const payoutCallbackUrl =
    input.payoutCallbackUrl === undefined ? before.payoutCallbackUrl : normaliseCallbackUrl('payoutCallbackUrl', input.payoutCallbackUrl);
  await updateIntegration(app.db, merchantId, { collectionCallbackUrl, payoutCallbackUrl });
  await audit(app.db, req, 'callback_urls_changed', {
    success: true,
    merchantId,
    detail: {
      before: { collectionCallbackUrl: before.collectionCallbackUrl, payoutCallbackUrl: before.payoutCallbackUrl },
      after: { collectionCallbackUrl, payoutCallbackUrl },
    },
  });
  return { collectionCallbackUrl, payoutCallbackUrl };
}

/**
 * Validates and normalises a whitelist: each entry an IPv4/IPv6 address or CIDR block (400 naming every bad entry
 * as `ipWhitelist.<index>`), at most IP_WHITELIST_MAX_ENTRIES, duplicates dropped, IPv6 in lower case.
 */
export function normaliseWhitelist(entries: readonly string[]): string[] {
  if (entries.length > IP_WHITELIST_MAX_ENTRIES) {
    throw fieldError('ipWhitelist', 'developer.ipTooMany', { params: { max: IP_WHITELIST_MAX_ENTRIES } });
  }
  const issues: FieldIssue[] = [];
  const out: string[] = [];
  entries.forEach((raw, i) => {
    const rule = isIpWhitelistEntry(raw) ? parseIpRule(raw) : null;
    if (!rule) {
      issues.push({ field: `ipWhitelist.${i}`, labelOf: 'ipWhitelist', messageKey: 'developer.ipInvalid', params: { value: raw.slice(0, 64) } });
      return;
    }
    if (isIpWhitelistTooWide(raw)) {
      issues.push({ field: `ipWhitelist.${i}`, labelOf: 'ipWhitelist', messageKey: 'developer.ipTooWide', params: { value: raw.slice(0, 64), min: ipWhitelistMinPrefix(raw) } });
      return;
    }
    const text = formatIpRule(rule);
    if (!out.includes(text)) out.push(text);
  });
  if (issues.length > 0) throw new FieldValidationError(issues);
  return out;
}

export async function saveWhitelist(app: FastifyInstance, req: FastifyRequest, merchantId: number, entries: readonly string[]): Promise<{ ipWhitelist: string[] }> {
  const list = normaliseWhitelist(entries);
  const before = await merchantRow(app, merchantId);
  await updateIntegration(app.db, merchantId, { ipWhitelist: list });
  await audit(app.db, req, 'ip_whitelist_changed', { success: true, merchantId, detail: { before: before.ipWhitelist, after: list } });
  return { ipWhitelist: list };
}

export async function revealWebhookSecret(app: FastifyInstance, req: FastifyRequest, merchantId: number): Promise<{ secret: string }> {
  const secret = await getOrCreateWebhookSecret(app.db, app.secretBox, merchantId);
  await audit(app.db, req, 'webhook_secret_revealed', { success: true, merchantId });
  return { secret };
}

export async function rollWebhook(app: FastifyInstance, req: FastifyRequest, merchantId: number): Promise<{ secret: string; previousValidUntil: string }> {
  const { secret, previousValidUntil } = await rollWebhookSecret(app.db, app.secretBox, merchantId);
  await audit(app.db, req, 'webhook_secret_rolled', { success: true, merchantId });
  return { secret, previousValidUntil: previousValidUntil.toISOString() };
}
