/** User administration: list, add, edit, freeze, reset password, role assignment, scoping, uniqueness. */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildAdminTestApp, client, login, signIn, userId, type Client } from './helpers/admin-session';
import { createTestDatabase, type TestDatabase } from './helpers/db';

let tdb: TestDatabase;
let app: FastifyInstance;
let admin: Client;
let demoAdmin: Client;
let demoRead: Client;
let brAdmin: Client;

beforeAll(async () => {
  tdb = await createTestDatabase();
  app = await buildAdminTestApp(tdb);
  [admin, demoAdmin, demoRead, brAdmin] = await Promise.all([
    signIn(app, 'admin'),
    signIn(app, 'demo_admin'),
    signIn(app, 'demo_read'),
    signIn(app, 'br_admin'),
  ]);
});
afterAll(async () => {
  await app?.close();
  await tdb?.drop();
});

async function roleId(code: string, merchantId: number | null = null): Promise<number> {
  const { rows } = await tdb.pool.query(
    'select id from role where role_code = $1 and merchant_id is not distinct from $2',
    [code, merchantId],
  );
  return Number(rows[0].id);
}

const NEW_PASSWORD = 'Str0ng#Pass';

describe('user list', () => {
  it('demo_admin sees its merchant and sub-merchants only, with roles and departments', async () => {
    const res = await demoAdmin.get('/sys/user/list', { pageSize: 100 });
    expect(res.statusCode).toBe(200);
    const { records, total, size, current, pages } = res.json().result;
    expect({ size, current, pages: pages >= 1 }).toEqual({ size: 100, current: 1, pages: true });
    expect(total).toBe(records.length);
    const names = records.map((r: { username: string }) => r.username);
    expect(names).toEqual(expect.arrayContaining(['demo_admin', 'demo_operator', 'demo_read']));
    expect(names).not.toContain('br_admin');
    expect(names).not.toContain('admin');
    for (const r of records) expect([10001, 10002, 10003]).toContain(r.merchantId);
    const op = records.find((r: { username: string }) => r.username === 'demo_operator');
    expect(op.roles.map((r: { roleCode: string }) => r.roleCode)).toEqual(['third_role_operator']);
    expect(op.status).toBe(1);
  });

  it('filters: username and realname contain (case-insensitive), status; LIKE wildcards are literal', async () => {
    const byName = (await demoAdmin.get('/sys/user/list', { username: 'OPER' })).json().result.records;
    expect(byName.map((r: { username: string }) => r.username)).toEqual(['demo_operator']);
    const wild = (await demoAdmin.get('/sys/user/list', { username: '%' })).json().result;
    expect(wild.total).toBe(0);
    const frozen = (await demoAdmin.get('/sys/user/list', { status: 2 })).json().result;
    expect(frozen.total).toBe(0);
  });

  it('sort column from an allow-list only', async () => {
    const ok = await demoAdmin.get('/sys/user/list', { column: 'username', order: 'asc' });
    expect(ok.statusCode).toBe(200);
    const names = ok.json().result.records.map((r: { username: string }) => r.username);
    expect(names).toEqual([...names].sort());
    const bad = await demoAdmin.get('/sys/user/list', { column: 'password_hash' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].field).toBe('column');
  });

  it('platform admin sees every merchant and may filter by merchantId', async () => {
    const all = (await admin.get('/sys/user/list', { pageSize: 100 })).json().result.records;
    const names = all.map((r: { username: string }) => r.username);
    expect(names).toEqual(
      expect.arrayContaining(['admin', 'demo_admin', 'br_admin', 'crypto_admin', 'demo_business']),
    );
    const br = (await admin.get('/sys/user/list', { merchantId: 10020 })).json().result.records;
    expect(br.map((r: { username: string }) => r.username)).toEqual(['br_admin']);
  });

  it('a merchant asking for another merchant is refused; br_admin never sees 10001', async () => {
    const res = await demoAdmin.get('/sys/user/list', { merchantId: 10020 });
    expect(res.statusCode).toBe(403);
    const br = (await brAdmin.get('/sys/user/list', { pageSize: 100 })).json().result.records;
    expect(br.every((r: { merchantId: number }) => r.merchantId === 10020)).toBe(true);
  });
});

