/** SQL of the crypto area: the withdrawal address book (every value a bound parameter). */
import { and, asc, count, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { DbLike } from '../../db/pool';
import { cryptoAddress, cryptoDeposit, payout } from '../../db/schema';

export type CryptoAddressRow = typeof cryptoAddress.$inferSelect;

/** The merchant's live addresses, by network then oldest first. */
export function selectAddresses(db: DbLike, merchantId: number, network?: string): Promise<CryptoAddressRow[]> {
  return db
    .select()
    .from(cryptoAddress)
    .where(and(eq(cryptoAddress.merchantId, merchantId), isNull(cryptoAddress.deletedAt), network ? eq(cryptoAddress.network, network) : undefined))
    .orderBy(asc(cryptoAddress.network), asc(cryptoAddress.createdAt), asc(cryptoAddress.id));
}

export async function countLiveAddresses(db: DbLike, merchantId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(cryptoAddress).where(and(eq(cryptoAddress.merchantId, merchantId), isNull(cryptoAddress.deletedAt)));
  return row?.n ?? 0;
}

export async function insertAddress(db: DbLike, values: typeof cryptoAddress.$inferInsert): Promise<CryptoAddressRow> {
  const [row] = await db.insert(cryptoAddress).values(values).returning();
  if (!row) throw new Error('crypto address insert returned nothing');
  return row;
}

/** Deletes a live address of the merchant (the row stays locked to the caller's commit); undefined when there is none. */
export async function deleteAddress(db: DbLike, merchantId: number, id: number, now: Date): Promise<CryptoAddressRow | undefined> {
  const [row] = await db
    .update(cryptoAddress)
    .set({ deletedAt: now })
    .where(and(eq(cryptoAddress.id, id), eq(cryptoAddress.merchantId, merchantId), isNull(cryptoAddress.deletedAt)))
    .returning();
  return row;
}

/** Amount + fee held by the merchant's payouts in flight, per destination code (a crypto network's is its own). */
export async function selectInFlightByBankCode(db: DbLike, merchantId: number, currency: string, statuses: readonly string[]): Promise<Map<string, { total: bigint; count: number }>> {
  const rows = await db
    .select({ bankCode: payout.bankCode, total: sql<string>`coalesce(sum(${payout.amount} + ${payout.fee}), 0)::text`, n: count() })
    .from(payout)
    .where(and(eq(payout.merchantId, merchantId), eq(payout.currency, currency), inArray(payout.status, [...statuses])))
    .groupBy(payout.bankCode);
  return new Map(rows.map((r) => [r.bankCode, { total: BigInt(r.total), count: r.n }]));
}

/* Deposits ----------------------------------------------------------------------------------------------------- */

export type CryptoDepositRow = typeof cryptoDeposit.$inferSelect;

export async function selectDeposit(db: DbLike, merchantId: number, collectionId: string): Promise<CryptoDepositRow | undefined> {
  const [row] = await db.select().from(cryptoDeposit).where(and(eq(cryptoDeposit.merchantId, merchantId), eq(cryptoDeposit.collectionId, collectionId))).limit(1);
  return row;
}

/** The deposit of an order, or nothing when one was sent already (one transaction per order). */
export async function insertDeposit(db: DbLike, values: typeof cryptoDeposit.$inferInsert): Promise<CryptoDepositRow | undefined> {
  const [row] = await db.insert(cryptoDeposit).values(values).onConflictDoNothing({ target: [cryptoDeposit.merchantId, cryptoDeposit.collectionId] }).returning();
  return row;
}

/** Deposits whose confirmations are all in at `now` (sent `required` blocks ago or more), oldest first. */
export function selectConfirmedDue(db: DbLike, now: Date, blockMs: number, limit: number): Promise<CryptoDepositRow[]> {
  return db
    .select()
    .from(cryptoDeposit)
    .where(and(isNull(cryptoDeposit.confirmedAt), sql`${cryptoDeposit.sentAt} + ${cryptoDeposit.required} * ${blockMs} * interval '1 millisecond' <= ${now}`))
    .orderBy(asc(cryptoDeposit.sentAt))
    .limit(limit);
}

/** Marks a deposit confirmed unless another run did; false then. */
export async function markDepositConfirmed(db: DbLike, row: CryptoDepositRow, now: Date): Promise<boolean> {
  const done = await db
    .update(cryptoDeposit)
    .set({ confirmedAt: now })
    .where(and(eq(cryptoDeposit.merchantId, row.merchantId), eq(cryptoDeposit.collectionId, row.collectionId), isNull(cryptoDeposit.confirmedAt)))
    .returning({ id: cryptoDeposit.collectionId });
  return done.length > 0;
}

/** What deposits not yet confirmed hold, per network. */
export async function selectConfirmingByNetwork(db: DbLike, merchantId: number): Promise<Map<string, { total: bigint; count: number }>> {
  const rows = await db
    .select({ network: cryptoDeposit.network, total: sql<string>`coalesce(sum(${cryptoDeposit.amount}), 0)::text`, n: count() })
    .from(cryptoDeposit)
    .where(and(eq(cryptoDeposit.merchantId, merchantId), isNull(cryptoDeposit.confirmedAt)))
    .groupBy(cryptoDeposit.network);
  return new Map(rows.map((r) => [r.network, { total: BigInt(r.total), count: r.n }]));
}

/** A chain transaction as stored: a deposit (with its order's address) or a crypto payout (by its channel reference). */
export interface ChainTxRow {
  kind: 'deposit' | 'withdrawal';
  /** The deposit's network, or the payout's destination code. */
  network: string | null;
  bankCode: string | null;
  chainTradeNo: string;
  from: string | null;
  to: string;
  amount: bigint;
  required: number | null;
  at: Date;
  confirmedAt: Date | null;
  payoutStatus: string | null;
  orderId: string;
}

type RawChainTx = { kind: 'deposit' | 'withdrawal'; network: string | null; bank_code: string | null; chain_trade_no: string; from_address: string | null; to_address: string; amount: string; required: number | null; at: Date | string; confirmed_at: Date | string | null; payout_status: string | null; order_id: string };

const toDate = (v: Date | string) => (v instanceof Date ? v : new Date(v));
function chainTxOf(r: RawChainTx): ChainTxRow {
  return {
    kind: r.kind,
    network: r.network,
    bankCode: r.bank_code,
    chainTradeNo: r.chain_trade_no,
    from: r.from_address,
    to: r.to_address,
    amount: BigInt(r.amount),
    required: r.required,
    at: toDate(r.at),
    confirmedAt: r.confirmed_at === null ? null : toDate(r.confirmed_at),
    payoutStatus: r.payout_status,
    orderId: r.order_id,
  };
}

/** Deposits and crypto payouts (one of `bankCodes`, broadcast), as one stream; a merchant's, or any sandbox one's. */
function chainTxUnion(where: { merchantId?: number; chainTradeNo?: string; sandboxOnly?: boolean }, bankCodes: readonly string[]) {
  const depositWhere = [
    where.merchantId !== undefined ? sql`d.merchant_id = ${where.merchantId}` : sql`true`,
    where.chainTradeNo !== undefined ? sql`d.chain_trade_no = ${where.chainTradeNo}` : sql`true`,
    where.sandboxOnly ? sql`c.mode = 'sandbox'` : sql`true`,
  ];
  const payoutWhere = [
    where.merchantId !== undefined ? sql`p.merchant_id = ${where.merchantId}` : sql`true`,
    where.chainTradeNo !== undefined ? sql`p.channel_reference = ${where.chainTradeNo}` : sql`true`,
    where.sandboxOnly ? sql`p.mode = 'sandbox'` : sql`true`,
  ];
  return sql`
    select 'deposit' as kind, d.network, null as bank_code, d.chain_trade_no, d.payer_address as from_address, c.payment_code as to_address,
           d.amount::text as amount, d.required, d.sent_at as at, d.confirmed_at, null as payout_status, d.collection_id as order_id
      from crypto_deposit d join collection c on c.merchant_id = d.merchant_id and c.id = d.collection_id
     where ${sql.join(depositWhere, sql` and `)}
    union all
    select 'withdrawal', null, p.bank_code, p.channel_reference, null, p.account_number,
           p.amount::text, null, p.sent_at, p.completed_at, p.status, p.id
      from payout p
     where p.bank_code in (${sql.join(bankCodes.map((b) => sql`${b}`), sql`, `)}) and p.channel_reference is not null and p.sent_at is not null
       and ${sql.join(payoutWhere, sql` and `)}`;
}

/** One page of the merchant's crypto history, newest first, and how many rows it has. */
export async function selectHistory(db: DbLike, merchantId: number, bankCodes: readonly string[], page: { limit: number; offset: number }): Promise<{ rows: ChainTxRow[]; total: number }> {
  const union = chainTxUnion({ merchantId }, bankCodes);
  const [rows, totals] = await Promise.all([
    db.execute<RawChainTx>(sql`select * from (${union}) t order by t.at desc, t.chain_trade_no limit ${page.limit} offset ${page.offset}`),
    db.execute<{ n: number }>(sql`select count(*)::int as n from (${union}) t`),
  ]);
  return { rows: rows.rows.map(chainTxOf), total: totals.rows[0]?.n ?? 0 };
}

/** A sandbox chain transaction by its id (the explorer page: public facts of sandbox orders only). */
export async function selectChainTx(db: DbLike, chainTradeNo: string, bankCodes: readonly string[]): Promise<ChainTxRow | undefined> {
  const res = await db.execute<RawChainTx>(sql`select * from (${chainTxUnion({ chainTradeNo, sandboxOnly: true }, bankCodes)}) t limit 1`);
  const r = res.rows[0];
  return r ? chainTxOf(r) : undefined;
}
