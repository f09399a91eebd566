/**
 * Money invariants of collections, refunds and settlement under concurrency (issue 4): seeded random
 * interleavings of create + pay, partial / full / too-large refunds and settlement runs from 8 concurrent clients
 * over 2 merchants x 2 currencies on real PostgreSQL; after each run every invariant is checked in the database.
 */
import { isDomainError, type CurrencyCode } from '@mg/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/pool';
import {
  createCollection,
  getCollection,
  markCollectionPaid,
  refundableOf,
} from '../src/modules/collections/service';
import { createRefund } from '../src/modules/refunds/service';
import { runSettlements } from '../src/modules/settlements/service';
import { mulberry32 } from '../src/lib/random';
import { closeConcurrentDatabase, openConcurrentDatabase } from './helpers/concurrent-db';
import type { TestDatabase } from './helpers/db';
import { checkMoneyInvariants } from './helpers/money-invariants';
import { createMerchant, setFeeRule, upsertProducts } from './helpers/money-fixtures';

const SEEDS = [11, 12, 13];
const OPS = 160;
const CLIENTS = 8;
const MERCHANTS = [54001, 54002];
const CURRENCIES: CurrencyCode[] = ['IDR', 'THB'];
const START = Date.parse('2026-10-01T00:00:00Z');
const HOUR = 3_600_000;

let tdb: TestDatabase;
let clients: Database;
beforeAll(async () => {
  ({ tdb, clients } = await openConcurrentDatabase('mg-test-money', CLIENTS));
  await upsertProducts(tdb.pool);
  for (const m of MERCHANTS) {
    await createMerchant(tdb.pool, {
      id: m,
      callbackUrl: 'https://merchant.example.test/cb',
      settlementDays: m === MERCHANTS[0] ? 1 : 2,
    });
    await setFeeRule(tdb.pool, {
      merchantId: m,
      currency: 'IDR',
      paymentType: 1,
      rateBps: 150,
      fixedFee: 500n,
      minFee: 1_000n,
    });
    await setFeeRule(tdb.pool, {
      merchantId: m,
      currency: 'THB',
      paymentType: 16,
      rateBps: 200,
      fixedFee: 0n,
    });
  }
});
afterAll(() => closeConcurrentDatabase(tdb, clients));

type Op =
  | {
      kind: 'collect';
      merchantId: number;
      currency: CurrencyCode;
      amount: bigint;
      at: Date;
      partial: boolean;
    }
  | { kind: 'refund'; target: number; mode: 'part' | 'rest' | 'tooLarge'; fraction: number; at: Date }
  | { kind: 'settle'; at: Date; dueOnly: boolean; merchantId?: number };

function generate(seed: number): Op[] {
  const rnd = mulberry32(seed);
  const int = (lo: number, hi: number) => lo + Math.floor(rnd() * (hi - lo + 1));
  const pick = <T>(xs: readonly T[]): T => xs[int(0, xs.length - 1)]!;
  const ops: Op[] = [];
  const collects: number[] = [];
  for (let i = 0; i < OPS; i++) {
    const at = new Date(START + seed * 30 * 24 * HOUR + int(0, 6 * 24) * HOUR);
    const r = rnd();
    if (r < 0.5 || collects.length === 0) {
      const currency = pick(CURRENCIES);
      const amount = currency === 'IDR' ? BigInt(int(10_000, 400_000)) : BigInt(int(2_000, 300_000));
      collects.push(i);
      ops.push({ kind: 'collect', merchantId: pick(MERCHANTS), currency, amount, at, partial: rnd() < 0.1 });
    } else if (r < 0.85) {
      const m = rnd();
      ops.push({
        kind: 'refund',
        target: pick(collects),
        mode: m < 0.55 ? 'part' : m < 0.8 ? 'rest' : 'tooLarge',
        fraction: rnd(),
        at,
      });
    } else {
      ops.push({
        kind: 'settle',
        at,
        dueOnly: rnd() < 0.8,
        merchantId: rnd() < 0.3 ? pick(MERCHANTS) : undefined,
      });
    }
  }
  return ops;
}

interface Outcome {
  op: Op;
  ok: boolean;
  skipped?: boolean;
  error?: unknown;
}

