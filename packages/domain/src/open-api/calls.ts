/**
 * The open API's calls, declared once (issue 15): each call's route on the server takes its OpenAPI `operationId`
 * and `summary` from here, the dashboard's developer documentation lists them in the user's language from the same
 * keys, and a server test keeps this table equal to the routes that carry the `open-api` tag.
 */

/** The OpenAPI tag of the open API's routes (the dashboard's own calls carry their area's tags). */
export const OPEN_API_TAG = 'open-api';

export interface OpenApiCallDecl {
  method: 'GET' | 'POST';
  /** Relative to OPEN_API_PREFIX, in the server's route syntax (`:id`). */
  path: string;
  /** Sandbox keys only (a live key gets 403). */
  sandbox?: boolean;
}

export const OPEN_API_CALLS = {
  createCollection: { method: 'POST', path: '/collections' },
  getCollection: { method: 'GET', path: '/collections/:id' },
  findCollection: { method: 'GET', path: '/collections' },
  createRefund: { method: 'POST', path: '/refunds' },
  getRefund: { method: 'GET', path: '/refunds/:id' },
  getBalance: { method: 'GET', path: '/balance' },
  createPayout: { method: 'POST', path: '/payouts' },
  listPayoutBanks: { method: 'GET', path: '/payouts/banks' },
  getPayout: { method: 'GET', path: '/payouts/:id' },
  findPayout: { method: 'GET', path: '/payouts' },
  cancelPayout: { method: 'POST', path: '/payouts/:id/cancel' },
  createPaymentLink: { method: 'POST', path: '/payment-links' },
  createMandate: { method: 'POST', path: '/mandates' },
  getMandate: { method: 'GET', path: '/mandates/:id' },
  pauseMandate: { method: 'POST', path: '/mandates/:id/pause' },
  resumeMandate: { method: 'POST', path: '/mandates/:id/resume' },
  stopMandate: { method: 'POST', path: '/mandates/:id/stop' },
  sandboxPayCollection: { method: 'POST', path: '/sandbox/collections/:id/pay', sandbox: true },
  sandboxFailCollection: { method: 'POST', path: '/sandbox/collections/:id/fail', sandbox: true },
  sandboxSendCrypto: { method: 'POST', path: '/sandbox/crypto/:id/send', sandbox: true },
  sandboxSucceedPayout: { method: 'POST', path: '/sandbox/payouts/:id/succeed', sandbox: true },
  sandboxFailPayout: { method: 'POST', path: '/sandbox/payouts/:id/fail', sandbox: true },
  sandboxRunSettlements: { method: 'POST', path: '/sandbox/settlements/run', sandbox: true },
} as const satisfies Record<string, OpenApiCallDecl>;

export type OpenApiCallKey = keyof typeof OPEN_API_CALLS;
export const OPEN_API_CALL_KEYS = Object.keys(OPEN_API_CALLS) as OpenApiCallKey[];

/** The i18n key of a call's one-line summary (namespace open-api). */
export function openApiCallSummaryKey(call: OpenApiCallKey): string {
  return `open-api.call.${call}`;
}

/** `/collections/:id` -> `/collections/{id}` (how documentation and the OpenAPI document write it). */
export function openApiDocPath(path: string): string {
  return path.replace(/:([A-Za-z]+)/g, '{$1}');
}
