/**
 * The open API's calls, declared once (issue 15): each call's route on the server takes its OpenAPI `operationId`
 * and `summary` from here, the dashboard's developer documentation lists them in the user's language from the same
 * keys, and a server test keeps this table equal to the routes that carry the `open-api` tag.
 */
import { OPEN_API_COMMON_ERRORS, OPEN_API_ERRORS, OPEN_API_IDEMPOTENCY_ERRORS, type OpenApiErrorCode } from './errors';

/** The OpenAPI tag of the open API's routes (the dashboard's own calls carry their area's tags). */
export const OPEN_API_TAG = 'open-api';

export interface OpenApiCallDecl {
  method: 'GET' | 'POST';
  /** Relative to OPEN_API_PREFIX, in the server's route syntax (`:id`). */
  path: string;
  /** Sandbox keys only (a live key gets 403). */
  sandbox?: boolean;
  /**
   * The error codes this call gives beyond those every call can give (the signature's, the key's, validation, rate
   * limit: OPEN_API_COMMON_ERRORS) and those of every POST (the Idempotency-Key's): the OpenAPI document declares
   * each call's answers from them (openApiCallErrors).
   */
  errors?: readonly OpenApiErrorCode[];
}

const ORDER_RULES = ['NOT_FOUND', 'BUSINESS_RULE'] as const;

export const OPEN_API_CALLS = {
  createCollection: { method: 'POST', path: '/collections', errors: ['CONFLICT', 'BUSINESS_RULE', 'CHANNEL_DOWN'] },
  getCollection: { method: 'GET', path: '/collections/:id', errors: ['NOT_FOUND'] },
  findCollection: { method: 'GET', path: '/collections', errors: ['NOT_FOUND'] },
  createRefund: { method: 'POST', path: '/refunds', errors: ['NOT_FOUND', 'CONFLICT', 'BUSINESS_RULE', 'INSUFFICIENT_BALANCE'] },
  getRefund: { method: 'GET', path: '/refunds/:id', errors: ['NOT_FOUND'] },
  getBalance: { method: 'GET', path: '/balance' },
  createPayout: {
    method: 'POST',
    path: '/payouts',
    errors: ['CONFLICT', 'BUSINESS_RULE', 'INSUFFICIENT_BALANCE', 'CHANNEL_DOWN', 'ADDRESS_NOT_WHITELISTED'],
  },
  listPayoutBanks: { method: 'GET', path: '/payouts/banks' },
  getPayout: { method: 'GET', path: '/payouts/:id', errors: ['NOT_FOUND'] },
  findPayout: { method: 'GET', path: '/payouts', errors: ['NOT_FOUND'] },
  cancelPayout: { method: 'POST', path: '/payouts/:id/cancel', errors: ORDER_RULES },
  createPaymentLink: { method: 'POST', path: '/payment-links', errors: ['BUSINESS_RULE'] },
  createMandate: { method: 'POST', path: '/mandates', errors: ['CONFLICT', 'BUSINESS_RULE'] },
  getMandate: { method: 'GET', path: '/mandates/:id', errors: ['NOT_FOUND'] },
  pauseMandate: { method: 'POST', path: '/mandates/:id/pause', errors: [...ORDER_RULES, 'CONFLICT'] },
  resumeMandate: { method: 'POST', path: '/mandates/:id/resume', errors: [...ORDER_RULES, 'CONFLICT'] },
  stopMandate: { method: 'POST', path: '/mandates/:id/stop', errors: [...ORDER_RULES, 'CONFLICT'] },
  sandboxPayCollection: { method: 'POST', path: '/sandbox/collections/:id/pay', sandbox: true, errors: ORDER_RULES },
  sandboxFailCollection: { method: 'POST', path: '/sandbox/collections/:id/fail', sandbox: true, errors: ORDER_RULES },
  sandboxSendCrypto: { method: 'POST', path: '/sandbox/crypto/:id/send', sandbox: true, errors: [...ORDER_RULES, 'CONFLICT'] },
  sandboxSucceedPayout: { method: 'POST', path: '/sandbox/payouts/:id/succeed', sandbox: true, errors: ORDER_RULES },
  sandboxFailPayout: { method: 'POST', path: '/sandbox/payouts/:id/fail', sandbox: true, errors: ORDER_RULES },
  sandboxRunSettlements: { method: 'POST', path: '/sandbox/settlements/run', sandbox: true },
} as const satisfies Record<string, OpenApiCallDecl>;

export type OpenApiCallKey = keyof typeof OPEN_API_CALLS;
export const OPEN_API_CALL_KEYS = Object.keys(OPEN_API_CALLS) as OpenApiCallKey[];

/** Every error code `call` can answer, in OPEN_API_ERRORS order (the document's error answers). */
export function openApiCallErrors(call: OpenApiCallKey): OpenApiErrorCode[] {
  const decl: OpenApiCallDecl = OPEN_API_CALLS[call];
  const own = new Set<OpenApiErrorCode>([
    ...OPEN_API_COMMON_ERRORS,
    ...(decl.method === 'POST' ? OPEN_API_IDEMPOTENCY_ERRORS : []),
    ...(decl.sandbox ? (['FORBIDDEN'] as const) : []),
    ...(decl.errors ?? []),
  ]);
  return OPEN_API_ERRORS.filter((c) => own.has(c));
}

/** The i18n key of a call's one-line summary (namespace open-api). */
export function openApiCallSummaryKey(call: OpenApiCallKey): string {
  return `open-api.call.${call}`;
}

/** `/collections/:id` -> `/collections/{id}` (how documentation and the OpenAPI document write it). */
export function openApiDocPath(path: string): string {
  return path.replace(/:([A-Za-z]+)/g, '{$1}');
}
