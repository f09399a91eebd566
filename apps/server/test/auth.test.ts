/**
 * Sign-in, sessions and access control (issue 3). The captcha is ON in this file, with a generator whose text the
 * test knows (the image is still a real svg-captcha SVG); `signIn` from helpers/auth builds on a captcha-off app.
 *
 * Long file: one real app and captcha generator serve every sign-in and access case; splitting would start it per file.
 */
import { BUTTONS, flattenMenu, formatWallClock, grantsOnBrand, LANGUAGES, MENU, Perm, PermissionType, PLATFORM_MERCHANT_ID, ROLE_GRANTS, Role, translate, type MenuDef, type RoleCode } from '@mg/domain';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../src/app';
import { parseConfig } from '../src/config';
import { menuCode } from '../src/db/seed';
import { svgCaptchaGenerator } from '../src/modules/auth/captcha';
import { LOCK_AFTER_FAILURES, LOCK_MS } from '../src/modules/auth/login';
import { RouteDeclarationError } from '../src/modules/auth/plugin';
import { ok } from '../src/lib/envelope';
import { buildTestApp } from './helpers/app';
import { DEMO_LOGIN, DEMO_PASSWORD } from './helpers/auth';
import { createTestDatabase, type TestDatabase } from './helpers/db';

const CAPTCHA_TEXT = 'K7pQ';

let tdb: TestDatabase;
let app: FastifyInstance;
let seq = 0;

beforeAll(async () => {
  tdb = await createTestDatabase();
  app = await buildTestApp(tdb, { captcha: true, captchaGenerator: async () => ({ text: CAPTCHA_TEXT, svg: (await svgCaptchaGenerator()).svg }) });
  // Probe routes: a write guarded by user:add, and one guarded by a platform-only code.
  app.post('/api/test/write', { config: { permission: Perm.USER_ADD } }, async () => ok('written'));
  app.get('/api/test/staff', { config: { permission: Perm.TIKIPAY_STAFF } }, async () => ok('staff'));
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  await tdb?.drop();
});

/** A fresh captcha challenge: its checkKey (the answer is CAPTCHA_TEXT). */
async function captchaKey(): Promise<string> {
  const key = `k${Date.now()}x${++seq}`.padEnd(12, '0');
  const res = await app.inject({ url: `/api/sys/randomImage/${key}` });
  expect(res.statusCode).toBe(200);
  return key;
}

interface LoginOpts {
  password?: string;
  brand?: string | null;
  /** null: no country chosen (the sign-in form then leaves it out) */
  currency?: string | null;
  /** the X-Currency header every page call carries (the brand's default country) */
  headerCurrency?: string;
  ip?: string;
  lang?: string;
  captcha?: string | null;
}

async function login(username: string, o: LoginOpts = {}) {
  const d = DEMO_LOGIN[username] ?? { brand: 'tikipay', currency: 'IDR' };
  const headers: Record<string, string> = { 'x-lang': o.lang ?? 'en-US' };
  const brand = o.brand === undefined ? d.brand : o.brand;
  if (brand) headers['x-brand'] = brand;
  if (o.headerCurrency) headers['x-currency'] = o.headerCurrency;
  const payload: Record<string, unknown> = { username, password: o.password ?? DEMO_PASSWORD };
  if (o.currency !== null) payload.countryCurrency = o.currency ?? d.currency;
  if (o.captcha !== null) {
    payload.checkKey = await captchaKey();
    payload.captcha = o.captcha ?? CAPTCHA_TEXT.toLowerCase();
  }
  return app.inject({ method: 'POST', url: '/api/sys/login', headers, payload, remoteAddress: o.ip ?? '10.1.0.1' });
}

async function tokenOf(username: string, o: LoginOpts = {}): Promise<string> {
  const res = await login(username, o);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().result.token as string;
}

const call = (token: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, lang = 'en-US') =>
  app.inject({ method, url, headers: { 'x-access-token': token, 'x-lang': lang }, ...(payload ? { payload } : {}) });

async function auditRows(action: string, username: string) {
  const { rows } = await tdb.pool.query('select * from audit_log where action = $1 and username = $2 order by id', [action, username]);
  return rows as { success: boolean; merchant_id: number | null; user_id: string | null; detail: Record<string, unknown> | null; ip: string }[];
}

describe('captcha', () => {
  it('the image is an SVG data URL; the key must be 8-64 safe characters', async () => {
    const res = await app.inject({ url: '/api/sys/randomImage/abcdefgh12' });
    expect(res.json().result).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(Buffer.from(res.json().result.split(',')[1], 'base64').toString()).toContain('<svg');
    expect((await app.inject({ url: '/api/sys/randomImage/short' })).statusCode).toBe(400);
    expect((await app.inject({ url: '/api/sys/randomImage/lt:abcdefghijk' })).statusCode).toBe(400);
  });

  it('required, checked before anything else, and answered once', async () => {
    const none = await login('demo_admin', { captcha: null });
    expect(none.statusCode).toBe(412);
    expect(none.json()).toMatchObject({ success: false, errorCode: 'CAPTCHA_INVALID' });
    const wrong = await login('demo_admin', { captcha: 'zzzz' });
    expect(wrong.statusCode).toBe(412);

    const key = await captchaKey();
    const body = { username: 'demo_admin', password: DEMO_PASSWORD, countryCurrency: 'IDR', checkKey: key, captcha: 'k7PQ' };
    const first = await app.inject({ method: 'POST', url: '/api/sys/login', payload: body, remoteAddress: '10.1.0.2' });
    expect(first.statusCode, first.body).toBe(200);
    const again = await app.inject({ method: 'POST', url: '/api/sys/login', payload: body, remoteAddress: '10.1.0.2' });
    expect(again.statusCode).toBe(412);

    // A wrong answer burns the challenge too.
    const key2 = await captchaKey();
    await app.inject({ method: 'POST', url: '/api/sys/login', payload: { ...body, checkKey: key2, captcha: 'nope' } });
    expect((await app.inject({ method: 'POST', url: '/api/sys/login', payload: { ...body, checkKey: key2 } })).statusCode).toBe(412);
  });

  it('an expired challenge is refused', async () => {
    const key = await captchaKey();
    await tdb.pool.query("update captcha set expires_at = now() - interval '1 second' where check_key = $1", [key]);
    const res = await app.inject({
      method: 'POST',
      url: '/api/sys/login',
      payload: { username: 'demo_admin', password: DEMO_PASSWORD, checkKey: key, captcha: CAPTCHA_TEXT },
    });
    expect(res.statusCode).toBe(412);
  });
});

