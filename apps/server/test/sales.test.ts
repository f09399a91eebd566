/**
 * Sales (GET /api/sales): collections grouped by local day of the caller's zone, payment type and channel; the
 * same sums as the home statistics over the same range, the same rows in the export, the session currency and the
 * merchant scope, the fee column rule.
 */
import { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildAdminTestApp, signIn, type Client } from './helpers/admin-session';
import { createTestDatabase, type TestDatabase } from './helpers/db';

let tdb: TestDatabase;
let app: FastifyInstance;
let demoAdmin: Client; // 10001 third_role_admin, IDR session
let demoRead: Client; // 10001 third_role_read
let cryptoAdmin: Client; // 10010 crypto_role_admin: no sales page in its variant

const JAKARTA = { 'x-time-zone': 'Asia/Jakarta' };
const SAO_PAULO = { 'x-time-zone': 'America/Sao_Paulo' };
const MARCH = { createTime_begin: '2026-03-01 00:00:00', createTime_end: '2026-03-31 23:59:59' };
let seq = 0;

/** A collection straight in SQL: the sums are what is under test, not how a payment gets there. */
async function collection(o: { at: string; status: string; amount: number; paid?: number | null; fee?: number; paymentType?: number; channel?: number; currency?: string; merchantId?: number }) {
  const id = `CSALES${String(++seq).padStart(8, '0')}`;
  await tdb.pool.query(
    `insert into collection (id, merchant_id, merchant_order_id, mode, source, currency, payment_type, channel, amount, admin_fee, service_fee,
       paid_amount, status, expiry_hours, expires_at, cashier_token, created_at, updated_at)
     values ($1, $2, $1, 'sandbox', 'api', $3, $4, $5, $6, $7, 0, $8, $9, 24, $10::timestamptz + interval '1 day', $1, $10, $10)`,
    [id, o.merchantId ?? 10001, o.currency ?? 'IDR', o.paymentType ?? 1, o.channel ?? 1, o.amount, o.fee ?? 0, o.paid === undefined ? (['success', 'partial', 'refunded'].includes(o.status) ? o.amount : null) : o.paid, o.status, o.at],
  );
}

beforeAll(async () => {
  tdb = await createTestDatabase();
  app = await buildAdminTestApp(tdb);
  [demoAdmin, demoRead, cryptoAdmin] = await Promise.all([signIn(app, 'demo_admin'), signIn(app, 'demo_read'), signIn(app, 'crypto_admin')]);
  // 2026-03-10 18:00 UTC is 03-11 01:00 in Jakarta, still 03-10 15:00 in São Paulo.
  await collection({ at: '2026-03-10T18:00:00Z', status: 'success', amount: 250_000, fee: 5_000 });
  await collection({ at: '2026-03-11T03:00:00Z', status: 'success', amount: 100_000, fee: 4_000 });
  await collection({ at: '2026-03-11T04:00:00Z', status: 'partial', amount: 80_000, paid: 40_000, fee: 1_000 });
  await collection({ at: '2026-03-11T05:00:00Z', status: 'failed', amount: 90_000 });
  await collection({ at: '2026-03-11T06:00:00Z', status: 'pending', amount: 10_000 });
  await collection({ at: '2026-03-11T07:00:00Z', status: 'success', amount: 30_000, fee: 1_500, paymentType: 4, channel: 6 });
  // Other currency, other merchant: never in demo_admin's IDR sales.
  await collection({ at: '2026-03-11T07:00:00Z', status: 'success', amount: 9_999, currency: 'THB', paymentType: 16, channel: 40 });
  await collection({ at: '2026-03-11T07:00:00Z', status: 'success', amount: 77_777, merchantId: 10030 });
});
afterAll(async () => {
  await app?.close();
  await tdb?.drop();
});

type Row = { id: string; date: string; paymentType: number; channel: number | null; orders: number; collected: number; successRate: number | null; amount: string; fees?: string; net: string; currency: string };

