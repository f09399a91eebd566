/** Balance transfers between a merchant and its sub-merchants (issue 12). */
import { sql } from 'drizzle-orm';
import { bigint, bigserial, check, index, integer, pgTable, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { createdAt, money } from './columns';

/**
 * One row per side of a transfer: the sender's ('out', with the fee and the client's request id) and the receiver's
 * ('in'). Each merchant's records are then its own rows, scoped like every money list; the money itself is one
 * ledger transfer (ledger_transfer_id) written in the same database transaction as both rows.
 */
export const balanceTransfer = pgTable(
  'balance_transfer',
  {
    /** The row's own key: both sides share the transfer id, and a list's keyset continuation needs one per row. */
    rowId: bigserial('row_id', { mode: 'number' }).primaryKey(),
    id: varchar('id', { length: 32 }).notNull(),
    merchantId: integer('merchant_id').notNull(),
    /** 'out' | 'in' (domain TransferDirection). */
    direction: varchar('direction', { length: 4 }).notNull(),
    counterpartyId: integer('counterparty_id').notNull(),
    currency: varchar('currency', { length: 8 }).notNull(),
    amount: money('amount').notNull(),
    /** The sender's fee; 0 on the receiving side. */
    fee: money('fee').notNull(),
    remark: varchar('remark', { length: 255 }),
    /** The sender's key of the request (a retried submit moves money once); null on the receiving side. */
    requestId: varchar('request_id', { length: 64 }),
    createdBy: varchar('created_by', { length: 64 }).notNull(),
    ledgerTransferId: bigint('ledger_transfer_id', { mode: 'number' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('balance_transfer_side_uq').on(t.merchantId, t.id),
    uniqueIndex('balance_transfer_request_uq').on(t.merchantId, t.requestId),
    index('balance_transfer_merchant_created_idx').on(t.merchantId, t.createdAt.desc(), t.rowId.desc()),
    index('balance_transfer_created_idx').on(t.createdAt.desc(), t.rowId.desc()),
    index('balance_transfer_id_idx').on(t.id),
    check('balance_transfer_amount_ck', sql`${t.amount} > 0 AND ${t.fee} >= 0`),
    check('balance_transfer_direction_ck', sql`${t.direction} IN ('out', 'in')`),
  ],
);
