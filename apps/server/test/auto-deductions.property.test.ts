/**
 * Mandate charges under concurrency (issue 39): "Charge now" sent many times at once, and random mixes of charge now,
 * pause, resume, stop and the scheduled run from 8 concurrent clients, on real PostgreSQL. Whatever interleaves, the
 * payer is charged only what the mandate counts: charges_done equals its paid charges, deducted_amount their sum,
 * never more charges than its repetitions, and none taken while it was paused or stopped.
 */
import { DomainError, PaymentType } from '@mg/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/pool';
import { mulberry32 } from '../src/lib/random';
import { authorizeMandate, changeMandate, chargeNow, createMandate, runMandates } from '../src/modules/auto-deductions/service';
import { selectMandate } from '../src/modules/auto-deductions/queries';
import { closeConcurrentDatabase, openConcurrentDatabase } from './helpers/concurrent-db';
import type { TestDatabase } from './helpers/db';
import { paymentFixtures } from './helpers/money-fixtures';

const CLIENTS = 8;
const MERCHANT = 10001;
/** What a user may be told when a change meets another: not this state, or a charge of it in progress. */
const EXPECTED_REFUSALS = new Set(['STATE_TRANSITION_INVALID', 'CONFLICT', 'BUSINESS_RULE']);

let tdb: TestDatabase;
let clients: Database;
beforeAll(async () => {
  ({ tdb, clients } = await openConcurrentDatabase('mg-test-mandates-property', CLIENTS));
  await paymentFixtures(tdb.pool);
});
afterAll(() => closeConcurrentDatabase(tdb, clients));

const deps = () => ({ db: clients.db, publicUrl: 'http://localhost' });

async function activeMandate(repetitions: number | null, now: Date): Promise<string> {
  const m = await createMandate(clients.db, {
    merchantId: MERCHANT,
    currency: 'IDR',
    amount: 50_000n,
    paymentType: PaymentType.VA,
    intervalPeriod: 1,
    intervalUnit: 'day',
    repetitions,
    payerEmail: 'payer@example.test',
    createdBy: 'demo_operator',
    now,
  });
  const after = await authorizeMandate(deps(), m, false, now);
  expect(after.status).toBe('ACTIVE');
  return m.id;
}

/** What the payer was charged for a mandate: its paid collections, from the collections themselves. */
async function taken(mandateId: string): Promise<{ n: number; sum: bigint; charges: number }> {
  const { rows } = await tdb.pool.query<{ n: string; sum: string }>(
    `select count(*) as n, coalesce(sum(paid_amount), 0) as sum from collection
     where merchant_id = $1 and merchant_order_id like $2 and status in ('success', 'partial')`,
    [MERCHANT, `${mandateId}-%`],
  );
  const { rows: c } = await tdb.pool.query<{ n: string }>(`select count(*) as n from mandate_charge where mandate_id = $1 and status in ('success', 'partial')`, [mandateId]);
  return { n: Number(rows[0]!.n), sum: BigInt(rows[0]!.sum), charges: Number(c[0]!.n) };
}

async function expectCounted(mandateId: string, repetitions: number | null): Promise<void> {
  const m = (await selectMandate(tdb.db, mandateId))!;
  const t = await taken(mandateId);
  expect({ chargesDone: m.chargesDone, deducted: m.deductedAmount, charges: t.charges }).toEqual({ chargesDone: t.n, deducted: t.sum, charges: t.n });
  if (repetitions !== null) expect(m.chargesDone).toBeLessThanOrEqual(repetitions);
}

async function refusedOrDone(work: () => Promise<unknown>, refusals: Record<string, number>): Promise<void> {
  try {
    await work();
  } catch (e) {
    if (!(e instanceof DomainError) || !EXPECTED_REFUSALS.has(e.code)) throw e;
    refusals[e.code] = (refusals[e.code] ?? 0) + 1;
  }
}

describe('mandate charges at once', () => {
  it('"Charge now" sent 10 times at once charges the payer once and counts it', async () => {
    const now = new Date();
    const id = await activeMandate(12, now);
    const refusals: Record<string, number> = {};
    let charged = 0;
    await Promise.all(
      Array.from({ length: 10 }, () =>
        refusedOrDone(async () => {
          await chargeNow(deps(), MERCHANT, id, 2, now);
          charged++;
        }, refusals),
      ),
    );
    expect(charged).toBe(1);
    expect(refusals.CONFLICT).toBe(9);
    expect(await taken(id)).toEqual({ n: 2, sum: 100_000n, charges: 2 }); // the authorisation's charge and this one
    await expectCounted(id, 12);
  });

  it('pause, charge now and stop at once: a charge taken is counted, none is taken once paused or stopped', async () => {
    const now = new Date();
    for (let round = 0; round < 6; round++) {
      const id = await activeMandate(null, now);
      const refusals: Record<string, number> = {};
      await Promise.all([
        refusedOrDone(() => changeMandate(deps(), MERCHANT, id, 'pause', now), refusals),
        refusedOrDone(() => chargeNow(deps(), MERCHANT, id, 2, now), refusals),
        refusedOrDone(() => changeMandate(deps(), MERCHANT, id, 'stop', now), refusals),
      ]);
      await expectCounted(id, null);
      // Once stopped, nothing charges it.
      expect((await selectMandate(tdb.db, id))!.status).toBe('STOPPED');
      await refusedOrDone(async () => chargeNow(deps(), MERCHANT, id, (await selectMandate(tdb.db, id))!.chargesDone + 1, now), refusals);
      await expectCounted(id, null);
      expect((await taken(id)).n).toBeLessThanOrEqual(2);
    }
  });

  it.each([1, 2, 3])('seed %i: 8 clients mixing charge now, pause, resume, stop and the scheduled run keep the counters true', async (seed) => {
    const rnd = mulberry32(seed);
    const start = new Date();
    const repetitions = [3, 5, null];
    const ids = await Promise.all(repetitions.map((r) => activeMandate(r, start)));
    const refusals: Record<string, number> = {};
    let clock = start.getTime();
    const op = async () => {
      const id = ids[Math.floor(rnd() * ids.length)]!;
      const r = rnd();
      // Time moves on by a day now and then, so the scheduled run finds charges due.
      if (r < 0.1) clock += 86_400_000 + 60_000;
      const now = new Date(clock);
      // A person charges the next charge as the screen shows it (read just before: another client may take it first).
      if (r < 0.35) await refusedOrDone(async () => chargeNow(deps(), MERCHANT, id, (await selectMandate(clients.db, id))!.chargesDone + 1, now), refusals);
      else if (r < 0.5) await refusedOrDone(() => changeMandate(deps(), MERCHANT, id, 'pause', now), refusals);
      else if (r < 0.7) await refusedOrDone(() => changeMandate(deps(), MERCHANT, id, 'resume', now), refusals);
      else if (r < 0.75) await refusedOrDone(() => changeMandate(deps(), MERCHANT, id, 'stop', now), refusals);
      else await refusedOrDone(() => runMandates(deps(), null, now), refusals);
    };
    let next = 0;
    await Promise.all(
      Array.from({ length: CLIENTS }, async () => {
        while (next++ < 120) await op();
      }),
    );
    for (const [i, id] of ids.entries()) await expectCounted(id, repetitions[i]!);
  });
});
