/**
 * Balances (GET /api/balances) and the low-balance limit (PUT /api/balances/{currency}/limit) on real PostgreSQL:
 * every currency of the merchant with zeros, the ledger's numbers, setting and clearing the limit with the spec's
 * messages, the notice when the balance is already below it, permissions and merchant scope.
 */
import { ApiKeyMode, CollectionSource } from '@mg/domain';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCollection, markCollectionPaid } from '../src/modules/collections/service';
import { runSettlements } from '../src/modules/settlements/service';
import { buildAdminTestApp, signIn, type Client } from './helpers/admin-session';
import { createTestDatabase, type TestDatabase } from './helpers/db';
import { balance, upsertProducts } from './helpers/money-fixtures';

let tdb: TestDatabase;
let app: FastifyInstance;
let business: Client; // 10030: THB IDR PHP MYR VND
let demoAdmin: Client; // 10001
let demoRead: Client;
let admin: Client;

beforeAll(async () => {
  tdb = await createTestDatabase();
  await upsertProducts(tdb.pool);
  app = await buildAdminTestApp(tdb);
  [business, demoAdmin, demoRead, admin] = await Promise.all([
    signIn(app, 'demo_business'),
    signIn(app, 'demo_admin'),
    signIn(app, 'demo_read'),
    signIn(app, 'admin'),
  ]);
  // 10030 collects 200.00 THB and the batch settles: available > 0.
  const c = await createCollection(
    { db: tdb.db, publicUrl: app.publicUrl },
    { merchantId: 10030, mode: ApiKeyMode.SANDBOX, source: CollectionSource.API, merchantOrderId: 'BAL-1', amount: 20_000n, currency: 'THB', paymentType: 16 },
  );
  await markCollectionPaid(tdb.db, { merchantId: 10030, id: c.id });
  await runSettlements(tdb.db, { merchantId: 10030, dueOnly: false });
});
afterAll(async () => {
  await app?.close();
  await tdb?.drop();
});

const limitOf = async (c: Client, currency: string) =>
  ((await c.get('/balances')).json().result as { currency: string; limitBalance: string | null; belowLimit: boolean }[]).find((b) => b.currency === currency)!;

async function notices(merchantId: number): Promise<{ title: string; content: string }[]> {
  const { rows } = await tdb.pool.query("select title, content from announcement where merchant_id = $1 and status = 'released' order by id", [merchantId]);
  return rows;
}

describe('GET /api/balances', () => {
  it("every currency of the merchant in its order, zeros included, the ledger's numbers as decimal strings", async () => {
    const res = await business.get('/balances');
    expect(res.statusCode, res.body).toBe(200);
    const rows = res.json().result as { currency: string; available: string; pending: string; frozen: string }[];
    expect(rows.map((r) => r.currency)).toEqual(['THB', 'IDR', 'PHP', 'MYR', 'VND']);
    const thb = rows[0]!;
    const minor = (s: string) => BigInt(s.replace('.', ''));
    expect(minor(thb.available)).toBe(await balance(tdb.pool, 10030, 'THB', 'available'));
    expect(minor(thb.pending)).toBe(await balance(tdb.pool, 10030, 'THB', 'pending'));
    expect(minor(thb.available)).toBeGreaterThan(0n);
    expect(thb.available).toMatch(/^\d+\.\d{2}$/);
    expect(rows.find((r) => r.currency === 'VND')).toEqual({ currency: 'VND', available: '0', pending: '0', frozen: '0', limitBalance: null, belowLimit: false });
  });

  it('merchant scope: own merchant; platform staff may name one; others get 403', async () => {
    expect((await demoRead.get('/balances')).json().result.map((b: { currency: string }) => b.currency)[0]).toBe('IDR');
    expect((await demoAdmin.get('/balances', { merchantId: 10030 })).statusCode).toBe(403);
    const viaAdmin = await admin.get('/balances', { merchantId: 10030 });
    expect(viaAdmin.statusCode).toBe(200);
    expect(viaAdmin.json().result).toEqual((await business.get('/balances')).json().result);
  });

  it("platform staff without a merchant see every merchant's money together: the same figures as their home page", async () => {
    // A second merchant's THB, still pending, so the total is more than one merchant's.
    const c = await createCollection(
      { db: tdb.db, publicUrl: app.publicUrl },
      { merchantId: 10001, mode: ApiKeyMode.SANDBOX, source: CollectionSource.API, merchantOrderId: 'BAL-ALL', amount: 30_000n, currency: 'THB', paymentType: 16 },
    );
    await markCollectionPaid(tdb.db, { merchantId: 10001, id: c.id });
    const all = (await admin.get('/balances')).json().result as { currency: string; available: string; pending: string; frozen: string; limitBalance: string | null }[];
    const thb = all.find((b) => b.currency === 'THB')!;
    const home = (await admin.get('/statistics', { currency: 'THB' })).json().result.balance;
    expect({ available: thb.available, pending: thb.pending, frozen: thb.frozen }).toEqual(home);
    const sum = async (kind: string) =>
      (await balance(tdb.pool, 10030, 'THB', kind)) + (await balance(tdb.pool, 10001, 'THB', kind));
    const minor = (s: string) => BigInt(s.replace('.', ''));
    expect(minor(thb.available)).toBe(await sum('available'));
    expect(minor(thb.pending)).toBe(await sum('pending'));
    expect(minor(thb.pending)).toBeGreaterThan(0n);
    expect(thb.limitBalance).toBeNull();
    // A threshold is one merchant's: staff must name it.
    const put = await admin.put('/balances/THB/limit', { limitBalance: '100' });
    expect(put.statusCode).toBe(400);
    expect(put.json().errors[0].field).toBe('merchantId');
  });
});

