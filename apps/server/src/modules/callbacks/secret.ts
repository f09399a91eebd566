/**
 * The per-merchant Standard Webhooks signing secret: `whsec_<base64 of 24 random bytes>`, kept sealed in
 * merchant.webhook_secret_sealed (lib/secret-box), so a database dump alone does not reveal it. The developer
 * parameters screen reveals and rolls it; the callback worker reads it to sign every attempt.
 */
import { randomBytes } from 'node:crypto';
import { DomainError, WEBHOOK_SECRET_BYTES, WEBHOOK_SECRET_GRACE_HOURS, WEBHOOK_SECRET_PREFIX } from '@mg/domain';
import type { DbLike } from '../../db/pool';
import type { SecretBox } from '../../lib/secret-box';
import { sealedWebhookSecret, setWebhookSecret, setWebhookSecretIfEmpty } from './queries';

/** A fresh secret in the Standard Webhooks form. */
export function newWebhookSecret(): string {
  return `${WEBHOOK_SECRET_PREFIX}${randomBytes(WEBHOOK_SECRET_BYTES).toString('base64')}`;
}

/** The merchant's secret in clear, or null when none was created yet (read-only: the worker uses this). */
export async function readWebhookSecret(db: DbLike, secretBox: SecretBox, merchantId: number): Promise<string | null> {
  const row = await sealedWebhookSecret(db, merchantId);
  if (!row) throw new DomainError('NOT_FOUND');
  return row.sealed ? secretBox.open(row.sealed) : null;
}

/**
 * The merchant's secret in clear, created on first use. Concurrent first calls agree on one secret: only the
 * update that finds the column still empty writes, the others read what it wrote.
 */
export async function getOrCreateWebhookSecret(db: DbLike, secretBox: SecretBox, merchantId: number): Promise<string> {
  const existing = await readWebhookSecret(db, secretBox, merchantId);
  if (existing) return existing;
  const fresh = newWebhookSecret();
  if (await setWebhookSecretIfEmpty(db, merchantId, secretBox.seal(fresh))) return fresh;
  const winner = await readWebhookSecret(db, secretBox, merchantId);
  if (!winner) throw new DomainError('CONFLICT');
  return winner;
}

/**
 * Replaces the merchant's secret with a new one and returns it in clear with the end of the old one's grace. From
 * the next attempt callbacks carry two signatures, the new secret's and, for WEBHOOK_SECRET_GRACE_HOURS, the old
 * one's, so the merchant's endpoint keeps verifying while the new secret is deployed.
 */
export async function rollWebhookSecret(db: DbLike, secretBox: SecretBox, merchantId: number, now = new Date()): Promise<{ secret: string; previousValidUntil: Date }> {
  const fresh = newWebhookSecret();
  const previousValidUntil = new Date(now.getTime() + WEBHOOK_SECRET_GRACE_HOURS * 3_600_000);
  if (!(await setWebhookSecret(db, merchantId, secretBox.seal(fresh), previousValidUntil))) throw new DomainError('NOT_FOUND');
  return { secret: fresh, previousValidUntil };
}

/** The secrets that sign a callback sent at `at`: the current one (created on first use), then the previous one while its grace lasts. */
export async function signingSecrets(db: DbLike, secretBox: SecretBox, merchantId: number, at: Date): Promise<string[]> {
  const current = await getOrCreateWebhookSecret(db, secretBox, merchantId);
  const row = await sealedWebhookSecret(db, merchantId);
  const previous = row?.previousSealed && row.previousUntil && row.previousUntil > at ? secretBox.open(row.previousSealed) : null;
  return previous && previous !== current ? [current, previous] : [current];
}
