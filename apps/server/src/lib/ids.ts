/**
 * Business ids (DESIGN §4): prefix + UTC yymmddHHmmss + 10 random base32 characters, e.g. `C261121053012K7Q2M9XW4D`.
 * Sortable by creation time, unguessable (50 random bits), and never a sequence a caller can walk.
 */
import { randomBytes } from 'node:crypto';

const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

function randomBase32(n: number): string {
  const bytes = randomBytes(n);
  let out = '';
  for (const b of bytes) out += ALPHABET[b & 31];
  return out;
}

export function newBusinessId(prefix: string, now: Date = new Date()): string {
  const stamp = now.toISOString().replace(/[-:T]/g, '').slice(2, 14);
  return `${prefix}${stamp}${randomBase32(10)}`;
}

/** A URL-safe secret token (cashier links, download links): 32 random bytes. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}
