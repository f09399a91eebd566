/**
 * Online reports (spec §7 /online/cgreport/api): the popup configuration, the query fields and the data of the
 * reports declared in the domain, under the caller's scope; injection strings in any part of a request are a 400
 * naming the part (or a bound value that matches nothing), never SQL.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildAdminTestApp, client, login, type Client } from './helpers/admin-session';
import { createTestDatabase, type TestDatabase } from './helpers/db';

let tdb: TestDatabase;
let app: FastifyInstance;
let staff: Client;
let merchant: Client;

beforeAll(async () => {
  tdb = await createTestDatabase();
  app = await buildAdminTestApp(tdb);
  staff = client(app, await login(app, 'admin'));
  merchant = client(app, await login(app, 'demo_admin'));
  // A merchant whose name holds the pattern characters of ILIKE.
  await tdb.pool.query(`insert into merchant (id, name, brand, currencies, status) values (10099, 'Percent % Shop_1', 'tikipay', '{IDR}', 'active')`);
});
afterAll(async () => {
  await app?.close();
  await tdb?.drop();
});

const data = (c: Client, code: string, query: Record<string, string> = {}) => c.get(`/online/cgreport/api/getData/${code}`, query);

describe('online reports', () => {
  it('answers the popup configuration and the query fields in the caller language', async () => {
    const cols = await client(app, merchant.token, 'zh-CN').get('/online/cgreport/api/getRpColumns/sub-merchants');
    expect(cols.statusCode).toBe(200);
    expect(cols.json().result).toMatchObject({
      cgRpConfigId: 'sub-merchants',
      cgRpConfigName: '子商户',
      rowKey: 'id',
      columns: expect.arrayContaining([expect.objectContaining({ dataIndex: 'name', title: '名称', sorter: true })]),
      dictOptions: { status: expect.arrayContaining([{ value: 'frozen', text: '冻结' }]) },
    });
    const info = await merchant.get('/online/cgreport/api/getQueryInfo/channels');
    expect(info.json().result).toEqual([
      { field: 'name', label: 'Name', type: 'text' },
      { field: 'currency', label: 'Currency', type: 'currency' },
      { field: 'paymentType', label: 'Payment type', type: 'number' },
    ]);
  });

  it('a merchant sees its own sub-merchants only; staff see every merchant, paged and sorted', async () => {
    // With the session fields the dashboard adds to every call (spec §7): not report fields, not refused.
    const subs = await data(merchant, 'sub-merchants', { column: 'name', order: 'desc', countryCurrency: 'IDR', timeZoneOffset: '420', lang: 'en-US', _t: '1795612377' });
    expect(subs.statusCode).toBe(200);
    expect(subs.json().result).toEqual({
      total: 2,
      records: [expect.objectContaining({ id: 10003, name: 'Demo Store Shop' }), expect.objectContaining({ id: 10002, name: 'Demo Store Games' })],
    });
    const page = await data(staff, 'merchants', { pageNo: '2', pageSize: '2', column: 'id' });
    const all = (await tdb.pool.query<{ id: number }>('select id from merchant order by id')).rows.map((r) => r.id);
    expect(page.json().result.total).toBe(all.length);
    expect(page.json().result.records.map((r: { id: number }) => r.id)).toEqual(all.slice(2, 4));
  });

  it('filters by bound values: a name with % and _ matches itself, a currency, a payment type', async () => {
    const pct = await data(staff, 'merchants', { name: '% shop_' });
    expect(pct.json().result.records.map((r: { id: number }) => r.id)).toEqual([10099]);
    const brl = await data(staff, 'merchants', { currency: 'brl' });
    expect(brl.json().result.records.every((r: { currencies: string[] }) => r.currencies.includes('BRL'))).toBe(true);
    const qris = await data(merchant, 'channels', { name: 'qris', currency: 'IDR' });
    expect(qris.json().result.records).toEqual([{ code: 11, name: 'QRIS', paymentType: expect.any(Number), currencies: ['IDR'] }]);
  });

  it('only provider staff run the merchants report', async () => {
    expect((await data(merchant, 'merchants')).statusCode).toBe(403);
    expect((await merchant.get('/online/cgreport/api/getRpColumns/merchants')).statusCode).toBe(403);
  });

  it('refuses injection strings in the report, the sort, the order, an unknown field and a typed value with 400', async () => {
    const injection = "1' or '1'='1";
    const cases: Array<[string, Record<string, string>, string]> = [
      ["merchants;drop table merchant", {}, 'configId'],
      ['merchants', { column: 'name; drop table merchant' }, 'column'],
      ['merchants', { column: '(select password from app_user limit 1)' }, 'column'],
      ['merchants', { order: 'asc; select 1' }, 'order'],
      ['merchants', { "name') or 1=1 --": 'x' }, "name') or 1=1 --"],
      ['channels', { paymentType: injection }, 'paymentType'],
      ['merchants', { currency: injection }, 'currency'],
      ['merchants', { pageSize: '1000000' }, 'pageSize'],
    ];
    for (const [code, query, field] of cases) {
      const res = await data(staff, code, query);
      expect(res.statusCode, `${code} ${JSON.stringify(query)}`).toBe(400);
      expect(JSON.stringify(res.json()), field).toContain(field.slice(0, 10));
    }
    // As a bound value, an injection string is only text to look for.
    const asValue = await data(staff, 'merchants', { name: injection });
    expect(asValue.json().result).toEqual({ records: [], total: 0 });
    expect((await tdb.pool.query('select count(*)::int as n from merchant')).rows[0].n).toBeGreaterThan(3);
  });
});