describe('sign-in', () => {
  it.each(Object.keys(DEMO_LOGIN))('%s signs in with its brand and currency', async (username) => {
    const d = DEMO_LOGIN[username]!;
    const res = await login(username);
    expect(res.statusCode, res.body).toBe(200);
    const r = res.json().result;
    expect(r.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(r.userInfo).toMatchObject({ username, merchantId: d.merchantId, currency: d.currency, isPlatform: d.merchantId === PLATFORM_MERCHANT_ID });
    expect(r.userInfo.brand).toBe(d.brand);
    expect(Object.keys(r.sysAllDictItems)).toContain('payment_type');
    expect([0, 1, 2]).toContain(r.multi_depart);
    // The token is stored only as its hash.
    const { rows } = await tdb.pool.query('select count(*)::int as n from session where token_hash = $1', [r.token]);
    expect(rows[0].n).toBe(0);
  });

  it('user info: company, roles, sub-merchants, languages and currencies', async () => {
    const a = (await login('demo_admin')).json().result.userInfo;
    expect(a).toMatchObject({
      company: 'Demo Store',
      roleCode: 'third_role_admin',
      subMerchantInfos: 'Demo Store(10001),Demo Store Games(10002),Demo Store Shop(10003)',
      languages: ['zh-CN', 'en-US', 'id-ID'],
      twoFactorEnabled: false,
      amountUsdSwitch: false,
    });
    expect(a.currencies).toEqual(['IDR', 'THB', 'PHP', 'MYR', 'VND', 'MMK', 'MXN', 'BRL', 'PKR']);
    // Spec §1: the platform admin gets the brand's countries and, outside production, USDT, INR, COP and BND.
    const admin = (await login('admin', { currency: 'USDT' })).json().result.userInfo;
    expect(admin.currency).toBe('USDT');
    expect(admin.languages).toEqual([...LANGUAGES]);
    expect(admin.currencies).toEqual(['IDR', 'THB', 'PHP', 'MYR', 'VND', 'MMK', 'MXN', 'BRL', 'PKR', 'USDT', 'INR', 'COP', 'BND']);
    // Another brand's country is not tikipay's.
    expect((await login('admin', { currency: 'KRW' })).statusCode).toBe(400);
    const biz = (await login('demo_business')).json().result.userInfo;
    expect(biz.languages).toEqual([...LANGUAGES]);
    expect(biz.subMerchantInfos).toBe('Lumi Traders(10030)');
    const br = (await login('br_admin')).json().result.userInfo;
    expect(br.languages).toEqual(['zh-CN', 'en-US', 'pt-BR']);
  });

  it('without a chosen country the session opens in the merchant home country, not the brand default the page sends', async () => {
    // lumipay's first country is IDR and every page call says X-Currency: IDR; Lumi Traders' data is in THB
    const biz = await login('demo_business', { currency: null, headerCurrency: 'IDR' });
    expect(biz.statusCode, biz.body).toBe(200);
    expect(biz.json().result.userInfo.currency).toBe('THB');
    // a country the user chose still wins
    expect((await login('demo_business', { currency: 'IDR' })).json().result.userInfo.currency).toBe('IDR');
    expect((await login('br_admin', { currency: null, headerCurrency: 'IDR' })).json().result.userInfo.currency).toBe('BRL');
    expect((await login('demo_admin', { currency: null })).json().result.userInfo.currency).toBe('IDR');
  });

  it('wrong password and unknown user get the same answer', async () => {
    const wrong = await login('demo_read', { password: 'Wrong#2026pay', ip: '10.2.0.1' });
    const unknown = await login('nobody_here', { password: 'Wrong#2026pay', ip: '10.2.0.1' });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    const strip = (b: Record<string, unknown>) => ({ ...b, timestamp: 0 });
    expect(strip(wrong.json())).toEqual(strip(unknown.json()));
    expect(wrong.json()).toMatchObject({ errorCode: 'WRONG_CREDENTIALS', message: translate('en-US', 'auth.wrongCredentials', { attempts: LOCK_AFTER_FAILURES, minutes: LOCK_MS / 60_000 }) });
    const failed = await auditRows('login_failed', 'nobody_here');
    expect(failed.at(-1)).toMatchObject({ success: false, user_id: null, ip: '10.2.0.1' });
  });

  it('a country the merchant does not work in is refused (400); the platform admin may use any', async () => {
    const res = await login('demo_admin', { currency: 'USDT' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].field).toBe('countryCurrency');
    expect((await login('br_admin', { currency: 'IDR' })).statusCode).toBe(400);
    expect((await login('admin', { currency: 'USDT' })).statusCode).toBe(200);
  });

  it("another brand's site is refused with a message naming the right brand; platform staff excepted", async () => {
    const res = await login('br_admin', { brand: 'tikipay', lang: 'pt-BR' });
    expect(res.statusCode).toBe(403);
    expect(res.json().errorCode).toBe('FORBIDDEN');
    expect(res.json().message).toContain('PagoVerde');
    expect(res.json().message).toContain('portal.pagoverde.test');
    // By Host header when no X-Brand is sent.
    const byHost = await app.inject({
      method: 'POST',
      url: '/api/sys/login',
      headers: { host: 'dashboard.lumipay.test' },
      payload: { username: 'crypto_admin', password: DEMO_PASSWORD, checkKey: await captchaKey(), captcha: CAPTCHA_TEXT },
    });
    expect(byHost.statusCode).toBe(403);
    expect(byHost.json().message).toContain('CoinRail');
    expect((await login('admin', { brand: 'lumipay', currency: 'THB' })).statusCode).toBe(200);
    expect((await auditRows('login_failed', 'br_admin')).some((r) => r.detail?.reason === 'brand')).toBe(true);
  });

  it('a frozen user is refused with USER_FROZEN (after the password check)', async () => {
    await tdb.pool.query("update app_user set frozen = true where username = 'crypto_admin'");
    try {
      expect((await login('crypto_admin', { password: 'Wrong#2026pay' })).json().errorCode).toBe('WRONG_CREDENTIALS');
      const res = await login('crypto_admin');
      expect(res.statusCode).toBe(403);
      expect(res.json().errorCode).toBe('USER_FROZEN');
    } finally {
      await tdb.pool.query("update app_user set frozen = false where username = 'crypto_admin'");
    }
  });

  it('10 failed sign-ins lock the account: it then answers exactly like an unknown name, even to the right password, until the lock ends', async () => {
    const strip = (b: Record<string, unknown>) => ({ ...b, timestamp: 0 });
    for (let i = 0; i < LOCK_AFTER_FAILURES; i++) {
      const r = await login('demo_business', { password: `Wrong#${i}`, ip: `10.3.0.${i}` });
      expect(r.statusCode).toBe(401);
    }
    const { rows: lockedRows } = await tdb.pool.query("select locked_until > now() + interval '29 minutes' as locked from app_user where username = 'demo_business'");
    expect(lockedRows[0].locked).toBe(true);
    // After 10+ failures: the locked name (right password, wrong password) and a name nobody has (failed just as
    // often) give the same status and the same body but for its timestamp, in every language.
    for (let i = 0; i < LOCK_AFTER_FAILURES + 1; i++) await login('nobody_locked_like', { password: `Wrong#${i}`, ip: `10.3.2.${i}` });
    for (const lang of ['en-US', 'th-TH']) {
      const right = await login('demo_business', { ip: '10.3.1.1', lang });
      const wrong = await login('demo_business', { password: 'Wrong#again', ip: '10.3.1.2', lang });
      const unknown = await login('nobody_locked_like', { ip: '10.3.1.3', lang });
      for (const r of [right, wrong, unknown]) expect(r.statusCode).toBe(401);
      expect(strip(right.json())).toEqual(strip(unknown.json()));
      expect(strip(wrong.json())).toEqual(strip(unknown.json()));
      expect(right.json()).toMatchObject({
        success: false,
        errorCode: 'WRONG_CREDENTIALS',
        message: translate(lang as 'en-US', 'auth.wrongCredentials', { attempts: LOCK_AFTER_FAILURES, minutes: LOCK_MS / 60_000 }),
      });
    }
    expect((await auditRows('login_failed', 'demo_business')).at(-1)?.detail).toEqual({ reason: 'locked' });
    // The lock ends (the clock is the lock time in the database): the right password signs in and clears the counter.
    await tdb.pool.query("update app_user set locked_until = now() - interval '1 second' where username = 'demo_business'");
    expect((await login('demo_business', { ip: '10.3.1.1' })).statusCode).toBe(200);
    const { rows } = await tdb.pool.query("select failed_logins, locked_until from app_user where username = 'demo_business'");
    expect(rows[0]).toMatchObject({ failed_logins: 0, locked_until: null });
  });

  it("the owner of an account that locks is mailed once per lock, in the brand's language, with until when and the reset page", async () => {
    const mails = async () =>
      (
        await tdb.pool.query("select subject, text_body, merchant_id from mail_outbox where to_address = 'admin@lojaverde.test' and subject = $1 order by id", [
          translate('pt-BR', 'auth.mail.locked.subject', { brand: 'PagoVerde', minutes: 30 }),
        ])
      ).rows as {
        subject: string;
        text_body: string;
        merchant_id: number;
      }[];
    const before = (await mails()).length;
    const fail = (i: number) => login('br_admin', { password: `Wrong#${i}`, ip: `10.3.4.${i % 250}` });
    for (let i = 0; i < LOCK_AFTER_FAILURES; i++) await fail(i);
    // More failures while locked (and the right password) write no second mail.
    for (let i = 0; i < 3; i++) await fail(100 + i);
    await login('br_admin', { ip: '10.3.4.200' });
    await vi.waitFor(async () => expect((await mails()).length).toBe(before + 1));
    const { rows } = await tdb.pool.query("select locked_until from app_user where username = 'br_admin'");
    const until = formatWallClock(rows[0].locked_until as Date, 'America/Sao_Paulo').slice(0, 16);
    const mail = (await mails()).at(-1)!;
    // PagoVerde speaks pt-BR (the subject above); Loja Verde works in BRL (São Paulo).
    expect(mail.text_body).toContain(until);
    expect(mail.text_body).toContain('America/Sao_Paulo, UTC-03:00');
    expect(mail.text_body).toContain(`${app.publicUrl}/alteration?brand=pagoverde`);
    expect(mail.text_body).toContain('br_admin');
    expect(mail.merchant_id).toBe(10020);

    // A second lock is a second mail.
    await tdb.pool.query("update app_user set locked_until = now() - interval '1 second' where username = 'br_admin'");
    for (let i = 0; i < LOCK_AFTER_FAILURES; i++) await fail(200 + i);
    await vi.waitFor(async () => expect((await mails()).length).toBe(before + 2));
    await tdb.pool.query("update app_user set locked_until = null, failed_logins = 0 where username = 'br_admin'");
  });

  it('an unknown name costs the password hash, and so does a locked account: their answers take comparable time', async () => {
    await tdb.pool.query("update app_user set locked_until = now() + interval '30 minutes' where username = 'crypto_operator'");
    const attempt = async (username: string, ip: string) => {
      const payload = { username, password: 'Wrong#timing', checkKey: await captchaKey(), captcha: CAPTCHA_TEXT };
      const t0 = performance.now();
      const res = await app.inject({ method: 'POST', url: '/api/sys/login', headers: { 'x-brand': 'coinrail' }, payload, remoteAddress: ip });
      const ms = performance.now() - t0;
      expect(res.statusCode).toBe(401);
      return ms;
    };
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
    const unknown: number[] = [];
    const locked: number[] = [];
    // Interleaved, so a burst of load on the machine falls on both.
    for (let i = 0; i < 7; i++) {
      unknown.push(await attempt(`ghost_timing_${i}`, `10.3.5.${i}`));
      locked.push(await attempt('crypto_operator', `10.3.6.${i}`));
    }
    const hashMs = await (async () => {
      const { hash, verify } = await import('@node-rs/argon2');
      const h = await hash('x', { algorithm: 2 });
      const t0 = performance.now();
      await verify(h, 'y');
      return performance.now() - t0;
    })();
    // Before: a locked account answered before hashing, in a fraction of the unknown name's time.
    expect(median(locked)).toBeGreaterThan(median(unknown) * 0.5);
    expect(median(locked)).toBeLessThan(median(unknown) * 2);
    expect(median(unknown)).toBeGreaterThan(hashMs * 0.5);
    await tdb.pool.query("update app_user set locked_until = null, failed_logins = 0 where username = 'crypto_operator'");
  });

  it('more than 30 failures in 10 minutes from one address are throttled (429)', async () => {
    for (let i = 0; i < 30; i++) expect((await login(`ghost${i}`, { ip: '10.4.0.1' })).statusCode).toBe(401);
    const res = await login('demo_admin', { ip: '10.4.0.1' });
    expect(res.statusCode).toBe(429);
    expect(res.json().message).toBe(translate('en-US', 'auth.throttled', { minutes: 10 }));
    expect((await login('demo_admin', { ip: '10.4.0.2' })).statusCode).toBe(200);
  });

  it('a sign-in writes an audit row', async () => {
    await tokenOf('br_admin');
    const rows = await auditRows('login', 'br_admin');
    expect(rows.at(-1)).toMatchObject({ success: true, merchant_id: 10020 });
    expect(rows.at(-1)!.detail).toEqual({ currency: 'BRL', brand: 'pagoverde' });
  });
});

describe('sessions and enforcement', () => {
  it('no token or a made-up token: 401 on every non-public route', async () => {
    for (const url of ['/api/user/info', '/api/sys/permission/getUserPermissionByToken', '/api/sys/dict/refleshCache']) {
      const res = await app.inject({ url });
      expect(res.statusCode, url).toBe(401);
      expect(res.json()).toMatchObject({ success: false, errorCode: 'UNAUTHORIZED', message: translate('en-US', 'error.unauthorized') });
    }
    const fake = await app.inject({ url: '/api/user/info', headers: { 'x-access-token': 'A'.repeat(43), 'x-lang': 'zh-CN' } });
    expect(fake.statusCode).toBe(401);
    expect(fake.json().message).toBe(translate('zh-CN', 'error.unauthorized'));
    // 401 comes before body validation.
    expect((await app.inject({ method: 'POST', url: '/api/test/write', payload: 'not json', headers: { 'content-type': 'application/json' } })).statusCode).toBe(401);
  });

  it('logout kills the token at once', async () => {
    const token = await tokenOf('demo_read');
    expect((await call(token, 'GET', '/api/user/info')).statusCode).toBe(200);
    const out = await call(token, 'POST', '/api/sys/logout');
    expect(out.statusCode).toBe(200);
    expect((await call(token, 'GET', '/api/user/info')).statusCode).toBe(401);
    expect((await auditRows('logout', 'demo_read')).length).toBeGreaterThan(0);
    // Logging out again (dead token) is harmless.
    expect((await call(token, 'POST', '/api/sys/logout')).statusCode).toBe(200);
  });

  it('an expired session, or one of a frozen user, is dead', async () => {
    const token = await tokenOf('demo_operator');
    await tdb.pool.query("update session set expires_at = now() - interval '1 second' where user_id = (select id from app_user where username = 'demo_operator')");
    expect((await call(token, 'GET', '/api/user/info')).statusCode).toBe(401);
    const t2 = await tokenOf('demo_operator');
    await tdb.pool.query("update app_user set frozen = true where username = 'demo_operator'");
    expect((await call(t2, 'GET', '/api/user/info')).statusCode).toBe(401);
    await tdb.pool.query("update app_user set frozen = false where username = 'demo_operator'");
    expect((await call(t2, 'GET', '/api/user/info')).statusCode).toBe(200);
  });

  it('permission checks: read-only 403, admin of the merchant passes, platform admin passes everything', async () => {
    const read = await tokenOf('demo_read');
    const res = await call(read, 'POST', '/api/test/write', {});
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ errorCode: 'FORBIDDEN', message: translate('en-US', 'error.forbidden') });
    const admin = await tokenOf('demo_admin');
    expect((await call(admin, 'POST', '/api/test/write', {})).statusCode).toBe(200);
    expect((await call(admin, 'GET', '/api/test/staff')).statusCode).toBe(403);
    const platform = await tokenOf('admin');
    expect((await call(platform, 'GET', '/api/test/staff')).statusCode).toBe(200);
    // Authenticated routes: any signed-in user.
    expect((await call(read, 'GET', '/api/sys/dict/refleshCache')).statusCode).toBe(200);
  });

  it('a disabled permission (status 0) denies even when granted', async () => {
    await tdb.pool.query("update permission set status = '0' where perms = 'users:add'");
    try {
      const admin = await tokenOf('demo_admin');
      expect((await call(admin, 'POST', '/api/test/write', {})).statusCode).toBe(403);
      const perms = (await call(admin, 'GET', '/api/sys/permission/getUserPermissionByToken')).json().result;
      expect(perms.auth.map((a: { action: string }) => a.action)).not.toContain('users:add');
      expect(perms.allAuth).toContainEqual(expect.objectContaining({ action: 'users:add', status: '0', type: '2' }));
    } finally {
      await tdb.pool.query("update permission set status = '1' where perms = 'users:add'");
    }
  });

  it('an /api route that declares no access (or two) stops the app from starting', async () => {
    const bad = await buildApp({ pool: tdb.pool, db: tdb.db, logLevel: 'silent', webDistDir: null });
    expect(() => bad.get('/api/undeclared', async () => 'x')).toThrow(RouteDeclarationError);
    expect(() => bad.get('/api/twice', { config: { public: true, permission: Perm.USER_ADD } }, async () => 'x')).toThrow(/exactly one/);
    // Outside /api nothing is required.
    expect(() => bad.get('/not-api', async () => 'x')).not.toThrow();
    await bad.close();
  });
});

