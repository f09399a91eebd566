/**
 * Sales: collections grouped by local day of the request's zone, payment type and channel, counted as the home
 * statistics count (modules/statistics/queries.ts): collected = COLLECTED_STATUSES, amount = paid amount (else
 * ordered), fees = admin + service fee, success rate = collected / decided.
 */
import { COLLECTED_STATUSES, IN_FLIGHT_STATUSES, salesList, toMajorString, type CurrencyCode, type ListRecord } from '@mg/domain';
import { sql } from 'drizzle-orm';
import { collection } from '../../db/schema';
import { resolveRange } from '../../lib/list/order';
import { wholeSource } from '../../lib/list/source';
import { currencyOf, scopeWhere } from '../auth/scope';

type SalesRecord = ListRecord<typeof salesList>;

const list = (values: readonly string[]) => sql.join(values.map((v) => sql`${v}`), sql`, `);

export const salesSource = wholeSource({
  list: salesList,
  all: async (db, q, ctx) => {
    const currency = currencyOf(ctx, q.currency);
    if (!currency) return [];
    const range = resolveRange(q, ctx, { months: salesList.range?.months });
    const res = await db.execute<{ day: string; payment_type: number; channel: number | null; orders: number; collected: number; decided: number; amount: string; fees: string }>(sql`
      select to_char((${collection.createdAt} at time zone ${ctx.timeZone})::date, 'YYYY-MM-DD') as day,
             ${collection.paymentType} as payment_type, ${collection.channel} as channel,
             count(*)::int as orders,
             count(*) filter (where ${collection.status} in (${list(COLLECTED_STATUSES)}))::int as collected,
             count(*) filter (where ${collection.status} not in (${list(IN_FLIGHT_STATUSES)}))::int as decided,
             coalesce(sum(coalesce(${collection.paidAmount}, ${collection.amount})) filter (where ${collection.status} in (${list(COLLECTED_STATUSES)})), 0)::text as amount,
             coalesce(sum(${collection.adminFee} + ${collection.serviceFee}) filter (where ${collection.status} in (${list(COLLECTED_STATUSES)})), 0)::text as fees
      from ${collection}
      where ${scopeWhere(collection.merchantId, ctx.scope) ?? sql`true`} and ${collection.currency} = ${currency}
        and ${collection.createdAt} >= ${range.begin} and ${collection.createdAt} <= ${range.end}
        ${q.paymentType !== undefined ? sql`and ${collection.paymentType} = ${q.paymentType}` : sql``}
        ${q.channel !== undefined ? sql`and ${collection.channel} = ${q.channel}` : sql``}
      group by 1, 2, 3
      order by 1 desc, 2, 3 nulls last`);
    const major = (v: bigint) => toMajorString(v, currency as CurrencyCode);
    return res.rows.map((r): SalesRecord => {
      const amount = BigInt(r.amount);
      const fees = BigInt(r.fees);
      return {
        id: `${r.day}|${r.payment_type}|${r.channel ?? ''}`,
        date: r.day,
        currency,
        paymentType: Number(r.payment_type),
        channel: r.channel === null ? null : Number(r.channel),
        orders: Number(r.orders),
        collected: Number(r.collected),
        successRate: Number(r.decided) > 0 ? Math.round((Number(r.collected) / Number(r.decided)) * 10_000) / 10_000 : null,
        amount: major(amount),
        fees: major(fees),
        net: major(amount - fees),
      };
    });
  },
});
