/**
 * The second factor by rule (issue 39): the dashboard calls that need the user's Google Authenticator code when the
 * user has turned it on. The rule: every call a person makes that starts money moving out of someone's account or
 * changes where money goes.
 * - Out of the merchant's balance: a payout or batch (held at once, and sent without review where the approval
 *   policy allows), its approval, a withdrawal and the provider's approval of it, a refund, a balance transfer.
 * - Out of another account on the merchant's say: a top-up (the merchant's own bank or wallet pays it) and a
 *   mandate's "Charge now" (the payer's account, without the payer present).
 * - Where money goes: a withdrawal account or crypto address added, deleted or verified by staff; the approval
 *   policy and the auto-withdrawal (they send without a person); the API keys and the webhook secret (software with
 *   them moves money through the open API).
 * Money coming in on the payer's own act (collections, payment links, a mandate's creation: the payer authorises it)
 * and money going back (a cancel, a rejection's release) ask nothing.
 *
 * The server requires the code on each of these routes from this list (its auth plugin refuses to start when a call
 * named here is not registered, or does not take `googleCode`); the web's confirmation dialogs ask for it from the
 * same list. The signed open API has no user and no code: its key is its factor.
 */

import { z } from 'zod';

/** The field a call that needs the second factor takes (the server's gate looks for it in the route's schema). */
export const googleCodeField = z.string().trim().max(32).optional().describe('the Google Authenticator code (or a recovery code); required when the user has it on');

/** `METHOD /path` as the dashboard API declares it (without `/api`; `:name` is a path parameter). */
export const SecondFactorCall = {
  PAYOUT_CREATE: 'POST /payouts',
  PAYOUT_BATCH_CREATE: 'POST /payouts/batches',
  PAYOUT_REVIEW: 'POST /payouts/review',
  PAYOUT_APPROVE: 'POST /payouts/:id/approve',
  PAYOUT_REJECT: 'POST /payouts/:id/reject',
  PAYOUT_BATCH_REVIEW: 'POST /payouts/batches/:id/review',
  PAYOUT_POLICY: 'PUT /payouts/policy',
  WITHDRAWAL_CREATE: 'POST /withdrawals',
  WITHDRAWAL_REVIEW: 'POST /withdrawals/:id/review',
  WITHDRAWAL_ACCOUNT_ADD: 'POST /withdrawals/accounts',
  WITHDRAWAL_ACCOUNT_DELETE: 'DELETE /withdrawals/accounts/:id',
  WITHDRAWAL_ACCOUNT_VERIFY: 'POST /withdrawals/accounts/:id/verify',
  WITHDRAWAL_AUTO: 'PUT /withdrawals/auto/:currency',
  REFUND_CREATE: 'POST /collections/:id/refunds',
  BALANCE_TRANSFER_CREATE: 'POST /balance-transfers',
  TOP_UP_CREATE: 'POST /top-ups',
  MANDATE_CHARGE: 'POST /auto-deductions/:id/charge',
  CRYPTO_ADDRESS_ADD: 'POST /crypto/addresses',
  CRYPTO_ADDRESS_DELETE: 'DELETE /crypto/addresses/:id',
  API_KEY_CREATE: 'POST /developer/keys',
  API_KEY_ROLL: 'POST /developer/keys/:id/roll',
  API_KEY_REVOKE: 'POST /developer/keys/:id/revoke',
  WEBHOOK_SECRET_REVEAL: 'POST /developer/webhook-secret/reveal',
  WEBHOOK_SECRET_ROLL: 'POST /developer/webhook-secret/roll',
} as const;
export type SecondFactorCallValue = (typeof SecondFactorCall)[keyof typeof SecondFactorCall];

export const SECOND_FACTOR_CALLS: readonly SecondFactorCallValue[] = Object.values(SecondFactorCall);
const CALLS: ReadonlySet<string> = new Set(SECOND_FACTOR_CALLS);

/** True when `METHOD /route/:pattern` (the route as declared, not a filled-in path) needs the code. */
export function needsSecondFactor(method: string, routePath: string): boolean {
  return CALLS.has(`${method.toUpperCase()} ${routePath}`);
}

/** Wrong step-up codes a session may send before its step-up is locked (sign-in codes are limited too). */
export const STEP_UP_MAX_FAILURES = 5;
/** How long a session's step-up stays locked after the last allowed wrong code. */
export const STEP_UP_LOCK_MINUTES = 15;