/**
 * The menu the domain's ROLE_GRANTS give a role set on a brand: pages whose perm is granted and the brand has, groups
 * with a visible child.
 */
function expectedMenu(roles: RoleCode[], all = false, brand = 'tikipay'): unknown[] {
  const granted = new Set(grantsOnBrand(roles.flatMap((r) => ROLE_GRANTS[r]), brand));
  const walk = (items: readonly MenuDef[]): unknown[] =>
    items.flatMap((m) => {
      if (m.children?.length) {
        const kids = walk(m.children);
        return kids.length > 0 ? [{ path: m.path, children: kids }] : [];
      }
      return all || granted.has(m.perm) ? [{ path: m.path }] : [];
    });
  return walk(MENU);
}

interface MenuView {
  path: string;
  name: string;
  component: string;
  route: string;
  meta: { title: string; titles: Record<string, string>; permissionList: { action: string }[] };
  children?: MenuView[];
}
/** The payment, funds and product pages of issue 4 (spec §6: every merchant role that sees payments reads these). */
const PAYMENT_PAGES = [
  '/payment/collections', '/payment/refunds', '/payment/payment-links', '/funds/balances', '/funds/balance-records', '/funds/settlements',
  '/common/productList', '/common/productSummary',
];
const shape = (items: MenuView[]): unknown[] => items.map((m) => (m.children ? { path: m.path, children: shape(m.children) } : { path: m.path }));

