import { z } from 'zod';

/** Words and limits of balance transfers (issue 12; spec §3 fromMerchantId, toMerchantId, amount, fees). */

/** Which side of a transfer a record is: the sender's or the receiver's. */
export const TransferDirection = { OUT: 'out', IN: 'in' } as const;
export type TransferDirectionValue = (typeof TransferDirection)[keyof typeof TransferDirection];
export const TRANSFER_DIRECTIONS: readonly TransferDirectionValue[] = Object.values(TransferDirection);
export const TRANSFER_DIRECTION_COLORS: Readonly<Record<TransferDirectionValue, string>> = { out: 'orange', in: 'green' };

/** How a merchant is related to the other party of a transfer: only these may send to each other. */
export const TransferRelation = { PARENT: 'parent', SUB_MERCHANT: 'subMerchant', SIBLING: 'sibling' } as const;
export type TransferRelationValue = (typeof TransferRelation)[keyof typeof TransferRelation];

/** A merchant the session's merchant may send to (`GET /api/balance-transfers/parties`). */
export const transferPartySchema = z.object({
  merchantId: z.number(),
  name: z.string(),
  relation: z.enum([TransferRelation.PARENT, TransferRelation.SUB_MERCHANT, TransferRelation.SIBLING]),
  currencies: z.array(z.string()),
  active: z.boolean().describe('only an active merchant receives'),
});
export type TransferParty = z.infer<typeof transferPartySchema>;

/** The confirmation step's figures (`POST /api/balance-transfers/quote`), decimal strings of the currency. */
export const transferQuoteSchema = z.object({
  currency: z.string(),
  amount: z.string(),
  fee: z.string(),
  total: z.string().describe('amount + fee: what leaves the available balance'),
  available: z.string(),
  toName: z.string(),
  enough: z.boolean().describe('available covers total'),
});
export type TransferQuote = z.infer<typeof transferQuoteSchema>;

export const BALANCE_TRANSFER_REMARK_MAX_LENGTH = 255;
/** The client's key of one transfer request (a UUID made when the form opens): a retried submit moves money once. */
export const BALANCE_TRANSFER_REQUEST_ID_MAX_LENGTH = 64;
export const BALANCE_TRANSFER_REQUEST_ID_PATTERN = /^[A-Za-z0-9_-]{8,64}$/;
