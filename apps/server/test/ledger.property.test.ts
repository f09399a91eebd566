/**
 * Ledger invariants under concurrency (DESIGN §5): seeded random operations from 8 concurrent clients on real
 * PostgreSQL, then every invariant is checked against the database (the queued transfers: ledger-queue.property.test.ts).
 */
import { DomainError, PLATFORM_MERCHANT_ID, type CurrencyCode } from '@mg/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/pool';
import {
  balanceTransfer,
  collectionSucceeded,
  payoutSucceeded,
  postTransfer,
  postTransfers,
  refund,
  releasePayout,
  reservePayout,
  settle,
  topUp,
  type PostedTransfer,
  type TransferRequest,
} from '../src/modules/ledger/service';
import { mulberry32 } from '../src/lib/random';
import { closeConcurrentDatabase, openConcurrentDatabase } from './helpers/concurrent-db';
import type { TestDatabase } from './helpers/db';
import { checkLedgerInvariants, expectBalancesOf, pgDetail } from './helpers/ledger-invariants';

const SEEDS = [1, 2, 3, 4, 5];
const OPS = 200;
const CLIENTS = 8;

let tdb: TestDatabase;
let clients: Database;
beforeAll(async () => {
  ({ tdb, clients } = await openConcurrentDatabase('mg-test-ledger', CLIENTS));
});
afterAll(() => closeConcurrentDatabase(tdb, clients));
const checkInvariants = () => checkLedgerInvariants(tdb);

/** Deterministic operation list for a seed: two merchants, two currencies, repeats of earlier keys. */
function generate(seed: number): TransferRequest[] {
  const rnd = mulberry32(seed);
  const int = (lo: number, hi: number) => lo + Math.floor(rnd() * (hi - lo + 1));
  const pick = <T,>(xs: readonly T[]): T => xs[int(0, xs.length - 1)]!;
  const merchants = [40000 + seed * 10 + 1, 40000 + seed * 10 + 2];
  const currencies: CurrencyCode[] = ['IDR', 'THB'];
  const ops: TransferRequest[] = [];
  const reservations: TransferRequest[] = [];
  for (let i = 0; i < OPS; i++) {
    const merchantId = pick(merchants);
    const currency = pick(currencies);
    const b = { merchantId, currency, reference: `S${seed}-${i}`, idempotencyKey: `s${seed}-op${i}` };
    const amount = BigInt(int(1, 500));
    const r = rnd();
    if (r < 0.1 && ops.length > 0) {
      ops.push(pick(ops)); // the same request with the same key again
    } else if (r < 0.22) ops.push(topUp({ ...b, amount }));
    else if (r < 0.4) ops.push(collectionSucceeded({ ...b, amount, fee: BigInt(int(0, Number(amount) / 10)) }));
    else if (r < 0.55) ops.push(settle({ ...b, amount }));
    else if (r < 0.63) ops.push(refund({ ...b, amount }));
    else if (r < 0.75) {
      const res = reservePayout({ ...b, amount, fee: BigInt(int(0, 5)) });
      reservations.push(res);
      ops.push(res);
    } else if (r < 0.88 && reservations.length > 0) {
      const res = reservations.splice(int(0, reservations.length - 1), 1)[0]!;
      const rb = { merchantId: res.merchantId, currency: res.currency, reference: res.reference, amount: res.amount, fee: res.fee };
      ops.push(rnd() < 0.5 ? payoutSucceeded({ ...rb, idempotencyKey: `${res.idempotencyKey}-ok` }) : releasePayout({ ...rb, idempotencyKey: `${res.idempotencyKey}-rel` }));
    } else {
      const to = merchants.find((m) => m !== merchantId)!;
      ops.push(balanceTransfer({ ...b, toMerchantId: to, amount, fee: BigInt(int(0, 3)) }));
    }
  }
  return ops;
}

type Outcome = { req: TransferRequest; result?: PostedTransfer; error?: unknown };

async function run(ops: TransferRequest[]): Promise<Outcome[]> {
  const outcomes: Outcome[] = new Array<Outcome>(ops.length);
  await Promise.all(
    Array.from({ length: CLIENTS }, async (_, c) => {
      for (let i = c; i < ops.length; i += CLIENTS) {
        const req = ops[i]!;
        try {
          outcomes[i] = { req, result: await postTransfer(clients.db, req) };
        } catch (error) {
          outcomes[i] = { req, error };
        }
      }
    }),
  );
  return outcomes;
}

async function entriesSnapshot(): Promise<unknown[]> {
  const { rows } = await tdb.pool.query('select * from ledger_entry order by id');
  return rows;
}

