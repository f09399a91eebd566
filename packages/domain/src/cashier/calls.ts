/**
 * The public cashier calls declared once (calls/define.ts), behind /pay/{token}: what the payer sees of an order,
 * and what the payer may do (pay or fail in the sandbox, ask a crypto deposit address, send to it, cancel). Each
 * answers the order as the payer now sees it. No session: `public`.
 */
import { z } from 'zod';
import { defineCall } from '../calls/define';
import { COLLECTION_FAILURE_REASONS } from '../collections/vocabulary';
import { DEPOSIT_OUTCOMES, DepositOutcome, cryptoDepositSchema } from '../crypto/vocabulary';
import { CASHIER_OUTCOMES, CashierOutcome } from './vocabulary';

const cashierParams = z.object({ token: z.string().min(1).max(128).describe('cashier token of a collection, a payment link or a top-up') });

/** What the payer sees of an order (a collection's cashier token, a payment link's, a top-up's or a mandate's). */
export const cashierViewSchema = z.object({
  kind: z.enum(['collection', 'link', 'topUp', 'mandate']).describe('topUp: the merchant funding its own balance; mandate: authorising an auto-deduction (its first charge)'),
  merchantName: z.string(),
  /** Brand value (domain BRANDS): the page themes itself with it (logo and colour). */
  brand: z.string(),
  amount: z.string().describe('decimal string in major units'),
  /** One of CURRENCY_CODES: the order's currency. */
  currency: z.string(),
  description: z.string().nullable(),
  paymentType: z.number().int(),
  channel: z.number().int().nullable(),
  paymentCode: z.string().nullable(),
  /**
   * Domain PaymentStatus as the payer should read it: an open order past its expiry is `closed`; a link is
   * `pending` until paid (`success`), `failed` after a failed attempt it may retry, `closed` once expired or void.
   */
  status: z.string().describe('PaymentStatus as the payer reads it (closed once expired)'),
  /** True when the deadline passed before anyone paid (status closed). */
  expired: z.boolean(),
  expiresAt: z.string(),
  paidAt: z.string().nullable(),
  paidAmount: z.string().nullable(),
  /**
   * A partial payment (status `partial`): what is still due, the amount less what arrived, worked out by the server
   * from the order's own figures; null for every other status (nothing arrived yet, or all of it did).
   */
  dueAmount: z.string().nullable().describe('a partial payment: what is still due (amount less paidAmount); null otherwise'),
  returnUrl: z.string().nullable(),
  /** Domain collection failure reason code (label key collectionFailure.<camelCase>). */
  failureReason: z.string().nullable().describe('collection failure reason code'),
  /** The "Pay" / "Simulate failure" buttons may be shown. */
  payable: z.boolean(),
  /** The "Cancel" button may be shown (collections only: a link stays open until paid or expired). */
  cancellable: z.boolean(),
  /** A sandbox order: the payer chooses the outcome. */
  sandbox: z.boolean(),
  recurring: z
    .object({ intervalPeriod: z.number(), intervalUnit: z.string(), repetitions: z.number().nullable() })
    .nullish()
    .describe('a mandate: the charges the payer authorises after this first one'),
  deposit: cryptoDepositSchema.nullish().describe('a crypto order: what arrived at its deposit address, with its confirmations'),
});

export const cashierCalls = {
  view: defineCall({
    method: 'GET',
    path: '/cashier/:token',
    public: true,
    summary: 'What the payer sees: merchant name and brand, amount, method, payment code, status, expiry',
    params: cashierParams,
    answer: cashierViewSchema,
  }),
  pay: defineCall({
    method: 'POST',
    path: '/cashier/:token/pay',
    public: true,
    summary: 'Sandbox: the payer pays (magic amounts decide) or chooses to fail; answers the updated view',
    params: cashierParams,
    body: z.object({
      outcome: z.enum(CASHIER_OUTCOMES).default(CashierOutcome.SUCCESS),
      failureReason: z.enum(COLLECTION_FAILURE_REASONS).optional(),
    }),
    answer: cashierViewSchema,
  }),
  cryptoAddress: defineCall({
    method: 'POST',
    path: '/cashier/:token/crypto/address',
    public: true,
    summary: "A crypto payment link's payer asks where to send: the link's attempt and its deposit address (made once)",
    params: cashierParams,
    answer: cashierViewSchema,
  }),
  sendCrypto: defineCall({
    method: 'POST',
    path: '/cashier/:token/crypto/send',
    public: true,
    summary: "Sandbox: the payer's wallet sends to a crypto order's deposit address (exact, under or over the amount); paid once the network's confirmations are in",
    params: cashierParams,
    body: z.object({ outcome: z.enum(DEPOSIT_OUTCOMES).default(DepositOutcome.EXACT) }),
    answer: cashierViewSchema,
  }),
  cancel: defineCall({
    method: 'POST',
    path: '/cashier/:token/cancel',
    public: true,
    summary: 'The payer cancels an open collection: closed',
    params: cashierParams,
    answer: cashierViewSchema,
  }),
};