describe('getUserPermissionByToken', () => {
  const ROLES_OF: Record<string, RoleCode[]> = {
    demo_admin: [Role.THIRD_ROLE_ADMIN],
    demo_operator: [Role.THIRD_ROLE_OPERATOR],
    demo_read: [Role.THIRD_ROLE_READ],
    demo_business: [Role.BUSINESS],
    crypto_admin: [Role.CRYPTO_ROLE_ADMIN],
    crypto_operator: [Role.CRYPTO_ROLE_OPERATOR],
    br_admin: [Role.THIRD_ROLE_ADMIN],
  };

  it.each(Object.keys(ROLES_OF))('%s: the menu its role grants', async (username) => {
    const token = await tokenOf(username);
    const res = await call(token, 'GET', '/api/sys/permission/getUserPermissionByToken');
    expect(res.statusCode).toBe(200);
    expect(shape(res.json().result.menu)).toEqual(expectedMenu(ROLES_OF[username]!, false, DEMO_LOGIN[username]?.brand));
  });

  it('admin sees every menu item', async () => {
    const res = await call(await tokenOf('admin'), 'GET', '/api/sys/permission/getUserPermissionByToken');
    expect(shape(res.json().result.menu)).toEqual(expectedMenu([], true));
  });

  it('every menu page is stored under its own code (two pages sharing one code would drop one from the menu)', () => {
    const pages = flattenMenu().filter((m) => !m.children?.length);
    expect(new Set(pages.map((m) => menuCode(m))).size).toBe(pages.length);
  });

  it('the role table (spec §6): demo_admin, demo_operator, demo_read', async () => {
    const a = (await call(await tokenOf('demo_admin'), 'GET', '/api/sys/permission/getUserPermissionByToken')).json().result;
    const paths = flattenMenu(a.menu as never).map((m) => m.path);
    expect(paths).toEqual(
      expect.arrayContaining(['/dashboard/home', '/system', '/system/users', '/system/audit', '/account/security', ...PAYMENT_PAGES, '/developer/parameters']),
    );
    expect(paths).not.toContain('/system/roles');
    expect(paths).not.toContain('/system/permissions');
    expect(a.auth.map((x: { action: string }) => x.action)).toEqual(expect.arrayContaining([Perm.REFUND_ADD, Perm.DEVELOPER_KEY_EDIT, Perm.EXPORT]));
    expect(a.auth.map((x: { action: string }) => x.action)).not.toContain(Perm.SETTLEMENT_RUN);

    // The operator: payments and their actions, no developer parameters, no sub-accounts.
    const o = (await call(await tokenOf('demo_operator'), 'GET', '/api/sys/permission/getUserPermissionByToken')).json().result;
    const opPaths = flattenMenu(o.menu as never).map((m) => m.path);
    expect(opPaths).toEqual(expect.arrayContaining(PAYMENT_PAGES));
    expect(opPaths).not.toContain('/developer/parameters');
    expect(opPaths).not.toContain('/system/users');
    expect(o.auth.map((x: { action: string }) => x.action)).toContain(Perm.REFUND_ADD);
    // Spec §6 "single and batch payout": the operator makes payouts; approving them is the admin's (maker-checker).
    expect(o.auth.map((x: { action: string }) => x.action)).toEqual(expect.arrayContaining([Perm.PAYOUT_ADD, Perm.PAYOUT_CANCEL]));
    expect(o.auth.map((x: { action: string }) => x.action)).not.toContain(Perm.PAYOUT_REVIEW);
    expect(a.auth.map((x: { action: string }) => x.action)).toContain(Perm.PAYOUT_REVIEW);
    // Issue 12: moving the merchant's money between its accounts is the admin's, not the operator's.
    expect(a.auth.map((x: { action: string }) => x.action)).toContain(Perm.BALANCE_TRANSFER_ADD);
    expect(o.auth.map((x: { action: string }) => x.action)).not.toContain(Perm.BALANCE_TRANSFER_ADD);
    expect(o.auth.map((x: { action: string }) => x.action)).toContain(Perm.TOP_UP_ADD);
    // Withdrawals: the operator withdraws; accounts are the admin's; review is provider staff's only.
    expect(o.auth.map((x: { action: string }) => x.action)).toContain(Perm.WITHDRAWAL_ADD);
    expect(o.auth.map((x: { action: string }) => x.action)).not.toContain(Perm.WITHDRAWAL_ACCOUNT_EDIT);
    expect(a.auth.map((x: { action: string }) => x.action)).toContain(Perm.WITHDRAWAL_ACCOUNT_EDIT);
    expect(a.auth.map((x: { action: string }) => x.action)).not.toContain(Perm.WITHDRAWAL_REVIEW);

    // Read-only: home, the payment lists and products, exporting them; not a single other button.
    const r = (await call(await tokenOf('demo_read'), 'GET', '/api/sys/permission/getUserPermissionByToken')).json().result;
    expect(shape(r.menu)).toEqual([
      { path: '/dashboard/home' },
      { path: '/payment', children: [{ path: '/payment/collections' }, { path: '/payment/payouts' }, { path: '/payment/refunds' }, { path: '/payment/auto-deductions' }, { path: '/payment/payment-links' }, { path: '/payment/sales' }] },
      { path: '/funds', children: [{ path: '/funds/balances' }, { path: '/funds/top-ups' }, { path: '/funds/withdrawals' }, { path: '/funds/balance-transfers' }, { path: '/funds/balance-records' }, { path: '/funds/settlements' }] },
      { path: '/common', children: [{ path: '/common/productList' }, { path: '/common/productSummary' }] },
      { path: '/account/security' },
    ]);
    expect(r.auth.map((x: { action: string }) => x.action)).toEqual([Perm.EXPORT]);
  });

  it('the crypto read role sees the transaction records and may export them, nothing else', async () => {
    await tdb.pool.query(
      `insert into app_user (merchant_id, username, realname, password_hash)
       select merchant_id, 'crypto_read', 'Crypto Reader', password_hash from app_user where username = 'crypto_admin'`,
    );
    await tdb.pool.query(
      `insert into user_role (user_id, role_id)
       select u.id, r.id from app_user u, role r where u.username = 'crypto_read' and r.role_code = $1 and r.merchant_id is null`,
      [Role.CRYPTO_ROLE_READ],
    );
    const token = await tokenOf('crypto_read', { brand: 'coinrail', currency: 'USDT' });
    const res = (await call(token, 'GET', '/api/sys/permission/getUserPermissionByToken')).json().result;
    expect(shape(res.menu)).toEqual([{ path: '/payment', children: [{ path: '/payment/collections' }] }, { path: '/account/security' }]);
    expect(shape(res.menu)).toEqual(expectedMenu([Role.CRYPTO_ROLE_READ]));
    expect(res.auth.map((x: { action: string }) => x.action)).toEqual([Perm.EXPORT]);
  });

  it('titles in the caller language and all six; buttons in permissionList, auth and allAuth', async () => {
    const token = await tokenOf('demo_admin');
    const res = await call(token, 'GET', '/api/sys/permission/getUserPermissionByToken', undefined, 'th-TH');
    const { menu, auth, allAuth } = res.json().result as { menu: MenuView[]; auth: { action: string; describe: string; type: string; status: string }[]; allAuth: { action: string }[] };
    const home = menu[0]!;
    expect(home).toMatchObject({ path: '/dashboard/home', name: 'dashboard-home', component: 'dashboard/Home', route: '1' });
    expect(home.meta.title).toBe(translate('th-TH', 'dashboard.menu'));
    for (const l of LANGUAGES) expect(home.meta.titles[l]).toBe(translate(l, 'dashboard.menu'));
    const system = menu.find((m) => m.path === '/system')!;
    expect(system).toMatchObject({ component: '', alwaysShow: true, redirect: '/system/users' });
    const users = system.children!.find((m) => m.path === '/system/users')!;
    expect(users.meta.permissionList.map((p) => p.action).sort()).toEqual(['users:add', 'users:edit', 'users:freeze', 'users:resetPassword']);
    // auth: every button the role grants (the user buttons and, since issue 4, the payment and developer ones).
    const granted = new Set(ROLE_GRANTS[Role.THIRD_ROLE_ADMIN]);
    expect(auth.map((a) => a.action).sort()).toEqual(
      BUTTONS.filter((b) => b.type === PermissionType.BUTTON && granted.has(b.code)).map((b) => b.code).sort(),
    );
    expect(auth.map((a) => a.action)).toEqual(expect.arrayContaining(['users:add', 'users:edit', 'users:freeze', 'users:resetPassword']));
    expect(auth.find((a) => a.action === 'users:add')).toEqual({ action: 'users:add', describe: translate('th-TH', 'users.perm.add'), type: '2', status: '1' });
    expect(allAuth.map((a) => a.action)).toEqual(expect.arrayContaining(['tikipayStuff', 'column:fee', 'dictionaries:edit', 'users:add']));
    expect(allAuth.find((a) => a.action === 'column:fee')).toMatchObject({ type: '1' });
  });

  it('operator titles override the catalogue; route 0 items are sent with route "0"', async () => {
    await tdb.pool.query(`update permission set titles = '{"en-US": "Start"}'::jsonb, route = false where perms = 'dashboard:menu'`);
    try {
      const res = await call(await tokenOf('demo_read'), 'GET', '/api/sys/permission/getUserPermissionByToken');
      const home = res.json().result.menu[0];
      expect(home.meta.title).toBe('Start');
      expect(home.meta.titles['zh-CN']).toBe(translate('zh-CN', 'dashboard.menu'));
      expect(home.route).toBe('0');
    } finally {
      await tdb.pool.query("update permission set titles = null, route = true where perms = 'dashboard:menu'");
    }
  });

  it('the seeded tree: groups under their own code, buttons under their page', async () => {
    const { rows } = await tdb.pool.query<{ perms: string; menu_type: number; parent: string | null }>(
      'select p.perms, p.menu_type, q.perms as parent from permission p left join permission q on q.id = p.parent_id',
    );
    const system = MENU.find((m) => m.path === '/system')!;
    expect(rows.find((r) => r.perms === menuCode(system))).toMatchObject({ menu_type: 0, parent: null });
    expect(rows.find((r) => r.perms === 'users:menu')).toMatchObject({ menu_type: 1, parent: 'system:menu' });
    expect(rows.find((r) => r.perms === 'users:add')).toMatchObject({ menu_type: 2, parent: 'users:menu' });
    expect(rows.find((r) => r.perms === 'column:usd')).toMatchObject({ menu_type: 2, parent: null });
  });
});