describe('GET /api/sales', () => {
  it('groups by local day of the zone, payment type and channel, counting as the home statistics count', async () => {
    const res = await demoAdmin.get('/sales', MARCH, JAKARTA);
    expect(res.statusCode, res.body).toBe(200);
    const rows = res.json().result as Row[];
    expect(rows.map((r) => [r.date, r.paymentType, r.channel])).toEqual([
      ['2026-03-11', 1, 1],
      ['2026-03-11', 4, 6],
    ]);
    const va = rows[0]!;
    // 5 orders (one pending): 3 collected (success, success, partial), 4 decided; paid amounts, fees of collected ones.
    expect(va).toMatchObject({ orders: 5, collected: 3, successRate: 0.75, amount: '390000', net: '380000', currency: 'IDR' });
    expect(rows[1]).toMatchObject({ orders: 1, collected: 1, successRate: 1, amount: '30000', net: '28500' });
  });

  it('the same range in São Paulo splits the evening payment onto the day before', async () => {
    const rows = (await demoAdmin.get('/sales', MARCH, SAO_PAULO)).json().result as Row[];
    expect(rows.map((r) => [r.date, r.paymentType, r.orders])).toEqual([
      ['2026-03-11', 1, 4],
      ['2026-03-11', 4, 1],
      ['2026-03-10', 1, 1],
    ]);
  });

  it('agrees with the home statistics of the same range and zone', async () => {
    const rows = (await demoAdmin.get('/sales', MARCH, JAKARTA)).json().result as Row[];
    const stats = (await demoAdmin.get('/statistics', MARCH, JAKARTA)).json().result;
    const sum = (k: 'amount' | 'fees') => rows.reduce((s, r) => s + BigInt(r[k] ?? '0'), 0n).toString();
    expect(sum('amount')).toBe(stats.collected.amount);
    expect(sum('fees')).toBe(stats.fees);
    expect(rows.reduce((s, r) => s + r.collected, 0)).toBe(stats.collected.count);
  });

  it('filters by payment type and channel; refuses a range over one month', async () => {
    const rows = (await demoAdmin.get('/sales', { ...MARCH, paymentType: 4 }, JAKARTA)).json().result as Row[];
    expect(rows.map((r) => r.channel)).toEqual([6]);
    const long = await demoAdmin.get('/sales', { createTime_begin: '2026-01-01 00:00:00', createTime_end: '2026-03-01 00:00:00' }, JAKARTA);
    expect(long.statusCode).toBe(400);
    expect(long.json().errors[0].field).toBe('createTime_end');
  });

  it('the export holds the same rows and columns as the list (fees hidden by the USD rule for a user without the right)', async () => {
    const list = (await demoAdmin.get('/sales', MARCH, JAKARTA)).json().result as Row[];
    const start = await app.inject({ method: 'POST', url: '/api/exports', headers: { 'x-access-token': demoAdmin.token, 'x-lang': 'en-US', ...JAKARTA }, payload: { kind: 'sales', filters: MARCH } });
    expect(start.statusCode, start.body).toBe(200);
    const file = await app.inject({ method: 'GET', url: new URL(start.json().result.url).pathname, headers: { 'x-access-token': demoAdmin.token } });
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.read(Readable.from(file.rawPayload));
    const sheet = wb.worksheets[0]!;
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    expect(header).toEqual(['Date', 'Payment method', 'Channel', 'Currency', 'Orders', 'Paid', 'Success rate', 'Collected amount', 'Fees', 'Net amount']);
    expect(sheet.rowCount - 1).toBe(list.length);
    expect(sheet.getRow(2).getCell(1).value).toBe(list[0]!.date);
    expect(sheet.getRow(2).getCell(8).value).toBe(Number(list[0]!.amount));
    await tdb.pool.query("update app_user set amount_usd_switch = true where username = 'demo_admin'");
    try {
      const hidden = (await demoAdmin.get('/sales', MARCH, JAKARTA)).json().result as Row[];
      expect(hidden[0]).not.toHaveProperty('fees');
    } finally {
      await tdb.pool.query("update app_user set amount_usd_switch = false where username = 'demo_admin'");
    }
  });

  it('the read role sees it; the crypto admin has no sales (spec §6 crypto variant); no session: 401', async () => {
    expect((await demoRead.get('/sales', MARCH, JAKARTA)).statusCode).toBe(200);
    expect((await cryptoAdmin.get('/sales', MARCH)).statusCode).toBe(403);
    expect((await app.inject({ method: 'GET', url: '/api/sales' })).statusCode).toBe(401);
  });
});
