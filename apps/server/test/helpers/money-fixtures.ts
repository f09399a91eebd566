/**
 * Fixtures of the collections / refunds / settlement tests: merchants of their own, products and fee rules with
 * known values (upserted, so they hold whatever the seed put there), and small SQL readers.
 */
import { asc, desc, eq, type SQL } from 'drizzle-orm';
import type pg from 'pg';
import type { Db } from '../../src/db/pool';
import { settlement } from '../../src/db/schema';
import { withPendingTotals } from '../../src/modules/settlements/queries';

export interface TestMerchant {
  id: number;
  currencies?: string[];
  settlementDays?: number;
  callbackUrl?: string | null;
  brand?: string;
}

export async function createMerchant(pool: pg.Pool, m: TestMerchant): Promise<void> {
  await pool.query(
    `insert into merchant (id, name, brand, currencies, status, settlement_days, collection_callback_url)
     values ($1, $2, $3, $4, 'active', $5, $6)
     on conflict (id) do update set currencies = excluded.currencies, settlement_days = excluded.settlement_days,
       collection_callback_url = excluded.collection_callback_url`,
    [m.id, `Test ${m.id}`, m.brand ?? 'tikipay', m.currencies ?? ['IDR', 'THB'], m.settlementDays ?? 1, m.callbackUrl ?? null],
  );
}

export interface TestProduct {
  currency: string;
  paymentType: number;
  channel: number;
  min: bigint;
  max: bigint;
  status?: number;
}

/** IDR: VA BCA (1) and Mandiri (2), QRIS (11, wallet), Alfamart (12, OTC); THB: PromptPay (20, bank transfer). */
export const TEST_PRODUCTS: TestProduct[] = [
  { currency: 'IDR', paymentType: 1, channel: 1, min: 10_000n, max: 50_000_000n },
  { currency: 'IDR', paymentType: 1, channel: 2, min: 10_000n, max: 50_000_000n },
  { currency: 'IDR', paymentType: 4, channel: 11, min: 1_000n, max: 10_000_000n },
  { currency: 'IDR', paymentType: 2, channel: 12, min: 10_000n, max: 5_000_000n },
  { currency: 'THB', paymentType: 16, channel: 20, min: 2_000n, max: 5_000_000n },
];

export async function upsertProducts(pool: pg.Pool, products: TestProduct[] = TEST_PRODUCTS): Promise<void> {
  for (const p of products) {
    await pool.query(
      `insert into product (currency, payment_type, channel, min_amount, max_amount, status) values ($1,$2,$3,$4,$5,$6)
       on conflict (currency, payment_type, channel) do update set min_amount = excluded.min_amount,
         max_amount = excluded.max_amount, status = excluded.status`,
      [p.currency, p.paymentType, p.channel, p.min.toString(), p.max.toString(), p.status ?? 1],
    );
  }
  // Other channels of the same payment types (seeded by the products seed) must not change which one is "first".
  await pool.query(
    `update product set status = 0 where (currency, payment_type) in (('IDR', 1), ('IDR', 4), ('IDR', 2), ('THB', 16))
       and (currency, payment_type, channel) not in (('IDR',1,1), ('IDR',1,2), ('IDR',4,11), ('IDR',2,12), ('THB',16,20))`,
  );
}

export async function setFeeRule(
  pool: pg.Pool,
  r: { merchantId: number; currency: string; paymentType: number; channel?: number; rateBps: number; fixedFee: bigint; minFee?: bigint },
): Promise<void> {
  await pool.query(
    `insert into fee_rule (merchant_id, currency, payment_type, channel, rate_bps, fixed_fee, min_fee, status)
     values ($1,$2,$3,$4,$5,$6,$7,1)
     on conflict (merchant_id, currency, payment_type, channel) do update set rate_bps = excluded.rate_bps,
       fixed_fee = excluded.fixed_fee, min_fee = excluded.min_fee, status = 1`,
    [r.merchantId, r.currency, r.paymentType, r.channel ?? -1, r.rateBps, r.fixedFee.toString(), (r.minFee ?? 0n).toString()],
  );
}

/** Stored balance of a merchant account (0 when the account does not exist yet). */
export async function balance(pool: pg.Pool, merchantId: number, currency: string, kind: string): Promise<bigint> {
  const { rows } = await pool.query<{ b: string }>(
    'select balance::text as b from ledger_account where merchant_id = $1 and currency = $2 and kind = $3',
    [merchantId, currency, kind],
  );
  return rows[0] ? BigInt(rows[0].b) : 0n;
}

export async function count(pool: pg.Pool, sql: string, params: unknown[] = []): Promise<number> {
  const { rows } = await pool.query<{ n: number }>(`select count(*)::int as n from (${sql}) x`, params);
  return rows[0]?.n ?? 0;
}

/** Runs `fn` and returns what it threw (fails the test when it did not throw). */
export async function thrown(fn: () => Promise<unknown>): Promise<Record<string, unknown>> {
  try {
    await fn();
  } catch (e) {
    return e as Record<string, unknown>;
  }
  throw new Error('expected an error');
}

/**
 * Products and a fee rule the cashier, open-API and payment-link tests rely on (the product seed may or may not be
 * in the template yet): IDR VA 1/1 and wallet 4/6, THB 16/20; merchant 10001 pays 0.70 % + 1000 on IDR VA 1.
 */
export async function paymentFixtures(pool: pg.Pool): Promise<void> {
  await pool.query(`
    insert into product (currency, payment_type, channel, min_amount, max_amount, status) values
      ('IDR', 1, 1, 10000, 50000000, 1), ('IDR', 4, 6, 1000, 20000000, 1), ('THB', 16, 20, 2000, 50000000, 1)
    on conflict (currency, payment_type, channel)
      do update set min_amount = excluded.min_amount, max_amount = excluded.max_amount, status = 1`);
  await pool.query(`
    insert into fee_rule (merchant_id, currency, payment_type, channel, rate_bps, fixed_fee, min_fee, status)
    values (10001, 'IDR', 1, 1, 70, 1000, 0, 1)
    on conflict (merchant_id, currency, payment_type, channel)
      do update set rate_bps = 70, fixed_fee = 1000, min_fee = 0, status = 1`);
}

/**
 * Settlement batches as they stand (pending ones summed from their collections, as the list and the settle do), with
 * the settlement table's column names (amounts as text): one batch by id, or a merchant's in creation order.
 */
export async function batchAsItStands(db: Db, id: string): Promise<Record<string, unknown> | undefined> {
  return (await batchesAsTheyStand(db, eq(settlement.id, id)))[0];
}
export async function batchesOfMerchant(db: Db, merchantId: number): Promise<Record<string, unknown>[]> {
  return batchesAsTheyStand(db, eq(settlement.merchantId, merchantId));
}
async function batchesAsTheyStand(db: Db, where: SQL): Promise<Record<string, unknown>[]> {
  const rows = await db.select().from(settlement).where(where).orderBy(asc(settlement.createdAt), desc(settlement.status));
  return (await withPendingTotals(db, rows)).map((s) => ({
    id: s.id,
    settle_date: s.settleDate,
    due_at: s.dueAt,
    status: s.status,
    collection_count: s.collectionCount,
    gross_amount: String(s.grossAmount),
    fee_amount: String(s.feeAmount),
    refunded_amount: String(s.refundedAmount),
    net_amount: String(s.netAmount),
  }));
}
