/**
 * The dashboard API envelope (DESIGN §6): every JSON reply under /api is
 * `{ success, message, code, result, timestamp }`; code 200 on success, the true HTTP status on errors.
 */
import { z } from 'zod';

export interface Envelope<T> {
  success: boolean;
  message: string;
  code: number;
  result: T;
  timestamp: number;
}

export interface FieldErrorView {
  /** The request field as sent (`pageSize`, `countryCurrency`, `X-Time-Zone` ...). */
  field: string;
  /** Its translated label. */
  label: string;
  /** Translated, names the field. */
  message: string;
}

export interface ErrorEnvelope extends Envelope<null> {
  success: false;
  /** Stable error catalogue code (VALIDATION_FAILED, NOT_FOUND, DICT_UNKNOWN ...). */
  errorCode: string;
  errors?: FieldErrorView[];
  /** Present on 500s: quote it to support, it is in the server log. */
  requestId?: string;
  /** The same request may succeed when sent again shortly (the database was away for a moment). */
  retryable?: boolean;
}

export function ok<T>(result: T, message = ''): Envelope<T> {
  return { success: true, message, code: 200, result, timestamp: Date.now() };
}

export function fail(
  status: number,
  errorCode: string,
  message: string,
  extra: { errors?: FieldErrorView[]; requestId?: string; retryable?: boolean } = {},
): ErrorEnvelope {
  return { success: false, message, code: status, result: null, timestamp: Date.now(), errorCode, ...extra };
}

/** Response schema (docs and serialisation) of a successful envelope around `result`. */
export function envelopeOf<T extends z.ZodType>(result: T) {
  return z.object({
    success: z.boolean(),
    message: z.string(),
    code: z.number().int(),
    result,
    timestamp: z.number().int().describe('epoch milliseconds'),
  });
}
