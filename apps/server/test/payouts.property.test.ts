/**
 * Payout money under concurrency: seeded random creations (many more than the balance covers), approvals,
 * rejections, cancellations, sends and channel answers from 8 concurrent clients on real PostgreSQL. Every refusal
 * must be one a user could get (insufficient balance, a payout no longer in that state); afterwards every payout
 * invariant holds and no balance is below zero.
 */
import { DomainError } from '@mg/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/pool';
import { mulberry32 } from '../src/lib/random';
import { postTransfer, topUp } from '../src/modules/ledger/service';
import { approvePayout, cancelPayout, completePayout, createPayout, rejectPayout, sendApproved } from '../src/modules/payouts/service';
import { closeConcurrentDatabase, openConcurrentDatabase } from './helpers/concurrent-db';
import type { TestDatabase } from './helpers/db';
import { balance, createMerchant, setFeeRule } from './helpers/money-fixtures';
import { checkPayoutInvariants } from './helpers/payout-invariants';

const SEEDS = [1, 2, 3];
const OPS = 160;
const CLIENTS = 8;
const EXPECTED_REFUSALS = new Set(['INSUFFICIENT_BALANCE', 'BUSINESS_RULE', 'STATE_TRANSITION_INVALID']);

let tdb: TestDatabase;
let clients: Database;
beforeAll(async () => {
  ({ tdb, clients } = await openConcurrentDatabase('mg-test-payouts-property', CLIENTS));
});
afterAll(() => closeConcurrentDatabase(tdb, clients));

describe('payouts from 8 concurrent clients', () => {
  it.each(SEEDS)('seed %i keeps every invariant and never lets available go below zero', async (seed) => {
    const rnd = mulberry32(seed);
    const int = (lo: number, hi: number) => lo + Math.floor(rnd() * (hi - lo + 1));
    const merchantId = 54000 + seed;
    await createMerchant(tdb.pool, { id: merchantId, currencies: ['IDR'] });
    await setFeeRule(tdb.pool, { merchantId, currency: 'IDR', paymentType: 8, rateBps: 50, fixedFee: 1_000n });
    await postTransfer(tdb.db, topUp({ merchantId, currency: 'IDR', reference: `fund-${seed}`, idempotencyKey: `fund-${seed}`, amount: 2_000_000n }));

    const ids: string[] = [];
    const refusals: Record<string, number> = {};
    const op = async (i: number) => {
      const r = rnd();
      const id = ids.length ? ids[int(0, ids.length - 1)]! : undefined;
      const a = { merchantId, id: id ?? '' };
      try {
        if (r < 0.45 || !id) {
          const row = await createPayout(clients.db, {
            merchantId,
            mode: 'sandbox',
            merchantOrderId: `S${seed}-${i}`,
            amount: BigInt(int(10_000, 400_000)),
            currency: 'IDR',
            bankCode: 'BCA',
            accountName: 'Budi',
            accountNumber: `12345678${String(int(0, 99)).padStart(2, '0')}`,
            createdBy: 'maker',
          });
          ids.push(row.id);
        } else if (r < 0.6) await approvePayout(clients.db, { ...a, approver: 'checker' });
        else if (r < 0.7) await rejectPayout(clients.db, { ...a, approver: 'checker', reason: 'random' });
        else if (r < 0.78) await cancelPayout(clients.db, a);
        else if (r < 0.86) await sendApproved(clients.db, 20);
        else if (r < 0.94) await completePayout(clients.db, { ...a, result: { status: 'success' } });
        else await completePayout(clients.db, { ...a, result: { status: 'failed', reason: 'BANK_REFUSED' } });
      } catch (e) {
        if (!(e instanceof DomainError) || !EXPECTED_REFUSALS.has(e.code)) throw e;
        refusals[e.code] = (refusals[e.code] ?? 0) + 1;
      }
    };
    let next = 0;
    await Promise.all(
      Array.from({ length: CLIENTS }, async () => {
        while (next < OPS) await op(next++);
      }),
    );
    // The balance covers only part of what was asked: some creations were refused, none went through unfunded.
    expect(refusals.INSUFFICIENT_BALANCE ?? 0).toBeGreaterThan(0);
    expect(await balance(tdb.pool, merchantId, 'IDR', 'available')).toBeGreaterThanOrEqual(0n);
    await checkPayoutInvariants(tdb.pool, tdb.db, [merchantId]);
  });
});
