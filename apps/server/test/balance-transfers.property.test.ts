/**
 * Balance transfers under concurrency: seeded random transfers in every direction between a parent and its two
 * sub-merchants (many more than the balances cover, some retried with the same request id), next to top-ups paid or
 * failed at the cashier (with a top-up fee), withdrawals approved or rejected and answered by the bank, and payouts
 * made and cancelled, from 8 concurrent clients on real PostgreSQL. Every refusal must be one a user could get;
 * afterwards every transfer, payout and withdrawal invariant holds, each side's statement replays to its balance, and
 * no money was made or lost: what the three hold plus the transfer fees taken is what came in (top-ups less their
 * fees) less what was paid out.
 */
import { DomainError, PaymentType } from '@mg/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/pool';
import { FieldValidationError } from '../src/lib/errors';
import { mulberry32 } from '../src/lib/random';
import { createTransfer } from '../src/modules/balance-transfers/service';
import { postTransfer, topUp } from '../src/modules/ledger/service';
import { cancelPayout, createPayout } from '../src/modules/payouts/service';
import { createTopUp, finishTopUp } from '../src/modules/top-ups/service';
import { createCollection, getCollection, markCollectionPaid, refundableOf } from '../src/modules/collections/service';
import { createRefund } from '../src/modules/refunds/service';
import { runSettlements } from '../src/modules/settlements/service';
import { addAccount, completeDueWithdrawals, createWithdrawal, reviewWithdrawal, verifyAccount } from '../src/modules/withdrawals/service';
import { closeConcurrentDatabase, openConcurrentDatabase } from './helpers/concurrent-db';
import type { TestDatabase } from './helpers/db';
import { balance, count, createMerchant, setFeeRule } from './helpers/money-fixtures';
import { checkPayoutInvariants } from './helpers/payout-invariants';
import { checkTransferInvariants } from './helpers/transfer-invariants';

const SEEDS = [1, 2, 3];
const OPS = 200;
const CLIENTS = 8;
const OVER_BALANCE = new Set(['balance-transfers.amountPlusFeeOverAvailable', 'withdrawals.overBalance']);
const EXPECTED_REFUSALS = new Set(['INSUFFICIENT_BALANCE', 'VALIDATION_FAILED', 'STATE_TRANSITION_INVALID', 'BUSINESS_RULE', 'REFUND_AMOUNT_INVALID', 'REFUND_NOT_ALLOWED']);

let tdb: TestDatabase;
let clients: Database;
beforeAll(async () => {
  ({ tdb, clients } = await openConcurrentDatabase('mg-test-transfers-property', CLIENTS));
});
afterAll(() => closeConcurrentDatabase(tdb, clients));