describe('PUT /api/balances/{currency}/limit', () => {
  it('validation with the spec messages: required, positive integer; unknown or foreign currency', async () => {
    const put = (v: unknown, currency = 'THB') => business.put(`/balances/${currency}/limit`, { limitBalance: v });
    const empty = await put('');
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors[0]).toMatchObject({ field: 'limitBalance' });
    expect(empty.json().message).toContain('Balance limit is required');
    for (const bad of ['abc', '0', '-5', '12.5', '1e5', 0]) {
      const res = await put(bad);
      expect(res.statusCode, String(bad)).toBe(400);
      expect(res.json().message).toContain('Enter a positive integer');
    }
    expect((await put('99999999999999999')).statusCode).toBe(400);
    // USDT is a real currency but not one of 10030's; XXX is none.
    expect((await put('100', 'USDT')).json().errors[0].field).toBe('currency');
    expect((await put('100', 'XXX')).statusCode).toBe(400);
    expect((await limitOf(business, 'THB')).limitBalance).toBeNull();
  });

  it('set above the balance: below the limit at once (one notice), same value again: no second notice; clear', async () => {
    const available = await balance(tdb.pool, 10030, 'THB', 'available');
    const above = String(available / 100n + 1_000n); // whole baht, above what is there
    const before = (await notices(10030)).length;
    const res = await business.put('/balances/THB/limit', { limitBalance: above });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().result).toMatchObject({ currency: 'THB', limitBalance: `${above}.00`, belowLimit: true });
    const after = await notices(10030);
    expect(after).toHaveLength(before + 1);
    expect(after.at(-1)!.content).toContain(`${above}.00`);
    const { rows: mails } = await tdb.pool.query("select count(*)::int as n from mail_outbox where merchant_id = 10030 and to_address = 'business@lumi-traders.test'");
    expect(mails[0].n).toBeGreaterThanOrEqual(1);

    // The same threshold again keeps watching: no second notice.
    await business.put('/balances/THB/limit', { limitBalance: Number(above) });
    expect(await notices(10030)).toHaveLength(before + 1);

    // Below the balance: not below any more; a number is accepted too.
    const low = await business.put('/balances/THB/limit', { limitBalance: 1 });
    expect(low.json().result).toMatchObject({ limitBalance: '1.00', belowLimit: false });
    expect(await notices(10030)).toHaveLength(before + 1);

    const cleared = await business.put('/balances/THB/limit', { limitBalance: null });
    expect(cleared.json().result).toMatchObject({ limitBalance: null, belowLimit: false });
    const { rows } = await tdb.pool.query("select count(*)::int as n from balance_limit where merchant_id = 10030 and currency = 'THB'");
    expect(rows[0].n).toBe(0);
    const { rows: audits } = await tdb.pool.query("select detail from audit_log where action = 'balance_limit_changed' and merchant_id = 10030 order by id");
    expect(audits.map((a) => a.detail.limitBalance)).toEqual([above, above, '1', null]);
  });

  it('a zero-decimal currency; permission: read-only users may look but not set', async () => {
    const idr = await demoAdmin.put('/balances/IDR/limit', { limitBalance: '100000' });
    expect(idr.statusCode, idr.body).toBe(200);
    expect(idr.json().result.limitBalance).toBe('100000');
    expect((await demoRead.put('/balances/IDR/limit', { limitBalance: '5' })).statusCode).toBe(403);
    expect((await limitOf(demoRead, 'IDR')).limitBalance).toBe('100000');
    const { rows } = await tdb.pool.query("select threshold::text as t from balance_limit where merchant_id = 10001 and currency = 'IDR'");
    expect(rows[0].t).toBe('100000');
  });
});
