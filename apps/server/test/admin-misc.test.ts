/** Announcements, security history, mail outbox, dictionary admin and the duplicate / rule checks. */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildAdminTestApp, signIn, userId, type Client } from './helpers/admin-session';
import { createTestDatabase, type TestDatabase } from './helpers/db';

let tdb: TestDatabase;
let app: FastifyInstance;
let admin: Client;
let demoAdmin: Client;
let demoRead: Client;
let brAdmin: Client;
let business: Client;

beforeAll(async () => {
  tdb = await createTestDatabase();
  app = await buildAdminTestApp(tdb);
  [admin, demoAdmin, demoRead, brAdmin, business] = await Promise.all([
    signIn(app, 'admin'),
    signIn(app, 'demo_admin'),
    signIn(app, 'demo_read'),
    signIn(app, 'br_admin'),
    signIn(app, 'demo_business'),
  ]);
});
afterAll(async () => {
  await app?.close();
  await tdb?.drop();
});

async function counts() {
  const { rows } = await tdb.pool.query(
    'select (select count(*)::int from app_user) as users, (select count(*)::int from role) as roles, (select count(*)::int from department) as departs, (select count(*)::int from dict) as dicts, (select count(*)::int from dict_item) as items',
  );
  return rows[0];
}

describe('announcements', () => {
  let globalId: number;
  let brOnly: number;

  it('platform writes drafts (global and for one merchant), releases, edits only drafts', async () => {
    const g = await admin.post('/sys/annountCement/add', {
      title: 'Maintenance',
      content: 'Sunday 02:00',
      priority: 'H',
    });
    expect(g.statusCode, g.body).toBe(200);
    globalId = g.json().result.id;
    expect(g.json().result).toMatchObject({ status: 'draft', merchantId: null });
    const b = await admin.post('/sys/annountCement/add', {
      title: 'Pix novo',
      content: 'x',
      merchantId: 10020,
    });
    brOnly = b.json().result.id;
    const e = await admin.put('/sys/annountCement/edit', {
      id: globalId,
      title: 'Maintenance window',
      content: 'Sunday 02:00 UTC',
    });
    expect(e.json().result.title).toBe('Maintenance window');
    // Not visible to users while a draft.
    expect((await demoRead.get('/sys/annountCement/listByUser')).json().result.records).toEqual([]);
    for (const id of [globalId, brOnly])
      expect((await admin.get('/sys/annountCement/doReleaseData', { id })).statusCode).toBe(200);
    const again = await admin.get('/sys/annountCement/doReleaseData', { id: globalId });
    expect(again.statusCode).toBe(422);
    const late = await admin.put('/sys/annountCement/edit', { id: globalId, title: 'late', content: 'x' });
    expect(late.statusCode).toBe(422);
  });

  it('listByUser: released for the caller merchant or all, read flags and unread count', async () => {
    const mine = (await demoRead.get('/sys/annountCement/listByUser')).json().result;
    expect(mine.unreadCount).toBe(1);
    expect(mine.records.map((r: { id: number }) => r.id)).toEqual([globalId]);
    const br = (await brAdmin.get('/sys/annountCement/listByUser')).json().result;
    expect(br.unreadCount).toBe(2);
    expect((await demoRead.put('/sys/annountCement/read', { id: globalId })).statusCode).toBe(200);
    expect((await demoRead.put('/sys/annountCement/read', { id: globalId })).statusCode).toBe(200);
    const after = (await demoRead.get('/sys/annountCement/listByUser')).json().result;
    expect(after).toMatchObject({ unreadCount: 0, records: [{ id: globalId, read: true }] });
    // Another merchant's announcement cannot be marked (404).
    expect((await demoRead.put('/sys/annountCement/read', { id: brOnly })).statusCode).toBe(404);
  });

  it('list: platform all, or one merchant (its own and the global ones); merchants 403; revoke hides it', async () => {
    const list = (await admin.get('/sys/annountCement/list', { merchantId: 10001 })).json().result;
    expect(list.records.map((r: { id: number }) => r.id)).toEqual([globalId]);
    expect((await demoAdmin.get('/sys/annountCement/list')).statusCode).toBe(403);
    expect((await admin.get('/sys/annountCement/list')).json().result.total).toBe(2);
    expect((await admin.get('/sys/annountCement/doReovkeData', { id: globalId })).statusCode).toBe(200);
    expect((await admin.get('/sys/annountCement/doReovkeData', { id: globalId })).statusCode).toBe(422);
    expect((await demoRead.get('/sys/annountCement/listByUser')).json().result.records).toEqual([]);
  });

  it('merchant users get 403 from every announcement write', async () => {
    const calls = await Promise.all([
      demoAdmin.post('/sys/annountCement/add', { title: 'x', content: 'x' }),
      demoRead.post('/sys/annountCement/add', { title: 'x', content: 'x' }),
      demoRead.put('/sys/annountCement/edit', { id: globalId, title: 'x', content: 'x' }),
      demoRead.get('/sys/annountCement/doReleaseData', { id: globalId }),
      demoRead.get('/sys/annountCement/doReovkeData', { id: globalId }),
    ]);
    for (const r of calls) expect(r.statusCode, r.body).toBe(403);
  });
});

