import { DICTIONARIES, translate } from '@mg/domain';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { seedDictionaries } from '../src/db/migrate';
import { buildTestApp } from './helpers/app';
import { signIn } from './helpers/auth';
import { createTestDatabase, type TestDatabase } from './helpers/db';

let tdb: TestDatabase;
let app: FastifyInstance;

beforeAll(async () => {
  tdb = await createTestDatabase();
  app = await buildTestApp(tdb);
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  await tdb?.drop();
});

const get = (url: string, lang = 'en-US') => app.inject({ url, headers: { 'x-lang': lang } });

async function tableSnapshot() {
  const d = await tdb.pool.query('select count(*)::int as n from dict');
  const i = await tdb.pool.query('select count(*)::int as n from dict_item');
  return { dicts: d.rows[0].n as number, items: i.rows[0].n as number };
}

describe('dictionaries', () => {
  it('the template is seeded with every registered dictionary', async () => {
    const { rows } = await tdb.pool.query<{ dict_code: string }>('select dict_code from dict order by dict_code');
    expect(rows.map((r) => r.dict_code)).toEqual(Object.keys(DICTIONARIES).sort());
  });

  it('getDictItems: payment_type translated, en-US vs th-TH', async () => {
    const en = await get('/api/sys/dict/getDictItems/payment_type', 'en-US');
    const th = await get('/api/sys/dict/getDictItems/payment_type', 'th-TH');
    expect(en.statusCode).toBe(200);
    const enItems = en.json().result as { value: string; text: string; title: string; label: string }[];
    const thItems = th.json().result as typeof enItems;
    const expected = DICTIONARIES.payment_type!();
    expect(enItems.map((i) => i.value)).toEqual(expected.map((i) => i.value));
    for (const [n, it] of enItems.entries()) {
      expect(it.text).toBe(translate('en-US', expected[n]!.textKey));
      expect(it.text).not.toBe(expected[n]!.textKey);
      expect(it.title).toBe(it.text);
      expect(it.label).toBe(it.text);
      expect(thItems[n]!.text).toBe(translate('th-TH', expected[n]!.textKey));
    }
    expect(thItems.map((i) => i.text)).not.toEqual(enItems.map((i) => i.text));
  });

  it('a fixed item_text wins over the key (brand names)', async () => {
    const res = await get('/api/sys/dict/getDictItems/brand', 'zh-CN');
    expect(res.json().result).toContainEqual(expect.objectContaining({ value: 'lumipay', text: 'LumiPay' }));
  });

  it('loadDictItem: texts of the given values in order; unknown values answer themselves', async () => {
    const all = (await get('/api/sys/dict/getDictItems/payment_type')).json().result as { value: string; text: string }[];
    const [a, b] = [all[1]!, all[0]!];
    const res = await get(`/api/sys/dict/loadDictItem/payment_type?key=${a.value},${b.value},nope`);
    expect(res.statusCode).toBe(200);
    expect(res.json().result).toEqual([a.text, b.text, 'nope']);
  });

  it('loadDict: keyword matches text or value, case-insensitive', async () => {
    const all = (await get('/api/sys/dict/getDictItems/currency')).json().result as { value: string; text: string }[];
    const byValue = await get('/api/sys/dict/loadDict/currency?keyword=idr');
    expect(byValue.json().result.map((i: { value: string }) => i.value)).toContain('IDR');
    const target = all.find((i) => i.value === 'THB')!;
    const word = target.text.slice(0, 4).toUpperCase();
    const byText = await get(`/api/sys/dict/loadDict/currency?keyword=${encodeURIComponent(word)}`);
    expect(byText.json().result.map((i: { value: string }) => i.value)).toContain('THB');
    const none = await get('/api/sys/dict/loadDict/currency?keyword=%25%27%20or%201%3D1');
    expect(none.statusCode).toBe(200);
    expect(none.json().result).toEqual([]);
    const everything = await get('/api/sys/dict/loadDict/currency');
    expect(everything.json().result.length).toBe(all.length);
  });

  it('queryAllDictItems: every dictionary with its items', async () => {
    const res = await get('/api/sys/dict/queryAllDictItems', 'pt-BR');
    expect(res.statusCode).toBe(200);
    const result = res.json().result as Record<string, { value: string; text: string }[]>;
    expect(Object.keys(result).sort()).toEqual(Object.keys(DICTIONARIES).sort());
    expect(result.payment_type!.length).toBe(DICTIONARIES.payment_type!().length);
  });

  it.each([
    'sys_user,username,password',
    "payment_type' or '1'='1",
    'payment_type;drop table dict',
    'payment_type union select 1',
    'constructor',
    '__proto__',
    'PAYMENT_TYPE',
    'no_such_dict',
  ])('refuses %j with 400 DICT_UNKNOWN naming it; tables unchanged', async (code) => {
    const before = await tableSnapshot();
    for (const route of ['getDictItems', 'loadDictItem', 'loadDict']) {
      const res = await get(`/api/sys/dict/${route}/${encodeURIComponent(code)}?key=1&keyword=a`);
      expect(res.statusCode, route).toBe(400);
      const b = res.json();
      expect(b).toMatchObject({ success: false, code: 400, errorCode: 'DICT_UNKNOWN', result: null });
      expect(b.message).toContain(code.slice(0, 20));
      expect(b.message).not.toMatch(/^error\./);
    }
    expect(await tableSnapshot()).toEqual(before);
  });

  it('a registered code missing from the database is refused too', async () => {
    await tdb.pool.query("update dict set status = 0 where dict_code = 'refund_way'");
    app.dict.clearCache();
    const res = await get('/api/sys/dict/getDictItems/refund_way');
    expect(res.statusCode).toBe(400);
    expect(res.json().errorCode).toBe('DICT_UNKNOWN');
    await tdb.pool.query("update dict set status = 1 where dict_code = 'refund_way'");
  });

  it('an edited text shows without a refresh (the tables notify every instance); refleshCache needs a session', async () => {
    const before = (await get('/api/sys/dict/getDictItems/payment_type')).json().result[0];
    await tdb.pool.query(
      "update dict_item set item_text = 'Edited text' where item_value = $1 and dict_id = (select id from dict where dict_code = 'payment_type')",
      [before.value],
    );
    // The cache follows the write through its NOTIFY (db/change-listener.ts), not through a call of anyone's.
    await vi.waitFor(async () => expect((await get('/api/sys/dict/getDictItems/payment_type')).json().result[0].text).toBe('Edited text'), { timeout: 10_000, interval: 50 });
    expect((await get('/api/sys/dict/refleshCache')).statusCode).toBe(401);
    const token = await signIn(app, 'demo_read');
    const r = await app.inject({ url: '/api/sys/dict/refleshCache', headers: { 'x-access-token': token } });
    expect(r.statusCode).toBe(200);
    expect(r.json()).toMatchObject({ success: true, code: 200 });
    expect((await get('/api/sys/dict/getDictItems/payment_type')).json().result[0].text).toBe('Edited text');
  });

  it('seeding is idempotent, keeps operator texts and restores removed items', async () => {
    const before = await tableSnapshot();
    await tdb.pool.query("delete from dict_item where dict_id = (select id from dict where dict_code = 'currency') and item_value = 'IDR'");
    await seedDictionaries(tdb.pool);
    await seedDictionaries(tdb.pool);
    expect(await tableSnapshot()).toEqual(before);
    const { rows } = await tdb.pool.query("select count(*)::int as n from dict_item where item_text = 'Edited text'");
    expect(rows[0].n).toBe(1);
  });
});
