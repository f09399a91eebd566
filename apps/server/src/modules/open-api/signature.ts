/**
 * Open API request signature (docs/open-api.md):
 *   X-Signature = lowercase hex HMAC-SHA256(secret,
 *     METHOD + "\n" + PATH_WITH_QUERY + "\n" + TIMESTAMP + "\n" + NONCE + "\n" + hex(SHA-256(raw body)))
 * An empty body hashes as the empty string. Pure functions: the server, the tests and the docs' Node example use them.
 */
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

const HEX_SHA256 = /^[0-9a-f]{64}$/;

/** hex SHA-256 of the raw body bytes (empty body: hash of ""). */
export function bodyHash(raw: Buffer | string | undefined): string {
  return createHash('sha256')
    .update(raw ?? '')
    .digest('hex');
}

export interface SignedParts {
  method: string;
  /** Path with the query string exactly as sent, e.g. `/api/open/v1/collections?merchantOrderId=A1`. */
  pathWithQuery: string;
  timestamp: string;
  nonce: string;
  /** hex SHA-256 of the raw body. */
  bodyHash: string;
}

export function stringToSign(p: SignedParts): string {
  return [p.method.toUpperCase(), p.pathWithQuery, p.timestamp, p.nonce, p.bodyHash].join('\n');
}

/** The X-Signature value for these parts. */
export function signRequest(secret: string, p: SignedParts): string {
  return createHmac('sha256', secret).update(stringToSign(p), 'utf8').digest('hex');
}

/** Constant-time check of a received X-Signature (must be 64 lowercase hex digits) against the expected one. */
export function signatureMatches(expectedHex: string, givenHex: string): boolean {
  if (!HEX_SHA256.test(givenHex) || !HEX_SHA256.test(expectedHex)) return false;
  return timingSafeEqual(Buffer.from(expectedHex, 'hex'), Buffer.from(givenHex, 'hex'));
}