describe('security history', () => {
  it('scoped to the merchant, newest first, filters action / username / success', async () => {
    const res = await demoAdmin.get('/sys/audit/list', { pageSize: 100 });
    expect(res.statusCode, res.body).toBe(200);
    const records = res.json().result.records as {
      id: number;
      merchantId: number;
      action: string;
      username: string;
      createdAt: string;
    }[];
    expect(records.length).toBeGreaterThan(0);
    expect(records.every((r) => r.merchantId === 10001)).toBe(true);
    expect(records.map((r) => r.username)).not.toContain('br_admin');
    const times = records.map((r) => r.createdAt);
    expect(times).toEqual([...times].sort().reverse());
    const logins = (await demoAdmin.get('/sys/audit/list', { action: 'login', username: 'READ' })).json()
      .result.records;
    expect(logins.length).toBeGreaterThan(0);
    expect(
      logins.every(
        (r: { action: string; username: string }) => r.action === 'login' && r.username === 'demo_read',
      ),
    ).toBe(true);
    const failed = (await demoAdmin.get('/sys/audit/list', { success: 0 })).json().result.records;
    expect(failed.every((r: { success: boolean }) => !r.success)).toBe(true);
    const platform = (await admin.get('/sys/audit/list', { pageSize: 100 })).json().result.records;
    expect(platform.map((r: { username: string }) => r.username)).toContain('br_admin');
  });

  it('wall-clock date filter in the session zone; more than 3 months is a 400', async () => {
    const today = new Date(Date.now() + 7 * 3600_000).toISOString().slice(0, 10); // Jakarta date (IDR session)
    const ok = await demoAdmin.get('/sys/audit/list', {
      createTime_begin: `${today} 00:00:00`,
      createTime_end: `${today} 23:59:59`,
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().result.total).toBeGreaterThan(0);
    const past = await demoAdmin.get('/sys/audit/list', {
      createTime_begin: '2020-01-01 00:00:00',
      createTime_end: '2020-01-02 00:00:00',
    });
    expect(past.json().result.total).toBe(0);
    const long = await demoAdmin.get('/sys/audit/list', {
      createTime_begin: '2026-01-01 00:00:00',
      createTime_end: '2026-05-01 00:00:00',
    });
    expect(long.statusCode).toBe(400);
    expect(long.json().errors[0].field).toBe('createTime_end');
    const bad = await demoAdmin.get('/sys/audit/list', { createTime_begin: 'yesterday' });
    expect(bad.statusCode).toBe(400);
  });

  it('demo_read (no audit:menu) gets 403', async () => {
    expect((await demoRead.get('/sys/audit/list')).statusCode).toBe(403);
  });
});

describe('mail outbox', () => {
  it('platform staff read it newest first; merchants 403', async () => {
    await tdb.pool.query(
      "insert into mail_outbox (to_address, subject, text_body, status, created_at) values ('a@x.test','first','1','outbox', now() - interval '1 hour'), ('b@x.test','second','2','outbox', now())",
    );
    const res = await admin.get('/sys/mail/outbox');
    expect(res.statusCode, res.body).toBe(200);
    const subjects = res.json().result.records.map((r: { subject: string }) => r.subject);
    expect(subjects.indexOf('second')).toBeLessThan(subjects.indexOf('first'));
    expect((await demoAdmin.get('/sys/mail/outbox')).statusCode).toBe(403);
    expect((await business.get('/sys/mail/outbox')).statusCode).toBe(403);
  });
});

describe('dictionary admin', () => {
  it('list, add, edit dictionaries; code must match DICT_CODE_RE; duplicate 409', async () => {
    const list = await admin.get('/sys/dict/list', { dictCode: 'payment' });
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().result.records.map((d: { dictCode: string }) => d.dictCode)).toContain('payment_type');
    const add = await admin.post('/sys/dict/add', { dictCode: 'kyc_level', dictName: 'KYC level' });
    expect(add.statusCode, add.body).toBe(200);
    const id = add.json().result.id;
    const edit = await admin.put('/sys/dict/edit', {
      id,
      dictCode: 'kyc_level',
      dictName: 'KYC tier',
      description: 'levels',
    });
    expect(edit.json().result).toMatchObject({ dictName: 'KYC tier', description: 'levels' });
    expect((await admin.post('/sys/dict/add', { dictCode: 'kyc_level', dictName: 'again' })).statusCode).toBe(
      409,
    );
  });

  it.each([
    'sys_user,username,password',
    "payment_type' or '1'='1",
    'payment_type;drop table dict',
    'PAYMENT_TYPE',
    '',
  ])('refuses dict code %j with 400; tables unchanged', async (code) => {
    const before = await counts();
    const res = await admin.post('/sys/dict/add', { dictCode: code, dictName: 'x' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].field).toBe('dictCode');
    expect(await counts()).toEqual(before);
  });

  it('items: list, add, edit; an edit shows at once (cache cleared)', async () => {
    const dictId = Number(
      (await tdb.pool.query("select id from dict where dict_code = 'payment_type'")).rows[0].id,
    );
    const first = (await admin.get('/sys/dict/getDictItems/payment_type')).json().result[0];
    const items = await admin.get('/sys/dictItem/list', { dictId, pageSize: 100 });
    expect(items.statusCode, items.body).toBe(200);
    const item = items.json().result.records.find((i: { itemValue: string }) => i.itemValue === first.value);
    const edit = await admin.put('/sys/dictItem/edit', {
      id: item.id,
      dictId,
      itemValue: item.itemValue,
      itemText: 'Renamed type',
    });
    expect(edit.statusCode, edit.body).toBe(200);
    const after = (await admin.get('/sys/dict/getDictItems/payment_type')).json().result[0];
    expect(after.text).toBe('Renamed type');
    const add = await admin.post('/sys/dictItem/add', {
      dictId,
      itemValue: '777',
      itemText: 'Seven',
      sortOrder: 999,
    });
    expect(add.statusCode, add.body).toBe(200);
    const all = (await admin.get('/sys/dict/getDictItems/payment_type')).json().result;
    expect(all[all.length - 1]).toMatchObject({ value: '777', text: 'Seven' });
    expect(
      (await admin.post('/sys/dictItem/add', { dictId, itemValue: '777', itemText: 'dup' })).statusCode,
    ).toBe(409);
  });

  it('merchant users get 403 (platform only)', async () => {
    const calls = await Promise.all([
      business.get('/sys/dict/list'),
      business.post('/sys/dict/add', { dictCode: 'abc', dictName: 'x' }),
      demoRead.put('/sys/dict/edit', { id: 1, dictCode: 'abc', dictName: 'x' }),
      demoRead.post('/sys/dictItem/add', { dictId: 1, itemValue: 'x' }),
      demoRead.put('/sys/dictItem/edit', { id: 1, dictId: 1, itemValue: 'x' }),
      demoRead.get('/sys/dictItem/list', { dictId: 1 }),
    ]);
    for (const r of calls) expect(r.statusCode, r.body).toBe(403);
  });
});