describe('add and edit', () => {
  it('demo_admin adds a user with an assignable role; password stored as argon2id', async () => {
    const res = await demoAdmin.post('/sys/user/add', {
      username: 'sub_one',
      realname: 'Sub One',
      email: 'sub_one@demo-store.test',
      phone: '+628111000111',
      password: NEW_PASSWORD,
      roleIds: [await roleId('third_role_operator')],
      departIds: [],
    });
    expect(res.statusCode, res.body).toBe(200);
    const u = res.json().result;
    expect(u).toMatchObject({
      username: 'sub_one',
      merchantId: 10001,
      status: 1,
      roles: [{ roleCode: 'third_role_operator' }],
    });
    const { rows } = await tdb.pool.query('select password_hash from app_user where username = $1', [
      'sub_one',
    ]);
    expect(rows[0].password_hash).toMatch(/^\$argon2id\$/);
    // The new user can sign in.
    await expect(login(app, 'sub_one', NEW_PASSWORD)).resolves.toMatch(/.{20,}/);
  });

  it('into a sub-merchant in scope; not into another merchant (404)', async () => {
    const ok = await demoAdmin.post('/sys/user/add', {
      username: 'sub_two',
      email: 'sub_two@x.test',
      password: NEW_PASSWORD,
      roleIds: [],
      merchantId: 10002,
    });
    // Without a role the user could do nothing: refused, naming the field.
    expect(ok.statusCode).toBe(400);
    expect(ok.json().errors[0].field).toBe('roleIds');
    const withRole = await demoAdmin.post('/sys/user/add', {
      username: 'sub_two',
      email: 'sub_two@x.test',
      password: NEW_PASSWORD,
      roleIds: [await roleId('third_role_read')],
      merchantId: 10002,
    });
    expect(withRole.statusCode, withRole.body).toBe(200);
    expect(withRole.json().result.merchantId).toBe(10002);
    const bad = await demoAdmin.post('/sys/user/add', {
      username: 'sub_three',
      password: NEW_PASSWORD,
      merchantId: 10020,
    });
    expect([403, 404]).toContain(bad.statusCode);
    const { rows } = await tdb.pool.query(
      "select count(*)::int as n from app_user where username = 'sub_three'",
    );
    expect(rows[0].n).toBe(0);
  });

  it('uniqueness: username, email, phone (case-insensitive) answer 409 with their own codes', async () => {
    const base = { password: NEW_PASSWORD, roleIds: [] };
    const u = await demoAdmin.post('/sys/user/add', { ...base, username: 'DEMO_READ' });
    expect(u.statusCode).toBe(409);
    expect(u.json()).toMatchObject({
      errorCode: 'USERNAME_TAKEN',
      message: 'This username is already registered',
    });
    const e = await demoAdmin.post('/sys/user/add', {
      ...base,
      username: 'fresh1',
      email: 'SUB_ONE@demo-store.test',
    });
    expect(e.json().errorCode).toBe('EMAIL_TAKEN');
    expect(e.statusCode).toBe(409);
    const p = await demoAdmin.post('/sys/user/add', { ...base, username: 'fresh2', phone: '+628111000111' });
    expect(p.json().errorCode).toBe('PHONE_TAKEN');
  });

  it('password policy (domain passwordSchema), translated', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/sys/user/add',
      headers: { 'x-access-token': demoAdmin.token, 'x-lang': 'pt-BR' },
      payload: { username: 'weakling', password: 'short' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].field).toBe('password');
    expect(res.json().message).not.toMatch(/validation\./);
  });

  it('never assigns admin or a role outside the caller reach (403), nor another merchant role', async () => {
    const adminRole = await roleId('admin');
    const res = await demoAdmin.post('/sys/user/add', {
      username: 'wannabe',
      password: NEW_PASSWORD,
      roleIds: [adminRole],
    });
    expect(res.statusCode).toBe(403);
    const business = await demoAdmin.post('/sys/user/add', {
      username: 'wannabe',
      password: NEW_PASSWORD,
      roleIds: [await roleId('business')],
    });
    expect(business.statusCode).toBe(403);
    const { rows } = await tdb.pool.query(
      "select count(*)::int as n from app_user where username = 'wannabe'",
    );
    expect(rows[0].n).toBe(0);
    // The platform admin may hand out admin.
    const ok = await admin.post('/sys/user/add', {
      username: 'staff_two',
      password: NEW_PASSWORD,
      roleIds: [adminRole],
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().result.merchantId).toBe(10000);
  });

  it('queryall lists assignable roles: no admin for a merchant admin, admin for the platform admin', async () => {
    const mine = (await demoAdmin.get('/sys/role/queryall'))
      .json()
      .result.map((r: { roleCode: string }) => r.roleCode);
    expect(mine).toContain('third_role_read');
    expect(mine).not.toContain('admin');
    expect(mine).not.toContain('business');
    const platform = (await admin.get('/sys/role/queryall'))
      .json()
      .result.map((r: { roleCode: string }) => r.roleCode);
    expect(platform).toContain('admin');
  });

  it('edit: realname, email, roles; queryUserRole reflects it; audit row written', async () => {
    const id = await userId(tdb, 'sub_one');
    const readRole = await roleId('third_role_read');
    const res = await demoAdmin.put('/sys/user/edit', {
      id,
      realname: 'Sub Uno',
      email: 'uno@demo-store.test',
      roleIds: `${readRole}`,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().result).toMatchObject({
      realname: 'Sub Uno',
      email: 'uno@demo-store.test',
      roleIds: [readRole],
    });
    const roles = await demoAdmin.get('/sys/user/queryUserRole', { userid: id });
    expect(roles.json().result).toEqual([readRole]);
    const { rows } = await tdb.pool.query(
      "select detail from audit_log where action = 'role_changed' and detail->>'targetUserId' = $1",
      [String(id)],
    );
    expect(rows.length).toBeGreaterThan(0);
  });

  it('edit of another merchant user answers 404 (ids cannot be probed), row unchanged', async () => {
    const br = await userId(tdb, 'br_admin');
    const res = await demoAdmin.put('/sys/user/edit', { id: br, realname: 'Hacked' });
    expect(res.statusCode).toBe(404);
    expect((await demoAdmin.get('/sys/user/queryUserRole', { userid: br })).statusCode).toBe(404);
    const { rows } = await tdb.pool.query('select realname from app_user where id = $1', [br]);
    expect(rows[0].realname).not.toBe('Hacked');
  });

  it('email taken by someone else on edit: 409', async () => {
    const id = await userId(tdb, 'sub_one');
    const res = await demoAdmin.put('/sys/user/edit', { id, email: 'demo_read@demo-store.test' });
    expect(res.statusCode).toBe(409);
    expect(res.json().errorCode).toBe('EMAIL_TAKEN');
  });
});