describe('balance transfers from 8 concurrent clients', () => {
  it.each(SEEDS)('seed %i: every invariant holds, no money made or lost, nothing below zero', async (seed) => {
    const rnd = mulberry32(seed);
    const int = (lo: number, hi: number) => lo + Math.floor(rnd() * (hi - lo + 1));
    const parent = 56000 + seed * 10;
    const family = [parent, parent + 1, parent + 2];
    for (const id of family) await createMerchant(tdb.pool, { id, currencies: ['IDR'] });
    await tdb.pool.query('update merchant set parent_id = $1 where id = any($2)', [parent, family.slice(1)]);
    for (const id of family) {
      await setFeeRule(tdb.pool, { merchantId: id, currency: 'IDR', paymentType: PaymentType.BALANCE_TRANSFER, rateBps: 30, fixedFee: 500n });
      await setFeeRule(tdb.pool, { merchantId: id, currency: 'IDR', paymentType: PaymentType.PAYOUT, rateBps: 0, fixedFee: 1_000n });
      await setFeeRule(tdb.pool, { merchantId: id, currency: 'IDR', paymentType: PaymentType.MERCHANT_TOP_UP, rateBps: 50, fixedFee: 0n });
      await postTransfer(tdb.db, topUp({ merchantId: id, currency: 'IDR', reference: `fund-${id}`, idempotencyKey: `fund-${id}`, amount: 3_000_000n }));
    }
    const accounts = new Map<number, number>();
    for (const id of family) {
      const a = await addAccount(tdb.db, { merchantId: id, currency: 'IDR', bankCode: 'BCA', accountName: 'Own account', accountNumber: `12345678${String(id % 100).padStart(2, '0')}`, createdBy: 'prop' }, null);
      await verifyAccount(tdb.db, a.id, true, 'staff');
      accounts.set(id, a.id);
    }
    const feeRevenueBefore = await balance(tdb.pool, 10000, 'IDR', 'fee_revenue');

    const sent: { merchantId: number; toMerchantId: number; amount: bigint; requestId: string }[] = [];
    const payouts: { merchantId: number; id: string }[] = [];
    const collections: { merchantId: number; id: string }[] = [];
    const refusals: Record<string, number> = {};
    let replays = 0;
    const op = async (i: number) => {
      const r = rnd();
      try {
        if (r < 0.6) {
          // a new transfer, or (one in six) the same request again
          const again = sent.length > 0 && rnd() < 1 / 6 ? sent[int(0, sent.length - 1)]! : undefined;
          const from = family[int(0, 2)]!;
          const others = family.filter((m) => m !== from);
          const t = again ?? { merchantId: from, toMerchantId: others[int(0, 1)]!, amount: BigInt(int(1_000, 300_000)), requestId: `s${seed}-t${i}` };
          const out = await createTransfer(clients.db, { ...t, currency: 'IDR', createdBy: 'prop' });
          if (out.replayed) replays++;
          else sent.push(t);
        } else if (r < 0.7) {
          // a top-up made and paid (or failed) at the cashier
          const m = family[int(0, 2)]!;
          const t = await createTopUp(clients.db, { merchantId: m, currency: 'IDR', amount: BigInt(int(10_000, 100_000)), paymentType: PaymentType.VA, createdBy: 'prop' });
          await finishTopUp(clients.db, { merchantId: m, id: t.id, outcome: rnd() < 0.8 ? 'paid' : 'failed' });
        } else if (r < 0.78) {
          // a withdrawal to the merchant's verified account, then provider staff's decision and the bank's answer
          const m = family[int(0, 2)]!;
          const w = await createWithdrawal(clients.db, { merchantId: m, currency: 'IDR', amount: BigInt(int(1_000_000, 1_300_000)), accountId: accounts.get(m)!, createdBy: 'prop' });
          await reviewWithdrawal(clients.db, { merchantId: m, id: w.id, approve: rnd() < 0.8, reason: 'random', by: 'staff' });
          await completeDueWithdrawals(clients.db, new Date(Date.now() + 60_000));
        } else if (r < 0.84) {
          // a customer pays a collection (pending until settled), sometimes refunded, sometimes settled
          const m = family[int(0, 2)]!;
          const col = await createCollection({ db: clients.db, publicUrl: 'https://pay.test' }, { merchantId: m, mode: 'sandbox', source: 'api', merchantOrderId: `s${seed}-c${i}`, amount: BigInt(int(20_000, 300_000)), currency: 'IDR', paymentType: PaymentType.VA });
          await markCollectionPaid(clients.db, { merchantId: m, id: col.id });
          collections.push({ merchantId: m, id: col.id });
        } else if (r < 0.86 && collections.length > 0) {
          const c = collections[int(0, collections.length - 1)]!;
          const left = refundableOf((await getCollection(clients.db, c.merchantId, c.id))!);
          if (left > 0n) await createRefund(clients.db, { merchantId: c.merchantId, collectionId: c.id, amount: left / 2n + 1n, refundWay: 'original', reason: 'property test', createdBy: 'prop' });
        } else if (r < 0.88) {
          await runSettlements(clients.db, { now: new Date(Date.now() + 7 * 86_400_000), dueOnly: false, merchantId: family[int(0, 2)]! });
        } else if (r < 0.93 || payouts.length === 0) {
          const merchantId = family[int(0, 2)]!;
          const row = await createPayout(clients.db, {
            merchantId,
            mode: 'sandbox',
            merchantOrderId: `s${seed}-p${i}`,
            amount: BigInt(int(10_000, 200_000)),
            currency: 'IDR',
            bankCode: 'BCA',
            accountName: 'Budi',
            accountNumber: '1234567890',
            createdBy: 'prop',
          });
          payouts.push({ merchantId, id: row.id });
        } else {
          await cancelPayout(clients.db, payouts[int(0, payouts.length - 1)]!);
        }
      } catch (e) {
        // The checks of amount + fee against the available balance answer 400 naming `amount`.
        const code = e instanceof FieldValidationError && OVER_BALANCE.has(e.issues[0]?.messageKey ?? '') ? 'VALIDATION_FAILED' : e instanceof DomainError ? e.code : undefined;
        if (!code || !EXPECTED_REFUSALS.has(code)) throw e;
        refusals[code] = (refusals[code] ?? 0) + 1;
      }
    };
    let next = 0;
    await Promise.all(
      Array.from({ length: CLIENTS }, async () => {
        while (next < OPS) await op(next++);
      }),
    );

    // The balances covered only part of what was asked: some were refused, none went through unfunded.
    expect((refusals.INSUFFICIENT_BALANCE ?? 0) + (refusals.VALIDATION_FAILED ?? 0)).toBeGreaterThan(0);
    expect(sent.length).toBeGreaterThan(20);
    expect(replays).toBeGreaterThan(0);
    // Withdrawals really ran (how many were approved or rejected depends on the interleaving of the clients).
    const ended = await tdb.pool.query<{ n: number }>(`select count(*)::int as n from withdrawal where merchant_id = any($1) and status in ('success', 'failed', 'rejected')`, [family]);
    expect(ended.rows[0]!.n).toBeGreaterThan(0);
    await checkTransferInvariants(tdb.pool);
    await checkPayoutInvariants(tdb.pool, tdb.db, family, { availableFromRows: false });

    // Conservation, from the ledger's own transfers of the family: what the three merchants hold (available, pending,
    // frozen) is what came in (top-ups and paid collections, less their fees) less what went out for good (refunds,
    // paid payouts and withdrawals with their fees, the fees of transfers); transfers inside the family, holds and
    // settlement only move money between their accounts.
    const { rows } = await tdb.pool.query<{ held: string; expected: string }>(
      `select
         (select coalesce(sum(balance), 0) from ledger_account where merchant_id = any($1) and currency = 'IDR' and kind in ('available','pending','frozen'))::text as held,
         (select coalesce(sum(case flow
                   when 'top_up' then amount - fee
                   when 'collection_succeeded' then amount - fee
                   when 'refund' then -amount
                   when 'payout_succeeded' then -(amount + fee)
                   when 'balance_transfer' then -fee
                   else 0 end), 0)
            from ledger_transfer where merchant_id = any($1) and currency = 'IDR')::text as expected`,
      [family],
    );
    expect(BigInt(rows[0]!.held)).toBe(BigInt(rows[0]!.expected));
    // Every collection, refund and settlement of the family has its transfer.
    expect(await count(tdb.pool, `select 1 from collection c where c.merchant_id = any($1) and c.status = 'success' and not exists (select 1 from ledger_transfer t where t.merchant_id = c.merchant_id and t.reference = c.id and t.flow = 'collection_succeeded')`, [family])).toBe(0);
    expect(await count(tdb.pool, `select 1 from refund r where r.merchant_id = any($1) and r.status = 'returned_success' and not exists (select 1 from ledger_transfer t where t.merchant_id = r.merchant_id and t.reference = r.id and t.flow = 'refund')`, [family])).toBe(0);
    expect(collections.length).toBeGreaterThan(0);
    expect((await balance(tdb.pool, 10000, 'IDR', 'fee_revenue')) - feeRevenueBefore).toBeGreaterThan(0n);
  });
});
