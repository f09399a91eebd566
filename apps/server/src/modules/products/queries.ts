/**
 * SQL of the products: the channels of a currency with their limits, the fee rules that price them, and the
 * products list (its source: lib/list/source.ts).
 */
import { PLATFORM_MERCHANT_ID, productsList, type CurrencyCode } from '@mg/domain';
import type { FastifyRequest } from 'fastify';
import type pg from 'pg';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { DbLike } from '../../db/pool';
import { feeRule, product, STATUS_ENABLED } from '../../db/schema';
import { wholeSource } from '../../lib/list/source';
import { currencyOf, managedMerchant, type Scope } from '../auth/scope';
import { selectMarks } from '../channel-health/queries';
import { productRecords, type RuleRow } from './pricing';

export type ProductRow = typeof product.$inferSelect;

export async function selectProducts(db: DbLike, currency: CurrencyCode, opts: { enabledOnly: boolean }): Promise<ProductRow[]> {
  return db
    .select()
    .from(product)
    .where(opts.enabledOnly ? and(eq(product.currency, currency), eq(product.status, STATUS_ENABLED)) : eq(product.currency, currency))
    .orderBy(asc(product.paymentType), asc(product.channel));
}

/** The enabled fee rules of a merchant and the platform in one currency. */
export async function selectFeeRules(db: DbLike, merchantId: number, currency: CurrencyCode): Promise<RuleRow[]> {
  return db
    .select({
      merchantId: feeRule.merchantId,
      paymentType: feeRule.paymentType,
      channel: feeRule.channel,
      rateBps: feeRule.rateBps,
      fixedFee: feeRule.fixedFee,
      minFee: feeRule.minFee,
    })
    .from(feeRule)
    .where(and(inArray(feeRule.merchantId, [merchantId, PLATFORM_MERCHANT_ID]), eq(feeRule.currency, currency), eq(feeRule.status, STATUS_ENABLED)));
}

/** Whose fees a reader sees: platform staff the platform defaults (or a merchant's), others their merchant's or a sub-merchant's. */
function pricedFor(req: FastifyRequest, merchantId?: number): Scope {
  if (req.auth?.isPlatform && merchantId === undefined) return { all: true };
  return { all: false, ids: [managedMerchant(req, merchantId)] };
}

export const productsSource = wholeSource({
  list: productsList,
  scope: pricedFor,
  all: async (db, q, ctx) => {
    const currency = currencyOf(ctx, q.currency);
    if (!currency) return [];
    const merchantId = ctx.scope.all ? PLATFORM_MERCHANT_ID : (ctx.scope.ids[0] ?? PLATFORM_MERCHANT_ID);
    const [rows, rules, marks] = await Promise.all([selectProducts(db, currency, { enabledOnly: false }), selectFeeRules(db, merchantId, currency), selectMarks(db, currency)]);
    const records = productRecords(rows, currency, marks, { rules, merchantId });
    return q.paymentType === undefined ? records : records.filter((r) => r.paymentType === q.paymentType);
  },
});

/* The seed (raw SQL on a pg client: it runs before the app and its drizzle instance exist) -------------------- */

export type Queryable = Pick<pg.PoolClient, 'query'>;

/** Inserts the products that do not exist yet; answers how many were new. */
export async function insertProducts(db: Queryable, rows: readonly { currency: string; channel: { paymentType: number; code: number }; limits: { min: bigint; max: bigint } }[]): Promise<number> {
  const res = await db.query(
    `insert into product (currency, payment_type, channel, min_amount, max_amount)
     select * from unnest($1::text[], $2::smallint[], $3::smallint[], $4::bigint[], $5::bigint[])
     on conflict (currency, payment_type, channel) do nothing`,
    [
      rows.map((r) => r.currency),
      rows.map((r) => r.channel.paymentType),
      rows.map((r) => r.channel.code),
      rows.map((r) => r.limits.min.toString()),
      rows.map((r) => r.limits.max.toString()),
    ],
  );
  return res.rowCount ?? 0;
}

/** Inserts the fee rules of a merchant that do not exist yet (amounts in minor units); answers how many were new. */
export async function insertFeeRules(
  db: Queryable,
  merchantId: number,
  rules: readonly { currency: string; paymentType: number; channel: number; rateBps: number; fixedFee: bigint; minFee: bigint }[],
): Promise<number> {
  const res = await db.query(
    `insert into fee_rule (merchant_id, currency, payment_type, channel, rate_bps, fixed_fee, min_fee)
     select $1, * from unnest($2::text[], $3::smallint[], $4::smallint[], $5::int[], $6::bigint[], $7::bigint[])
     on conflict (merchant_id, currency, payment_type, channel) do nothing`,
    [
      merchantId,
      rules.map((r) => r.currency),
      rules.map((r) => r.paymentType),
      rules.map((r) => r.channel),
      rules.map((r) => r.rateBps),
      rules.map((r) => r.fixedFee.toString()),
      rules.map((r) => r.minFee.toString()),
    ],
  );
  return res.rowCount ?? 0;
}

export async function merchantRowExists(db: Queryable, id: number): Promise<boolean> {
  const res = await db.query('select 1 from merchant where id = $1', [id]);
  return (res.rowCount ?? 0) > 0;
}