describe('checkOnlyUser', () => {
  it('taken: success false with a localized message; free or own: success true', async () => {
    const taken = await demoAdmin.get('/sys/user/checkOnlyUser', { username: 'demo_read' });
    expect(taken.statusCode).toBe(200);
    expect(taken.json()).toMatchObject({
      success: false,
      result: false,
      message: 'This username is already registered',
    });
    const th = await app.inject({
      url: '/api/sys/user/checkOnlyUser?email=DEMO_READ@demo-store.test',
      headers: { 'x-access-token': demoAdmin.token, 'x-lang': 'zh-CN' },
    });
    expect(th.json().success).toBe(false);
    expect(th.json().message).not.toBe('This email address is already registered');
    const free = await demoAdmin.get('/sys/user/checkOnlyUser', { username: 'nobody_here' });
    expect(free.json()).toMatchObject({ success: true, result: true });
    const own = await demoAdmin.get('/sys/user/checkOnlyUser', {
      username: 'demo_read',
      id: await userId(tdb, 'demo_read'),
    });
    expect(own.json().success).toBe(true);
  });
});

describe('freeze and reset password', () => {
  it('freezing kills the user sessions at once; audit user_frozen; unfreeze restores sign-in', async () => {
    const op = await signIn(app, 'demo_operator');
    expect((await op.get('/sys/annountCement/listByUser')).statusCode).toBe(200);
    const id = await userId(tdb, 'demo_operator');
    const res = await demoAdmin.put('/sys/user/frozenBatch', { ids: String(id), status: 2 });
    expect(res.statusCode, res.body).toBe(200);
    expect((await op.get('/sys/annountCement/listByUser')).statusCode).toBe(401);
    const { rows } = await tdb.pool.query(
      'select count(*)::int as n from session where user_id = $1 and revoked_at is null',
      [id],
    );
    expect(rows[0].n).toBe(0);
    const list = (await demoAdmin.get('/sys/user/list', { status: 2 })).json().result.records;
    expect(list.map((r: { username: string }) => r.username)).toEqual(['demo_operator']);
    await expect(login(app, 'demo_operator')).rejects.toThrow(/403/);
    const audits = await tdb.pool.query(
      "select username, detail from audit_log where action = 'user_frozen'",
    );
    expect(audits.rows).toContainEqual(
      expect.objectContaining({
        username: 'demo_admin',
        detail: expect.objectContaining({ targetUserId: id }),
      }),
    );
    const un = await demoAdmin.put('/sys/user/frozenBatch', { ids: [id], status: 1 });
    expect(un.statusCode).toBe(200);
    await expect(login(app, 'demo_operator')).resolves.toBeTruthy();
    const unAudit = await tdb.pool.query(
      "select count(*)::int as n from audit_log where action = 'user_unfrozen'",
    );
    expect(unAudit.rows[0].n).toBe(1);
  });

  it('never yourself (422); another merchant user is 404 and stays unfrozen', async () => {
    const me = await userId(tdb, 'demo_admin');
    const self = await demoAdmin.put('/sys/user/frozenBatch', { ids: String(me), status: 2 });
    expect(self.statusCode).toBe(422);
    expect(self.json().message).toBe('You cannot freeze or unfreeze your own account');
    const br = await userId(tdb, 'br_admin');
    const other = await demoAdmin.put('/sys/user/frozenBatch', { ids: `${br}`, status: 2 });
    expect(other.statusCode).toBe(404);
    const { rows } = await tdb.pool.query('select frozen from app_user where id = $1', [br]);
    expect(rows[0].frozen).toBe(false);
  });

  it('changePassword: policy, sessions revoked, audit password_reset, new password works', async () => {
    const sub = client(app, await login(app, 'sub_two', NEW_PASSWORD));
    const weak = await demoAdmin.put('/sys/user/changePassword', { username: 'sub_two', password: 'abc' });
    expect(weak.statusCode).toBe(400);
    const res = await demoAdmin.put('/sys/user/changePassword', {
      username: 'sub_two',
      password: 'An0ther#Pass',
      confirmpassword: 'An0ther#Pass',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await sub.get('/sys/annountCement/listByUser')).statusCode).toBe(401);
    await expect(login(app, 'sub_two', 'An0ther#Pass')).resolves.toBeTruthy();
    const { rows } = await tdb.pool.query(
      "select count(*)::int as n from audit_log where action = 'password_reset' and detail->>'targetUsername' = 'sub_two'",
    );
    expect(rows[0].n).toBe(1);
    const other = await demoAdmin.put('/sys/user/changePassword', {
      username: 'br_admin',
      password: 'An0ther#Pass',
    });
    expect(other.statusCode).toBe(404);
  });
});