describe('duplicate check', () => {
  it('registered pairs: taken answers success false with a message; dataId excludes the row', async () => {
    const taken = await demoRead.get('/sys/duplicate/check', {
      tableName: 'app_user',
      fieldName: 'username',
      fieldVal: 'DEMO_ADMIN',
    });
    expect(taken.statusCode).toBe(200);
    expect(taken.json()).toMatchObject({
      success: false,
      result: false,
      message: 'This username is already registered',
    });
    const self = await demoRead.get('/sys/duplicate/check', {
      tableName: 'sys_user',
      fieldName: 'email',
      fieldVal: 'demo_read@demo-store.test',
      dataId: await userId(tdb, 'demo_read'),
    });
    expect(self.json()).toMatchObject({ success: true, result: true });
    const free = await demoRead.get('/sys/duplicate/check', {
      tableName: 'app_user',
      fieldName: 'phone',
      fieldVal: '+6200000000',
    });
    expect(free.json().success).toBe(true);
  });

  it('role codes and department names are checked within the caller merchant', async () => {
    await admin.post('/sys/role/add', { roleCode: 'only_in_br', roleName: 'x', merchantId: 10020 });
    const elsewhere = await demoRead.get('/sys/duplicate/check', {
      tableName: 'role',
      fieldName: 'role_code',
      fieldVal: 'only_in_br',
    });
    expect(elsewhere.json().success).toBe(true);
    const inBr = await brAdmin.get('/sys/duplicate/check', {
      tableName: 'role',
      fieldName: 'role_code',
      fieldVal: 'only_in_br',
    });
    expect(inBr.json().success).toBe(false);
    const sys = await demoRead.get('/sys/duplicate/check', {
      tableName: 'role',
      fieldName: 'role_code',
      fieldVal: 'third_role_admin',
    });
    expect(sys.json().success).toBe(false);
    const dep = await demoRead.get('/sys/duplicate/check', {
      tableName: 'department',
      fieldName: 'depart_name',
      fieldVal: 'finance',
    });
    expect(dep.json().success).toBe(false);
    const depOther = await brAdmin.get('/sys/duplicate/check', {
      tableName: 'department',
      fieldName: 'depart_name',
      fieldVal: 'finance',
    });
    expect(depOther.json().success).toBe(true);
  });

  it.each([
    { tableName: 'app_user;drop table app_user', fieldName: 'username', field: 'tableName' },
    { tableName: 'app_user', fieldName: "username' or '1'='1", field: 'fieldName' },
    { tableName: 'app_user', fieldName: 'password_hash', field: 'fieldName' },
    { tableName: 'session', fieldName: 'token_hash', field: 'tableName' },
    { tableName: '__proto__', fieldName: 'username', field: 'tableName' },
    { tableName: 'app_user', fieldName: 'constructor', field: 'fieldName' },
  ])(
    'refuses $tableName.$fieldName with 400 naming $field; nothing changes',
    async ({ tableName, fieldName, field }) => {
      const before = await counts();
      const res = await demoRead.get('/sys/duplicate/check', {
        tableName,
        fieldName,
        fieldVal: "x' or '1'='1",
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors[0].field).toBe(field);
      expect(await counts()).toEqual(before);
      expect((await tdb.pool.query("select to_regclass('app_user') is not null as ok")).rows[0].ok).toBe(
        true,
      );
    },
  );

  it('needs a session', async () => {
    const res = await app.inject({
      url: '/api/sys/duplicate/check?tableName=app_user&fieldName=username&fieldVal=admin',
    });
    expect(res.statusCode).toBe(401);
  });
});

describe('rule check', () => {
  it('maps rule codes to the domain schemas; the value is URL-decoded first', async () => {
    const good = await demoRead.get('/sys/checkRule/checkByCode', {
      ruleCode: 'password',
      value: encodeURIComponent('Str0ng#Pass'),
    });
    expect(good.json()).toMatchObject({ success: true, result: true });
    const weak = await demoRead.get('/sys/checkRule/checkByCode', { ruleCode: 'password', value: 'abc' });
    expect(weak.statusCode).toBe(200);
    expect(weak.json().success).toBe(false);
    expect(weak.json().message).not.toMatch(/^validation\./);
    // The rule's numbers are filled in, never a raw placeholder.
    expect(weak.json().message).not.toContain('{{');
    expect(weak.json().message).toMatch(/\d/);
    const email = await demoRead.get('/sys/checkRule/checkByCode', {
      ruleCode: 'email',
      value: encodeURIComponent('a+b@x.test'),
    });
    expect(email.json().success).toBe(true);
    const wallet = await demoRead.get('/sys/checkRule/checkByCode', {
      ruleCode: 'wallet_phone',
      value: '0712345678',
    });
    expect(wallet.json().success).toBe(false);
    expect(
      (await demoRead.get('/sys/checkRule/checkByCode', { ruleCode: 'google_code', value: '123456' })).json()
        .success,
    ).toBe(true);
    expect(
      (await demoRead.get('/sys/checkRule/checkByCode', { ruleCode: 'phone', value: '%2B6281234567' })).json()
        .success,
    ).toBe(true);
  });

  it('an unknown rule code is a 400 naming ruleCode', async () => {
    const res = await demoRead.get('/sys/checkRule/checkByCode', { ruleCode: 'sql;drop', value: 'x' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].field).toBe('ruleCode');
  });
});
