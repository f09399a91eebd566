import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DomainError, PLATFORM_MERCHANT_ID } from '@mg/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  balanceTransfer,
  balancesOf,
  collectionSucceeded,
  payoutSucceeded,
  postTransfer,
  refund,
  releasePayout,
  replayBalances,
  reservePayout,
  settle,
  statement,
  topUp,
  type TransferRequest,
} from '../src/modules/ledger/service';
import { createTestDatabase, type TestDatabase } from './helpers/db';

let tdb: TestDatabase;
beforeAll(async () => {
  tdb = await createTestDatabase();
});
afterAll(async () => {
  await tdb?.drop();
});

const M = 30001;
const N = 30002;
let seq = 0;
const base = (merchantId = M) => ({ merchantId, currency: 'IDR' as const, reference: `R${++seq}`, idempotencyKey: `k-${seq}` });
const legsOf = (r: TransferRequest) => r.legs.map((l) => [l.account.merchantId, l.account.kind, l.amount]);

async function balance(merchantId: number, kind: string, currency = 'IDR'): Promise<bigint> {
  const rows = await balancesOf(tdb.db, merchantId);
  return rows.find((r) => r.kind === kind && r.currency === currency)?.balance ?? 0n;
}
async function counts() {
  const { rows } = await tdb.pool.query<{ t: number; e: number }>(
    'select (select count(*)::int from ledger_transfer) as t, (select count(*)::int from ledger_entry) as e',
  );
  return rows[0];
}

describe('flow legs (pure)', () => {
  const P = PLATFORM_MERCHANT_ID;
  it('collection: clearing -> pending (amount - fee), clearing -> fee revenue (fee)', () => {
    const r = collectionSucceeded({ ...base(), amount: 1000n, fee: 30n });
    expect(r.actionType).toBe(1);
    expect(legsOf(r)).toEqual([
      [P, 'clearing', -1000n],
      [M, 'pending', 970n],
      [P, 'fee_revenue', 30n],
    ]);
    expect(legsOf(collectionSucceeded({ ...base(), amount: 10n, fee: 0n }))).toHaveLength(2);
  });
  it('settlement, reserve, succeed, release, refund, top-up, balance transfer', () => {
    expect(legsOf(settle({ ...base(), amount: 5n }))).toEqual([
      [M, 'pending', -5n],
      [M, 'available', 5n],
    ]);
    expect(legsOf(reservePayout({ ...base(), amount: 100n, fee: 7n }))).toEqual([
      [M, 'available', -107n],
      [M, 'frozen', 107n],
    ]);
    expect(reservePayout({ ...base(), amount: 1n, fee: 0n, actionType: 3 }).actionType).toBe(3);
    expect(legsOf(payoutSucceeded({ ...base(), amount: 100n, fee: 7n }))).toEqual([
      [M, 'frozen', -107n],
      [P, 'clearing', 100n],
      [P, 'fee_revenue', 7n],
    ]);
    expect(legsOf(releasePayout({ ...base(), amount: 100n, fee: 7n }))).toEqual([
      [M, 'frozen', -107n],
      [M, 'available', 107n],
    ]);
    expect(legsOf(refund({ ...base(), amount: 9n }))).toEqual([
      [M, 'available', -9n],
      [P, 'clearing', 9n],
    ]);
    expect(legsOf(topUp({ ...base(), amount: 9n }))).toEqual([
      [P, 'clearing', -9n],
      [M, 'available', 9n],
    ]);
    const bt = balanceTransfer({ ...base(), toMerchantId: N, amount: 50n, fee: 2n });
    expect(bt.actionType).toBe(7);
    expect(legsOf(bt)).toEqual([
      [M, 'available', -52n],
      [N, 'available', 50n],
      [P, 'fee_revenue', 2n],
    ]);
  });
  it('every flow sums to zero; bad amounts are refused', () => {
    for (const r of [
      collectionSucceeded({ ...base(), amount: 1000n, fee: 30n }),
      payoutSucceeded({ ...base(), amount: 1n, fee: 1n }),
      balanceTransfer({ ...base(), toMerchantId: N, amount: 3n, fee: 1n }),
    ]) {
      expect(r.legs.reduce((s, l) => s + l.amount, 0n)).toBe(0n);
    }
    expect(() => settle({ ...base(), amount: 0n })).toThrow(RangeError);
    expect(() => collectionSucceeded({ ...base(), amount: 10n, fee: 11n })).toThrow(RangeError);
    expect(() => balanceTransfer({ ...base(), toMerchantId: M, amount: 1n, fee: 0n })).toThrow(RangeError);
  });
});