describe('sub-merchants and departments', () => {
  it('switchSubMId: to a sub-merchant (new token, old one dead), back, and never to another merchant', async () => {
    const token = await tokenOf('demo_admin');
    const res = await call(token, 'PUT', '/api/sys/switchSubMId', { merchantId: 10002, username: 'demo_admin' });
    expect(res.statusCode, res.body).toBe(200);
    const r = res.json().result;
    expect(r.userInfo).toMatchObject({ merchantId: 10002, company: 'Demo Store Games', currency: 'IDR' });
    expect(r.token).not.toBe(token);
    expect((await call(token, 'GET', '/api/user/info')).statusCode).toBe(401);
    expect((await call(r.token, 'GET', '/api/user/info')).json().result.merchantId).toBe(10002);
    // Back to the own merchant.
    const back = await call(r.token, 'PUT', '/api/sys/switchSubMId', { merchantId: '10001', username: 'demo_admin' });
    expect(back.json().result.userInfo.merchantId).toBe(10001);
    const t3 = back.json().result.token;
    const refused = await call(t3, 'PUT', '/api/sys/switchSubMId', { merchantId: 10020, username: 'demo_admin' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toContain('10020');
    expect((await call(t3, 'GET', '/api/user/info')).statusCode).toBe(200);
    const rows = await auditRows('sub_merchant_switched', 'demo_admin');
    expect(rows.map((x) => x.success)).toEqual([true, true, false]);
  });

  it('demo_operator has two departments and must choose; demo_admin has one, chosen for it', async () => {
    const login1 = (await login('demo_operator')).json().result;
    expect(login1.multi_depart).toBe(2);
    expect(login1.departs.map((d: { departName: string }) => d.departName)).toEqual(['Finance', 'Operations']);
    const token = login1.token as string;
    const list = (await call(token, 'GET', '/api/sys/user/getCurrentUserDeparts')).json().result;
    expect(list.list).toHaveLength(2);
    const bad = await call(token, 'PUT', '/api/sys/selectDepart', { orgCode: 'D10001-MGT', username: 'demo_operator' });
    expect(bad.statusCode).toBe(400);
    const okRes = await call(token, 'PUT', '/api/sys/selectDepart', { orgCode: 'D10001-OPS', username: 'demo_operator' });
    expect(okRes.statusCode).toBe(200);
    expect(okRes.json().result.userInfo.orgCode).toBe('D10001-OPS');
    expect((await call(token, 'GET', '/api/sys/user/getCurrentUserDeparts')).json().result.orgCode).toBe('D10001-OPS');
    expect((await call(token, 'GET', '/api/user/info')).json().result.orgCode).toBe('D10001-OPS');
    expect((await auditRows('depart_selected', 'demo_operator')).at(-1)?.detail).toEqual({ orgCode: 'D10001-OPS' });

    const admin = (await login('demo_admin')).json().result;
    expect(admin.multi_depart).toBe(1);
    expect(admin.userInfo.orgCode).toBe('D10001-MGT');
    expect((await login('demo_read')).json().result.multi_depart).toBe(0);
  });
});

describe('updatePassword', () => {
  const NEW = 'Fresh#2026pay';

  it('messages of spec §8, policy, and the other sessions revoked', async () => {
    const other = await tokenOf('crypto_admin');
    const token = await tokenOf('crypto_admin');
    const up = (body: object, lang = 'en-US') => call(token, 'POST', '/api/sys/user/updatePassword', { username: 'crypto_admin', ...body }, lang);

    const wrongOld = await up({ oldpassword: 'Nope#2026pay', password: NEW, confirmpassword: NEW });
    expect(wrongOld.statusCode).toBe(422);
    expect(wrongOld.json()).toMatchObject({ errorCode: 'OLD_PASSWORD_WRONG', message: translate('en-US', 'error.oldPasswordWrong') });
    const mismatch = await up({ oldpassword: DEMO_PASSWORD, password: NEW, confirmpassword: `${NEW}x` }, 'id-ID');
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json()).toMatchObject({ errorCode: 'PASSWORD_MISMATCH', message: translate('id-ID', 'error.passwordMismatch') });
    const empty = await up({ oldpassword: DEMO_PASSWORD, password: '', confirmpassword: '' });
    expect(empty.json().errorCode).toBe('NEW_PASSWORD_EMPTY');
    const weak = await up({ oldpassword: DEMO_PASSWORD, password: 'alllowercase1', confirmpassword: 'alllowercase1' });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().errors[0]).toMatchObject({ field: 'password' });
    const noOld = await up({ password: NEW, confirmpassword: NEW });
    expect(noOld.json().errors[0].field).toBe('oldpassword');
    expect((await call(token, 'POST', '/api/sys/user/updatePassword', { username: 'demo_admin', oldpassword: DEMO_PASSWORD, password: NEW, confirmpassword: NEW })).statusCode).toBe(403);

    const done = await up({ oldpassword: DEMO_PASSWORD, password: NEW, confirmpassword: NEW });
    expect(done.statusCode, done.body).toBe(200);
    expect((await call(token, 'GET', '/api/user/info')).statusCode).toBe(200);
    expect((await call(other, 'GET', '/api/user/info')).statusCode).toBe(401);
    expect((await login('crypto_admin')).statusCode).toBe(401);
    expect((await login('crypto_admin', { password: NEW })).statusCode).toBe(200);
    const rows = await auditRows('password_changed', 'crypto_admin');
    expect(rows.map((r) => r.success)).toEqual([false, true]);
    // Put it back for the other tests.
    await up({ oldpassword: NEW, password: DEMO_PASSWORD, confirmpassword: DEMO_PASSWORD });
  });
});