describe('read-only user', () => {
  it('demo_read gets 403 from every user write, and from the list it lacks', async () => {
    const id = await userId(tdb, 'sub_one');
    const calls = [
      demoRead.post('/sys/user/add', { username: 'x_ro', password: NEW_PASSWORD }),
      demoRead.put('/sys/user/edit', { id, realname: 'x' }),
      demoRead.put('/sys/user/frozenBatch', { ids: String(id), status: 2 }),
      demoRead.put('/sys/user/changePassword', { username: 'sub_one', password: NEW_PASSWORD }),
      demoRead.get('/sys/user/list'),
    ];
    for (const res of await Promise.all(calls)) expect(res.statusCode, res.body).toBe(403);
  });
});

describe('queryUserByDepId', () => {
  it('lists a department users for the platform admin; another merchant department is 404 for br_admin', async () => {
    const { rows } = await tdb.pool.query("select id from department where org_code = 'D10001-FIN'");
    const dep = Number(rows[0].id);
    const res = await admin.get('/sys/user/queryUserByDepId', { id: dep });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().result.map((u: { username: string }) => u.username)).toContain('demo_operator');
    const br = await brAdmin.get('/sys/user/queryUserByDepId', { id: dep });
    expect([403, 404]).toContain(br.statusCode);
  });
});