describe('postTransfer', () => {
  it('posts a collection with balances before and after; settlement moves pending to available', async () => {
    const c = await postTransfer(tdb.db, collectionSucceeded({ ...base(), amount: 1000n, fee: 30n }));
    expect(c.replayed).toBe(false);
    expect(c.entries.map((e) => [e.kind, e.amount, e.balanceBefore, e.balanceAfter])).toEqual([
      ['clearing', -1000n, 0n, -1000n],
      ['pending', 970n, 0n, 970n],
      ['fee_revenue', 30n, 0n, 30n],
    ]);
    await postTransfer(tdb.db, settle({ ...base(), amount: 900n }));
    expect(await balance(M, 'pending')).toBe(70n);
    expect(await balance(M, 'available')).toBe(900n);
  });

  it('payout reserve then succeed; another reserve then release', async () => {
    await postTransfer(tdb.db, reservePayout({ ...base(), amount: 100n, fee: 5n }));
    expect(await balance(M, 'available')).toBe(795n);
    expect(await balance(M, 'frozen')).toBe(105n);
    await postTransfer(tdb.db, payoutSucceeded({ ...base(), amount: 100n, fee: 5n }));
    expect(await balance(M, 'frozen')).toBe(0n);
    await postTransfer(tdb.db, reservePayout({ ...base(), amount: 200n, fee: 5n }));
    await postTransfer(tdb.db, releasePayout({ ...base(), amount: 200n, fee: 5n }));
    expect(await balance(M, 'available')).toBe(795n);
    expect(await balance(PLATFORM_MERCHANT_ID, 'fee_revenue')).toBe(35n);
  });

  it('refund, top-up and balance transfer', async () => {
    await postTransfer(tdb.db, refund({ ...base(), amount: 95n }));
    await postTransfer(tdb.db, topUp({ ...base(), amount: 300n }));
    await postTransfer(tdb.db, balanceTransfer({ ...base(), toMerchantId: N, amount: 400n, fee: 10n }));
    expect(await balance(M, 'available')).toBe(590n);
    expect(await balance(N, 'available')).toBe(400n);
    expect(await balance(PLATFORM_MERCHANT_ID, 'fee_revenue')).toBe(45n);
  });

  it('below zero is INSUFFICIENT_BALANCE (422) and writes nothing', async () => {
    const before = await counts();
    const err = await postTransfer(tdb.db, refund({ ...base(), amount: 10_000n })).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(DomainError);
    expect((err as DomainError).code).toBe('INSUFFICIENT_BALANCE');
    expect((err as DomainError).httpStatus).toBe(422);
    // a new merchant's first debit also fails, and leaves no account behind
    await expect(postTransfer(tdb.db, settle({ ...base(39999), amount: 1n }))).rejects.toMatchObject({ code: 'INSUFFICIENT_BALANCE' });
    expect(await counts()).toEqual(before);
    expect(await balancesOf(tdb.db, 39999)).toEqual([]);
  });

  it('unbalanced legs are refused', async () => {
    const r = topUp({ ...base(), amount: 5n });
    r.legs[0] = { account: r.legs[0]!.account, amount: -4n };
    await expect(postTransfer(tdb.db, r)).rejects.toMatchObject({ code: 'BUSINESS_RULE' });
  });

  it('the database CHECK refuses a negative merchant balance even outside postTransfer', async () => {
    await expect(tdb.pool.query(`update ledger_account set balance = -1 where merchant_id = $1 and kind = 'available'`, [M])).rejects.toMatchObject({
      code: '23514',
      constraint: 'ledger_account_non_negative_ck',
    });
    // clearing may go negative
    expect(await balance(PLATFORM_MERCHANT_ID, 'clearing')).toBeLessThan(0n);
  });

  it('an idempotency key replays the first result and writes nothing; another movement with it is a conflict', async () => {
    const req = topUp({ ...base(), amount: 11n });
    const first = await postTransfer(tdb.db, req);
    const before = await counts();
    const again = await postTransfer(tdb.db, req);
    expect(again.replayed).toBe(true);
    expect(again.transferId).toBe(first.transferId);
    expect(again.entries).toEqual(first.entries);
    expect(await counts()).toEqual(before);
    await expect(postTransfer(tdb.db, { ...topUp({ ...base(), amount: 12n }), idempotencyKey: req.idempotencyKey })).rejects.toMatchObject({
      code: 'CONFLICT',
    });
  });

  it('statement: balance records with action type, amount, fee, before/after, reference; paged', async () => {
    const page = await statement(tdb.db, M, 'IDR', { pageNo: 1, pageSize: 3 });
    expect(page.total).toBeGreaterThan(3);
    expect(page.records).toHaveLength(3);
    const all = await statement(tdb.db, M, 'IDR', { pageNo: 1, pageSize: 100, kind: 'pending' });
    const col = all.records.at(-1)!;
    expect(col).toMatchObject({ actionType: 1, flow: 'collection_succeeded', amount: 970n, grossAmount: 1000n, fee: 30n, balanceBefore: 0n, balanceAfter: 970n });
    expect(col.reference).toMatch(/^R\d+$/);
    const p2 = await statement(tdb.db, M, 'IDR', { pageNo: 2, pageSize: 3 });
    expect(p2.records[0]!.entryId).toBeLessThan(page.records[2]!.entryId);
  });

  it('stored balances equal the replay of entries', async () => {
    for (const r of await replayBalances(tdb.db)) {
      expect(r.replayed).toBe(r.balance);
      if (r.lastBalanceAfter !== null) expect(r.lastBalanceAfter).toBe(r.balance);
    }
  });

  it('append-only: no code path of the server updates or deletes ledger entries or transfers', () => {
    const root = join(__dirname, '../src');
    const files: string[] = [];
    const walk = (d: string) => {
      for (const e of readdirSync(d, { withFileTypes: true })) {
        if (e.isDirectory()) walk(join(d, e.name));
        else if (e.name.endsWith('.ts')) files.push(join(d, e.name));
      }
    };
    walk(root);
    for (const f of files) {
      const src = readFileSync(f, 'utf8');
      expect(src, f).not.toMatch(/\.(update|delete)\(\s*ledger(Entry|Transfer)\b/);
      expect(src, f).not.toMatch(/(update|delete\s+from|truncate)\s+"?ledger_(entry|transfer)\b/i);
    }
  });
});