async function run(seed: number, ops: Op[]): Promise<Outcome[]> {
  const ids: (string | undefined)[] = new Array<string | undefined>(ops.length);
  const owners: number[] = new Array<number>(ops.length);
  const outcomes: Outcome[] = new Array<Outcome>(ops.length);
  await Promise.all(
    Array.from({ length: CLIENTS }, async (_, c) => {
      for (let i = c; i < ops.length; i += CLIENTS) {
        const op = ops[i]!;
        try {
          if (op.kind === 'collect') {
            const col = await createCollection(
              { db: clients.db, publicUrl: 'https://pay.test' },
              {
                merchantId: op.merchantId,
                mode: 'sandbox',
                source: 'api',
                merchantOrderId: `P${seed}-${i}`,
                amount: op.amount,
                currency: op.currency,
                paymentType: op.currency === 'IDR' ? 1 : 16,
                now: op.at,
              },
            );
            ids[i] = col.id;
            owners[i] = op.merchantId;
            const paidAmount = op.partial ? op.amount / 2n + 1n : undefined;
            await markCollectionPaid(clients.db, {
              merchantId: op.merchantId,
              id: col.id,
              paidAmount,
              now: op.at,
            });
            outcomes[i] = { op, ok: true };
          } else if (op.kind === 'refund') {
            const id = ids[op.target];
            if (!id) {
              outcomes[i] = { op, ok: false, skipped: true }; // its collection is not there yet
              continue;
            }
            const merchantId = owners[op.target]!;
            const col = (await getCollection(clients.db, merchantId, id))!;
            const left = refundableOf(col);
            const amount =
              op.mode === 'tooLarge'
                ? col.amount + 1n
                : op.mode === 'rest'
                  ? left
                  : (left * BigInt(Math.floor(op.fraction * 1000))) / 1000n;
            if (amount <= 0n) {
              outcomes[i] = { op, ok: false, skipped: true };
              continue;
            }
            await createRefund(clients.db, {
              merchantId,
              collectionId: id,
              amount,
              refundWay: 'original',
              reason: 'property test',
              createdBy: 'test',
              now: op.at,
            });
            outcomes[i] = { op, ok: true };
          } else {
            await runSettlements(clients.db, { now: op.at, dueOnly: op.dueOnly, merchantId: op.merchantId });
            outcomes[i] = { op, ok: true };
          }
        } catch (error) {
          outcomes[i] = { op, ok: false, error };
        }
      }
    }),
  );
  return outcomes;
}

async function rows<T>(sql: string, params: unknown[] = []): Promise<T[]> {
  return (await tdb.pool.query(sql, params)).rows as T[];
}

const checkInvariants = () => checkMoneyInvariants(tdb.pool, tdb.db);

describe('money invariants under concurrency: collections, refunds, settlement', () => {
  for (const seed of SEEDS) {
    it(`seed ${seed}: ${OPS} operations from ${CLIENTS} clients`, async () => {
      const ops = generate(seed);
      const outcomes = await run(seed, ops);

      let refunded = 0;
      let refused = 0;
      for (const o of outcomes) {
        if (o.error) {
          // only the refusals a merchant may meet: not enough balance, more than refundable, not refundable any more
          expect(isDomainError(o.error), String(o.error)).toBe(true);
          const e = o.error as { code: string; messageKey: string };
          expect(o.op.kind, `${e.code} ${e.messageKey}`).toBe('refund');
          expect([
            'INSUFFICIENT_BALANCE',
            'refunds.amountExceedsRefundable',
            'refunds.notRefundable',
          ]).toContain(e.code === 'INSUFFICIENT_BALANCE' ? e.code : e.messageKey);
          refused++;
        }
        if (o.op.kind === 'refund' && o.op.mode === 'tooLarge' && !o.skipped)
          expect(o.ok, 'a too-large refund must fail').toBe(false);
        if (o.op.kind === 'refund' && o.ok) refunded++;
        if (o.op.kind !== 'refund') expect(o.ok, `${o.op.kind} failed: ${String(o.error)}`).toBe(true);
      }
      expect(refunded).toBeGreaterThan(0);
      expect(refused).toBeGreaterThan(0);

      await checkInvariants();

      // settle everything that is left: pending drains to zero, invariants still hold
      await runSettlements(tdb.db, { dueOnly: false, now: new Date(START + 400 * 24 * HOUR) });
      expect(await rows(`select id from ledger_account where kind = 'pending' and balance <> 0`)).toEqual([]);
      await checkInvariants();
    });
  }
});