describe('ledger invariants under concurrency', () => {
  let early: unknown[] = [];

  for (const seed of SEEDS) {
    it(`seed ${seed}: ${OPS} operations from ${CLIENTS} clients`, async () => {
      const before = await entriesSnapshot();
      const ops = generate(seed);
      const outcomes = await run(ops);

      // only insufficient balance may fail
      let failed = 0;
      for (const o of outcomes) {
        if (o.error) {
          expect(o.error).toBeInstanceOf(DomainError);
          expect((o.error as DomainError).code).toBe('INSUFFICIENT_BALANCE');
          failed++;
        }
      }
      expect(failed).toBeGreaterThan(0);
      expect(failed).toBeLessThan(OPS);

      // a key used several times: one transfer, every successful call answered with it
      const byKey = new Map<string, Outcome[]>();
      for (const o of outcomes) byKey.set(o.req.idempotencyKey, [...(byKey.get(o.req.idempotencyKey) ?? []), o]);
      let repeated = 0;
      for (const [key, os] of byKey) {
        const ids = new Set(os.filter((o) => o.result).map((o) => o.result!.transferId));
        expect(ids.size, key).toBeLessThanOrEqual(1);
        const { rows } = await tdb.pool.query<{ n: number }>('select count(*)::int as n from ledger_transfer where idempotency_key = $1', [key]);
        expect(rows[0]!.n).toBe(ids.size);
        if (os.length > 1) repeated++;
      }
      expect(repeated).toBeGreaterThan(0);

      // final balances = sum of the legs of the transfers that were written (each applied fully or not at all)
      const written = new Map<number, TransferRequest>();
      for (const o of outcomes) if (o.result) written.set(o.result.transferId, o.req);
      const merchants = [...new Set(ops.flatMap((r) => r.legs.map((l) => l.account.merchantId)))].filter((m) => m !== PLATFORM_MERCHANT_ID);
      await expectBalancesOf(tdb, [...written.values()], merchants);

      await checkInvariants();

      // entries written before this run are unchanged, and the very first run's snapshot still holds
      const after = await entriesSnapshot();
      expect(after.slice(0, before.length)).toEqual(before);
      if (seed === SEEDS[0]) early = after;
      else expect(after.slice(0, early.length)).toEqual(early);
    });
  }

  it('8 concurrent first calls with one key write exactly one transfer', async () => {
    const req = topUp({ merchantId: 49999, currency: 'IDR', reference: 'race', idempotencyKey: 'race-key', amount: 77n });
    const results = await Promise.all(Array.from({ length: CLIENTS }, () => postTransfer(clients.db, req)));
    expect(new Set(results.map((r) => r.transferId)).size).toBe(1);
    expect(results.filter((r) => !r.replayed).length).toBe(1);
    const { rows } = await tdb.pool.query<{ t: number; e: number }>(
      `select (select count(*)::int from ledger_transfer where idempotency_key = 'race-key') as t,
              (select count(*)::int from ledger_entry e join ledger_transfer t on t.id = e.transfer_id where t.idempotency_key = 'race-key') as e`,
    );
    expect(rows[0]).toEqual({ t: 1, e: 2 });
    await checkInvariants();
  });

  it('concurrent debits of one balance never overdraw it', async () => {
    const m = 49998;
    await postTransfer(clients.db, topUp({ merchantId: m, currency: 'IDR', reference: 'fund', idempotencyKey: 'fund', amount: 1000n }));
    const outcomes = await Promise.allSettled(
      Array.from({ length: 24 }, (_, i) => postTransfer(clients.db, refund({ merchantId: m, currency: 'IDR', reference: `d${i}`, idempotencyKey: `d${i}`, amount: 100n }))),
    );
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(10);
    for (const o of outcomes) if (o.status === 'rejected') expect((o.reason as DomainError).code).toBe('INSUFFICIENT_BALANCE');
    await checkInvariants();
  });
  it('transfers posted together (postTransfers) next to single ones: a group is written whole or not at all', async () => {
    const rnd = mulberry32(42);
    const int = (lo: number, hi: number) => lo + Math.floor(rnd() * (hi - lo + 1));
    const merchants = [49990, 49991];
    for (const m of merchants) await postTransfer(clients.db, topUp({ merchantId: m, currency: 'IDR', reference: 'fund', idempotencyKey: `fund-${m}`, amount: 3000n }));
    const op = (key: string): TransferRequest => {
      const b = { merchantId: merchants[int(0, 1)]!, currency: 'IDR' as const, reference: key, idempotencyKey: key };
      const amount = BigInt(int(1, 400));
      const r = rnd();
      if (r < 0.2) return topUp({ ...b, amount });
      if (r < 0.4) return collectionSucceeded({ ...b, amount, fee: amount / 10n });
      if (r < 0.7) return reservePayout({ ...b, amount, fee: 2n });
      return refund({ ...b, amount });
    };
    const groups = Array.from({ length: 40 }, (_, g) => Array.from({ length: int(1, 6) }, (_, i) => op(`grp${g}-${i}`)));
    // one group that must be refused whole: its last transfer overdraws
    groups.push([topUp({ merchantId: 49990, currency: 'IDR', reference: 'big', idempotencyKey: 'grp-big-0', amount: 5n }), refund({ merchantId: 49990, currency: 'IDR', reference: 'big', idempotencyKey: 'grp-big-1', amount: 10n ** 12n })]);
    const singles = Array.from({ length: 80 }, (_, i) => op(`sgl${i}`));
    const groupResults: PromiseSettledResult<void>[] = new Array(groups.length);
    await Promise.all([
      ...Array.from({ length: CLIENTS / 2 }, async (_, c) => {
        for (let g = c; g < groups.length; g += CLIENTS / 2) [groupResults[g]] = await Promise.allSettled([postTransfers(clients.db, groups[g]!)]);
      }),
      ...Array.from({ length: CLIENTS / 2 }, async (_, c) => {
        for (let i = c; i < singles.length; i += CLIENTS / 2) await postTransfer(clients.db, singles[i]!).catch((e: unknown) => expect((e as DomainError).code, pgDetail(e)).toBe('INSUFFICIENT_BALANCE'));
      }),
    ]);
    for (const [g, res] of groupResults.entries()) {
      const keys = groups[g]!.map((r) => r.idempotencyKey);
      const { rows } = await tdb.pool.query<{ n: number }>('select count(*)::int as n from ledger_transfer where idempotency_key = any($1)', [keys]);
      if (res.status === 'rejected') expect((res.reason as DomainError).code, keys[0]).toBe('INSUFFICIENT_BALANCE');
      expect(rows[0]!.n, keys[0]).toBe(res.status === 'fulfilled' ? keys.length : 0);
    }
    expect(groupResults.at(-1)!.status).toBe('rejected');
    expect(groupResults.filter((r) => r.status === 'fulfilled').length).toBeGreaterThan(10);
    await checkInvariants();
  });
});
