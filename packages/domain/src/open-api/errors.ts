/**
 * The error codes an open API call can answer, in the order the documentation lists them. Their HTTP status and
 * message come from the error catalogue; docs/open-api.md's error table is tested against this list.
 */
import { ERROR_CATALOGUE, type ErrorCode } from '../errors';

export const OPEN_API_ERRORS = [
  'VALIDATION_FAILED',
  'OPEN_API_IDEMPOTENCY_KEY_MISSING',
  'OPEN_API_MISSING_HEADER',
  'OPEN_API_INVALID_HEADER',
  'OPEN_API_STALE_TIMESTAMP',
  'OPEN_API_UNKNOWN_KEY',
  'OPEN_API_KEY_REVOKED',
  'OPEN_API_KEY_EXPIRED',
  'OPEN_API_BAD_SIGNATURE',
  'OPEN_API_NONCE_REUSED',
  'OPEN_API_IP_NOT_ALLOWED',
  'OPEN_API_LIVE_KEY_NEEDS_WHITELIST',
  'MERCHANT_NOT_APPROVED',
  'FORBIDDEN',
  'NOT_FOUND',
  'CONFLICT',
  'OPEN_API_IDEMPOTENCY_IN_PROGRESS',
  'BUSINESS_RULE',
  'INSUFFICIENT_BALANCE',
  'CHANNEL_DOWN',
  'ADDRESS_NOT_WHITELISTED',
  'OPEN_API_IDEMPOTENCY_KEY_REUSED',
  'RATE_LIMITED',
  'INTERNAL',
  'DATABASE_UNAVAILABLE',
] as const satisfies readonly ErrorCode[];
export type OpenApiErrorCode = (typeof OPEN_API_ERRORS)[number];

/** What any call can answer: its input, its headers and signature, its key, the caller's address, the limits. */
export const OPEN_API_COMMON_ERRORS = [
  'VALIDATION_FAILED',
  'OPEN_API_MISSING_HEADER',
  'OPEN_API_INVALID_HEADER',
  'OPEN_API_STALE_TIMESTAMP',
  'OPEN_API_UNKNOWN_KEY',
  'OPEN_API_KEY_REVOKED',
  'OPEN_API_KEY_EXPIRED',
  'OPEN_API_BAD_SIGNATURE',
  'OPEN_API_NONCE_REUSED',
  'OPEN_API_IP_NOT_ALLOWED',
  'OPEN_API_LIVE_KEY_NEEDS_WHITELIST',
  'MERCHANT_NOT_APPROVED',
  'RATE_LIMITED',
  'INTERNAL',
  'DATABASE_UNAVAILABLE',
] as const satisfies readonly OpenApiErrorCode[];

/** What every POST can answer besides: its Idempotency-Key missing, still running, or reused for another body. */
export const OPEN_API_IDEMPOTENCY_ERRORS = [
  'OPEN_API_IDEMPOTENCY_KEY_MISSING',
  'OPEN_API_IDEMPOTENCY_IN_PROGRESS',
  'OPEN_API_IDEMPOTENCY_KEY_REUSED',
] as const satisfies readonly OpenApiErrorCode[];

export function openApiErrorStatus(code: OpenApiErrorCode): number {
  return ERROR_CATALOGUE[code].httpStatus;
}