describe('config', () => {
  it('CAPTCHA and MAIL_URL', () => {
    expect(parseConfig({})).toMatchObject({ captcha: true, mailUrl: undefined });
    expect(parseConfig({ CAPTCHA: 'off' }).captcha).toBe(false);
    expect(parseConfig({ CAPTCHA: 'ON' }).captcha).toBe(true);
    expect(() => parseConfig({ CAPTCHA: 'maybe' })).toThrow(/CAPTCHA must be on or off/);
    expect(parseConfig({ MAIL_URL: 'smtp://u:p@mail:587' }).mailUrl).toBe('smtp://u:p@mail:587');
    expect(() => parseConfig({ MAIL_URL: 'http://x' })).toThrow(/^Invalid configuration: MAIL_URL must be an smtp/);
    try {
      parseConfig({ MAIL_URL: 'http://user:secret@x' });
    } catch (e) {
      expect(String(e)).not.toContain('secret');
    }
  });
});

describe('other sign-in calls of spec §7', () => {
  async function phoneLogin(phone: string, password = DEMO_PASSWORD) {
    return app.inject({
      method: 'POST',
      url: '/api/sys/phoneLogin',
      headers: { 'x-brand': 'pagoverde', 'x-lang': 'en-US', 'x-forwarded-for': '203.0.113.77' },
      payload: { phone, password, countryCurrency: 'BRL', checkKey: await captchaKey(), captcha: CAPTCHA_TEXT },
    });
  }

  it('/sys/phoneLogin signs in by phone number with the same checks and answers as /sys/login', async () => {
    await tdb.pool.query(`update app_user set phone = '+5511987650001' where username = 'br_admin'`);
    const ok = await phoneLogin('+5511987650001');
    expect(ok.statusCode).toBe(200);
    expect(ok.json().result.userInfo).toMatchObject({ username: 'br_admin', merchantId: 10020, currency: 'BRL' });

    const wrongPassword = await phoneLogin('+5511987650001', 'Wrong#2026pay');
    const unknownPhone = await phoneLogin('+5511900000000');
    expect(wrongPassword.statusCode).toBe(401);
    expect(unknownPhone.statusCode).toBe(401);
    expect(unknownPhone.json().errorCode).toBe('WRONG_CREDENTIALS');
    expect(unknownPhone.json().message).toBe(wrongPassword.json().message);
  });

  it('third-party and CAS single sign-on answer "unsupported" (no identity provider is configured)', async () => {
    for (const url of ['/api/thirdLogin/getLoginUser/abc', '/api/cas/client/validateLogin']) {
      const res = await app.inject({ url, headers: { 'x-lang': 'en-US' } });
      expect(res.statusCode).toBe(422);
      expect(res.json()).toMatchObject({ success: false, errorCode: 'OPERATION_UNSUPPORTED' });
    }
  });
});
