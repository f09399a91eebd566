/**
 * SQL of balance transfers: the records list (each side is its merchant's row), the merchants a merchant may send
 * to, a replayed request, both sides written together, and the other party of transfers in a statement. Every value
 * is a bound parameter.
 */
import { TransferDirection, balanceTransfersList, toMajorString, type CurrencyCode, type ListRecord } from '@mg/domain';
import { and, eq, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import type { DbLike } from '../../db/pool';
import { balanceTransfer, merchant } from '../../db/schema';
import { createdBetween, listRange, newestFirst } from '../../lib/list/order';
import { pagedSource } from '../../lib/list/source';
import { currencyOf, scopeWhere } from '../auth/scope';

export type BalanceTransferRow = typeof balanceTransfer.$inferSelect;
export type BalanceTransferInsert = typeof balanceTransfer.$inferInsert;
export type BalanceTransferRecord = ListRecord<typeof balanceTransfersList>;

export interface TransferMerchant {
  id: number;
  name: string;
  parentId: number | null;
  status: string;
  currencies: string[];
}

/** One side as the list, the export and the create call answer it. */
export function toTransferRecord(row: BalanceTransferRow, counterpartyName: string): BalanceTransferRecord {
  const currency = row.currency as CurrencyCode;
  const money = (v: bigint) => toMajorString(v, currency);
  const out = row.direction === TransferDirection.OUT;
  return {
    rowId: row.rowId,
    id: row.id,
    merchantId: row.merchantId,
    direction: row.direction,
    counterpartyId: row.counterpartyId,
    counterpartyName,
    fromMerchantId: out ? row.merchantId : row.counterpartyId,
    toMerchantId: out ? row.counterpartyId : row.merchantId,
    currency: row.currency,
    amount: money(row.amount),
    fee: money(row.fee),
    balanceChange: money(out ? -(row.amount + row.fee) : row.amount),
    remark: row.remark,
    createdBy: row.createdBy,
    createdAt: row.createdAt.toISOString(),
  };
}

export const balanceTransfersSource = pagedSource({
  list: balanceTransfersList,
  where: (q, ctx) => {
    const currency = currencyOf(ctx, q.currency);
    const range = listRange(balanceTransfersList, q, ctx);
    return and(
      scopeWhere(balanceTransfer.merchantId, ctx.scope),
      createdBetween(balanceTransfer.createdAt, range),
      q.id !== undefined ? eq(balanceTransfer.id, q.id) : undefined,
      q.direction?.length ? inArray(balanceTransfer.direction, q.direction) : undefined,
      q.counterpartyId !== undefined ? eq(balanceTransfer.counterpartyId, q.counterpartyId) : undefined,
      currency ? eq(balanceTransfer.currency, currency) : undefined,
    );
  },
  order: newestFirst(balanceTransfer, balanceTransfer.createdAt, balanceTransfer.rowId, Number),
  sort: { createdAt: balanceTransfer.createdAt, createTime: balanceTransfer.createdAt, amount: balanceTransfer.amount },
  countFrom: sql`${balanceTransfer}`,
  read: async (db, where, o) => {
    const rows = await db
      .select({ side: balanceTransfer, counterpartyName: merchant.name })
      .from(balanceTransfer)
      .leftJoin(merchant, eq(merchant.id, balanceTransfer.counterpartyId))
      .where(where)
      .orderBy(...o.orderBy)
      .limit(o.limit)
      .offset(o.offset ?? 0);
    return rows.map((r) => toTransferRecord(r.side, r.counterpartyName ?? String(r.side.counterpartyId)));
  },
});

const merchantFields = { id: merchant.id, name: merchant.name, parentId: merchant.parentId, status: merchant.status, currencies: merchant.currencies };

export async function selectTransferMerchant(db: DbLike, id: number): Promise<TransferMerchant | undefined> {
  const [row] = await db.select(merchantFields).from(merchant).where(eq(merchant.id, id)).limit(1);
  return row;
}

/** The parent, the sub-merchants and the parent's other sub-merchants of `self`, by id. */
export function selectRelatedMerchants(db: DbLike, self: TransferMerchant): Promise<TransferMerchant[]> {
  const related: SQL[] = [eq(merchant.parentId, self.id)];
  if (self.parentId !== null) related.push(eq(merchant.id, self.parentId), and(eq(merchant.parentId, self.parentId), ne(merchant.id, self.id)) as SQL);
  return db.select(merchantFields).from(merchant).where(or(...related)).orderBy(merchant.id);
}

export async function selectSentByRequest(db: DbLike, merchantId: number, requestId: string): Promise<BalanceTransferRow | undefined> {
  const [row] = await db
    .select()
    .from(balanceTransfer)
    .where(and(eq(balanceTransfer.merchantId, merchantId), eq(balanceTransfer.requestId, requestId)))
    .limit(1);
  return row;
}

/** Both sides of one transfer, in one statement (the sender's first). */
export async function insertSides(db: DbLike, sides: [BalanceTransferInsert, BalanceTransferInsert]): Promise<BalanceTransferRow> {
  const rows = await db.insert(balanceTransfer).values(sides).returning();
  const sent = rows.find((r) => r.direction === TransferDirection.OUT);
  if (!sent) throw new Error('balance transfer written without its sending side');
  return sent;
}

/** The other party of each transfer `reference` on `merchantId`'s side: what a statement names next to the entry. */
export async function selectCounterparties(db: DbLike, sides: { merchantId: number; id: string }[]): Promise<Map<string, { id: number; name: string }>> {
  const found = new Map<string, { id: number; name: string }>();
  if (sides.length === 0) return found;
  const rows = await db
    .select({ merchantId: balanceTransfer.merchantId, id: balanceTransfer.id, counterpartyId: balanceTransfer.counterpartyId, name: merchant.name })
    .from(balanceTransfer)
    .leftJoin(merchant, eq(merchant.id, balanceTransfer.counterpartyId))
    .where(
      and(
        inArray(balanceTransfer.id, [...new Set(sides.map((s) => s.id))]),
        inArray(balanceTransfer.merchantId, [...new Set(sides.map((s) => s.merchantId))]),
      ),
    );
  for (const r of rows) found.set(counterpartyKey(r.merchantId, r.id), { id: r.counterpartyId, name: r.name ?? String(r.counterpartyId) });
  return found;
}

export const counterpartyKey = (merchantId: number, transferId: string) => `${merchantId}:${transferId}`;
