/**
 * SQL of the global search: per kind, one statement of index-backed exact lookups (UNION ALL), each within the
 * caller's merchants (`merchant_id = any(...)`, which the (merchant_id, ...) indexes answer per merchant). The
 * searched text is always a bound parameter.
 */
import { sql, type SQL } from 'drizzle-orm';
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

function lookups(kind: SearchKindValue, q: string, merchants: readonly number[]): SQL[] {
  const m = ids(merchants);
  const lower = q.toLowerCase();
  const suffix = /^\d+$/.test(q) && q.length >= SEARCH.SUFFIX_MIN;
  switch (kind) {
    case SearchKind.COLLECTIONS: {
      const c = collection;
      const row = (match: SearchMatchValue) =>
        sql`select ${c.id} as id, ${match}::text as match, ${c.merchantId} as merchant_id, ${c.currency} as currency, ${c.status} as status, ${c.amount}::text as amount, ${c.createdAt} as created_at from ${c}`;
      return [
        sql`${row(SearchMatch.ID)} where ${c.merchantId} = any(${m}) and ${c.id} = ${q}`,
        sql`${row(SearchMatch.MERCHANT_ORDER_ID)} where ${c.merchantId} = any(${m}) and ${c.merchantOrderId} = ${q}`,
        sql`${row(SearchMatch.PAYMENT_CODE)} where ${c.merchantId} = any(${m}) and ${c.paymentCode} = ${q}`,
        sql`${row(SearchMatch.CHAIN_TX)} where ${c.merchantId} = any(${m}) and ${c.chainTradeNo} = ${q}`,
        ...(q.includes('@') ? [sql`${row(SearchMatch.PAYER_EMAIL)} where ${c.merchantId} = any(${m}) and lower(${c.payerEmail}) = ${lower}`] : []),
      ];
    }
    case SearchKind.REFUNDS: {
      const r = refund;
      const row = (match: SearchMatchValue) =>
        sql`select ${r.id} as id, ${match}::text as match, ${r.merchantId} as merchant_id, ${r.currency} as currency, ${r.status} as status, ${r.requestedAmount}::text as amount, ${r.createdAt} as created_at from ${r}`;
      return [
        sql`${row(SearchMatch.ID)} where ${r.merchantId} = any(${m}) and ${r.id} = ${q}`,
        sql`${row(SearchMatch.MERCHANT_REFUND_ID)} where ${r.merchantId} = any(${m}) and ${r.merchantRefundId} = ${q}`,
      ];
    }
    case SearchKind.PAYOUTS: {
      const p = payout;
      const row = (match: SearchMatchValue) =>
        sql`select ${p.id} as id, ${match}::text as match, ${p.merchantId} as merchant_id, ${p.currency} as currency, ${p.status} as status, ${p.amount}::text as amount, ${p.createdAt} as created_at from ${p}`;
      return [
        sql`${row(SearchMatch.ID)} where ${p.merchantId} = any(${m}) and ${p.id} = ${q}`,
        sql`${row(SearchMatch.MERCHANT_ORDER_ID)} where ${p.merchantId} = any(${m}) and ${p.merchantOrderId} = ${q}`,
        sql`${row(SearchMatch.CHAIN_TX)} where ${p.merchantId} = any(${m}) and ${p.channelReference} = ${q}`,
        ...(suffix ? [sql`${row(SearchMatch.ACCOUNT_SUFFIX)} where ${p.merchantId} = any(${m}) and ${suffixWhere(sql`${p.accountNumber}`, q)} order by ${p.createdAt} desc`] : []),
      ];
    }
    case SearchKind.WITHDRAWALS: {
      const w = withdrawal;
      const row = (match: SearchMatchValue) =>
        sql`select ${w.id} as id, ${match}::text as match, ${w.merchantId} as merchant_id, ${w.currency} as currency, ${w.status} as status, ${w.amount}::text as amount, ${w.createdAt} as created_at from ${w}`;
      return [
        sql`${row(SearchMatch.ID)} where ${w.merchantId} = any(${m}) and ${w.id} = ${q}`,
        ...(suffix ? [sql`${row(SearchMatch.ACCOUNT_SUFFIX)} where ${w.merchantId} = any(${m}) and ${suffixWhere(sql`${w.accountNumber}`, q)} order by ${w.createdAt} desc`] : []),
      ];
    }
    case SearchKind.BALANCE_TRANSFERS: {
      const b = balanceTransfer;
      const row = (match: SearchMatchValue) =>
        sql`select ${b.id} as id, ${match}::text as match, ${b.merchantId} as merchant_id, ${b.currency} as currency, ${PaymentStatus.SUCCESS}::text as status, ${b.amount}::text as amount, ${b.createdAt} as created_at from ${b}`;
      return [
        sql`${row(SearchMatch.ID)} where ${b.merchantId} = any(${m}) and ${b.id} = ${q}`,
        sql`${row(SearchMatch.REQUEST_ID)} where ${b.merchantId} = any(${m}) and ${b.requestId} = ${q}`,
      ];
    }
  }
}

/** The hits of one kind (at most LIMIT_PER_KIND per identifier). */
export async function searchKind(db: DbLike, kind: SearchKindValue, q: string, merchants: readonly number[]): Promise<HitRow[]> {
  if (merchants.length === 0) return [];
  const res = await db.execute<HitRow>(union(lookups(kind, q, merchants)));
  return res.rows;
}
