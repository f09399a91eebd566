/**
 * The error answers of the OpenAPI document. Every error is the envelope of lib/envelope.ts (`fail`) with a stable
 * `errorCode` from the domain's catalogue; an open-API call declares the codes it can give (domain
 * `openApiCallErrors`), so a generated client knows each status's codes instead of typing every error as `never`.
 */
import { ERROR_CATALOGUE, ERROR_CODES, type ErrorCode } from '@mg/domain';

const ENVELOPE = 'ErrorEnvelope';
export const ERROR_ENVELOPE_REF = `#/components/schemas/${ENVELOPE}`;

/** The component schemas every error answer refers to. */
export function errorComponents(): Record<string, unknown> {
  return {
    [ENVELOPE]: {
      type: 'object',
      description: 'Every error answer: success false, code the HTTP status, errorCode a stable code of the catalogue.',
      required: ['success', 'message', 'code', 'result', 'timestamp', 'errorCode'],
      properties: {
        success: { type: 'boolean', const: false },
        message: { type: 'string', description: 'in the language of Accept-Language (X-Lang on the dashboard)' },
        code: { type: 'integer', description: 'the HTTP status' },
        result: { type: 'null' },
        timestamp: { type: 'integer', description: 'epoch milliseconds' },
        errorCode: { type: 'string', enum: [...ERROR_CODES] },
        errors: {
          type: 'array',
          description: 'VALIDATION_FAILED and field errors: one entry per field, named as sent',
          items: {
            type: 'object',
            required: ['field', 'label', 'message'],
            properties: { field: { type: 'string' }, label: { type: 'string' }, message: { type: 'string' } },
          },
        },
        requestId: { type: 'string', description: 'on 5xx answers: quote it to support (also the x-request-id header)' },
        retryable: { type: 'boolean', description: 'the same request may succeed when sent again shortly' },
      },
    },
  };
}

/** A status's standard words, for an answer's description. */
const STATUS_TEXT: Record<number, string> = {
  400: 'Bad request',
  401: 'Not signed in, or the signature is not valid',
  403: 'Not allowed',
  404: 'Not found',
  409: 'Conflict',
  412: 'Precondition failed',
  413: 'Too large',
  422: 'Refused by a business rule',
  429: 'Too many requests',
  500: 'Server error',
  503: 'Unavailable for a moment',
  504: 'Timed out',
};

/** OpenAPI responses for these codes, grouped by status, each narrowing errorCode to that status's codes. */
export function errorResponses(codes: readonly ErrorCode[], headers: (status: number) => Record<string, unknown>): Record<string, unknown> {
  const byStatus = new Map<number, ErrorCode[]>();
  for (const c of codes) {
    const s = ERROR_CATALOGUE[c].httpStatus;
    byStatus.set(s, [...(byStatus.get(s) ?? []), c]);
  }
  const out: Record<string, unknown> = {};
  for (const [status, list] of [...byStatus].sort((a, b) => a[0] - b[0])) {
    out[String(status)] = {
      description: `${STATUS_TEXT[status] ?? 'Error'}: ${list.join(', ')}`,
      headers: headers(status),
      content: {
        'application/json': {
          schema: { allOf: [{ $ref: ERROR_ENVELOPE_REF }, { type: 'object', properties: { errorCode: { type: 'string', enum: list } } }] },
        },
      },
    };
  }
  return out;
}

/** The codes a dashboard call can answer: its input, the session, its permission, the limits, the server. */
export function dashboardErrors(access: { public: boolean; permission: boolean; input: boolean }): ErrorCode[] {
  return [
    ...(access.input ? (['VALIDATION_FAILED'] as const) : []),
    ...(access.public ? [] : (['UNAUTHORIZED', 'TOKEN_EXPIRED'] as const)),
    ...(access.permission ? (['FORBIDDEN'] as const) : []),
    'RATE_LIMITED',
    'INTERNAL',
    'DATABASE_UNAVAILABLE',
  ];
}
