/**
 * SQL of the global search: per kind, one statement of index-backed exact lookups (UNION ALL), each within the
 * caller's merchants (`merchant_id = any(...)`, which the (merchant_id, ...) indexes answer per merchant). The
 * searched text is always a bound parameter.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, AnyPgTable } from 'drizzle-orm/pg-core';
import { PaymentStatus, SEARCH, SearchKind, SearchMatch, type SearchKindValue, type SearchMatchValue } from '@mg/domain';
import type { DbLike } from '../../db/pool';
import { balanceTransfer, collection, payout, refund, withdrawal } from '../../db/schema';

export type HitRow = {
  id: string;
  match: SearchMatchValue;
  merchant_id: number;
  currency: string;
  status: string;
  amount: string;
  created_at: Date;
};

const ids = (merchants: readonly number[]) => sql`${`{${merchants.join(',')}}`}::int[]`;

/** Account numbers end with the searched digits: the reversed number's index answers a prefix. */
function suffixWhere(column: SQL, q: string): SQL {
  return sql`reverse(${column}) like ${`${[...q].reverse().join('').replace(/[\\%_]/g, (c) => `\\${c}`)}%`}`;
}

function union(parts: readonly SQL[]): SQL {
  return sql.join(
    parts.map((p) => sql`(${p} limit ${SEARCH.LIMIT_PER_KIND})`),
    sql` union all `,
  );
}

/** The columns a hit is read from, per table. */
interface HitColumns {
  table: AnyPgTable;
  id: AnyPgColumn;
  merchantId: AnyPgColumn;
  currency: AnyPgColumn;
  status: SQL | AnyPgColumn;
  amount: AnyPgColumn;
  createdAt: AnyPgColumn;
}

const COLUMNS: Readonly<Record<SearchKindValue, HitColumns>> = {
  [SearchKind.COLLECTIONS]: { table: collection, id: collection.id, merchantId: collection.merchantId, currency: collection.currency, status: collection.status, amount: collection.amount, createdAt: collection.createdAt },
  [SearchKind.REFUNDS]: { table: refund, id: refund.id, merchantId: refund.merchantId, currency: refund.currency, status: refund.status, amount: refund.requestedAmount, createdAt: refund.createdAt },
  [SearchKind.PAYOUTS]: { table: payout, id: payout.id, merchantId: payout.merchantId, currency: payout.currency, status: payout.status, amount: payout.amount, createdAt: payout.createdAt },
  [SearchKind.WITHDRAWALS]: { table: withdrawal, id: withdrawal.id, merchantId: withdrawal.merchantId, currency: withdrawal.currency, status: withdrawal.status, amount: withdrawal.amount, createdAt: withdrawal.createdAt },
  // A transfer has no status of its own: it moved when it was written.
  [SearchKind.BALANCE_TRANSFERS]: { table: balanceTransfer, id: balanceTransfer.id, merchantId: balanceTransfer.merchantId, currency: balanceTransfer.currency, status: sql`${PaymentStatus.SUCCESS}::text`, amount: balanceTransfer.amount, createdAt: balanceTransfer.createdAt },
};

/** Which column of a kind answers each identifier (`suffix`: an account number's last digits). */
function matchers(kind: SearchKindValue, q: string): [SearchMatchValue, SQL][] {
  const lower = q.toLowerCase();
  const suffix = /^\d+$/.test(q) && q.length >= SEARCH.SUFFIX_MIN;
  switch (kind) {
    case SearchKind.COLLECTIONS:
      return [
        [SearchMatch.ID, sql`${collection.id} = ${q}`],
        [SearchMatch.MERCHANT_ORDER_ID, sql`${collection.merchantOrderId} = ${q}`],
        [SearchMatch.PAYMENT_CODE, sql`${collection.paymentCode} = ${q}`],
        [SearchMatch.CHAIN_TX, sql`${collection.chainTradeNo} = ${q}`],
        ...(q.includes('@') ? [[SearchMatch.PAYER_EMAIL, sql`lower(${collection.payerEmail}) = ${lower}`] as [SearchMatchValue, SQL]] : []),
      ];
    case SearchKind.REFUNDS:
      return [
        [SearchMatch.ID, sql`${refund.id} = ${q}`],
        [SearchMatch.MERCHANT_REFUND_ID, sql`${refund.merchantRefundId} = ${q}`],
      ];
    case SearchKind.PAYOUTS:
      return [
        [SearchMatch.ID, sql`${payout.id} = ${q}`],
        [SearchMatch.MERCHANT_ORDER_ID, sql`${payout.merchantOrderId} = ${q}`],
        [SearchMatch.CHAIN_TX, sql`${payout.channelReference} = ${q}`],
        ...(suffix ? [[SearchMatch.ACCOUNT_SUFFIX, suffixWhere(sql`${payout.accountNumber}`, q)] as [SearchMatchValue, SQL]] : []),
      ];
    case SearchKind.WITHDRAWALS:
      return [
        [SearchMatch.ID, sql`${withdrawal.id} = ${q}`],
        ...(suffix ? [[SearchMatch.ACCOUNT_SUFFIX, suffixWhere(sql`${withdrawal.accountNumber}`, q)] as [SearchMatchValue, SQL]] : []),
      ];
    case SearchKind.BALANCE_TRANSFERS:
      return [
        [SearchMatch.ID, sql`${balanceTransfer.id} = ${q}`],
        [SearchMatch.REQUEST_ID, sql`${balanceTransfer.requestId} = ${q}`],
      ];
  }
}

function lookups(kind: SearchKindValue, q: string, merchants: readonly number[]): SQL[] {
  const c = COLUMNS[kind];
  return matchers(kind, q).map(
    ([match, where]) =>
      sql`select ${c.id} as id, ${match}::text as match, ${c.merchantId} as merchant_id, ${c.currency} as currency, ${c.status} as status,
        ${c.amount}::text as amount, ${c.createdAt} as created_at
      from ${c.table} where ${c.merchantId} = any(${ids(merchants)}) and ${where} order by ${c.createdAt} desc`,
  );
}

/** The hits of one kind (at most LIMIT_PER_KIND per identifier). */
export async function searchKind(db: DbLike, kind: SearchKindValue, q: string, merchants: readonly number[]): Promise<HitRow[]> {
  if (merchants.length === 0) return [];
  const res = await db.execute<HitRow>(union(lookups(kind, q, merchants)));
  return res.rows;
}
