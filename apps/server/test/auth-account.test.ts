/**
 * Account flows (issue 3): e-mail codes through the outbox, registration on a brand with registerSwitch, forgotten
 * password, Google Authenticator (enrol, confirm, sign-in step, once-only codes, recovery codes, disable).
 */
import { translate } from '@mg/domain';
import type { FastifyInstance } from 'fastify';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp } from './helpers/app';
import { DEMO_PASSWORD, signIn } from './helpers/auth';
import { LOCK_AFTER_FAILURES, LOCK_MS, LOGIN_TICKET_TRIES } from '../src/modules/auth/login';
import { createTestDatabase, type TestDatabase } from './helpers/db';

const CAPTCHA_TEXT = 'ab12';

let tdb: TestDatabase;
let app: FastifyInstance;
let seq = 0;

beforeAll(async () => {
  tdb = await createTestDatabase();
  app = await buildTestApp(tdb, { captcha: true, captchaGenerator: () => ({ text: CAPTCHA_TEXT, svg: '<svg/>' }) });
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  await tdb?.drop();
});

async function captchaKey(): Promise<string> {
  const key = `acct${Date.now()}_${++seq}`;
  await app.inject({ url: `/api/sys/randomImage/${key}` });
  return key;
}

async function requestCode(email: string, purpose: 'register' | 'reset', headers: Record<string, string> = { 'x-brand': 'lumipay' }) {
  return app.inject({
    method: 'POST',
    url: '/api/account/sms',
    headers,
    payload: { email, purpose, checkKey: await captchaKey(), captcha: CAPTCHA_TEXT },
  });
}

/** The code of the newest outbox mail to `email` (what a developer reads without a mailbox). */
async function codeFromOutbox(email: string): Promise<string> {
  const { rows } = await tdb.pool.query('select text_body from mail_outbox where to_address = $1 order by id desc limit 1', [email]);
  const m = /\b(\d{6})\b/.exec(rows[0]?.text_body ?? '');
  if (!m) throw new Error(`no code mailed to ${email}`);
  return m[1]!;
}

const NEW_PW = 'Brand#New2026';

function registration(over: Record<string, unknown> = {}) {
  return {
    username: 'lumi_new',
    password: NEW_PW,
    confirmpassword: NEW_PW,
    email: 'owner@lumi-new.test',
    phone: '+66 812345678',
    companyName: 'Lumi New Co',
    countryCurrency: 'PHP',
    brand: 'lumipay',
    ...over,
  };
}

describe('registration', () => {
  it('on lumipay: e-mail code from the outbox, merchant onboarding, admin user, can sign in', async () => {
    const sent = await requestCode('owner@lumi-new.test', 'register', { 'x-brand': 'lumipay', 'x-lang': 'pt-BR' });
    expect(sent.statusCode, sent.body).toBe(200);
    const { rows: mails } = await tdb.pool.query("select subject, text_body, status from mail_outbox where to_address = 'owner@lumi-new.test'");
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toBe(translate('pt-BR', 'auth.mail.code.subject', { brand: 'LumiPay' }));
    expect(mails[0].status).toBe('outbox');
    const code = await codeFromOutbox('owner@lumi-new.test');
    expect(mails[0].text_body).toContain(translate('pt-BR', 'auth.mail.code.register', { code, minutes: 10 }));
    // Stored hashed only.
    const { rows: codes } = await tdb.pool.query("select code_hash from email_code where email = 'owner@lumi-new.test'");
    expect(codes[0].code_hash).not.toContain(code);

    // A second code within 60 s is refused.
    const again = await requestCode('owner@lumi-new.test', 'register');
    expect(again.statusCode).toBe(429);

    const wrong = await app.inject({ method: 'POST', url: '/api/auth/register', payload: registration({ emailCode: code === '000000' ? '111111' : '000000' }) });
    expect(wrong.statusCode).toBe(412);
    expect(wrong.json().errorCode).toBe('EMAIL_CODE_INCORRECT');

    const res = await app.inject({ method: 'POST', url: '/api/auth/register', payload: registration({ emailCode: code }) });
    expect(res.statusCode, res.body).toBe(200);
    const { merchantId, username } = res.json().result;
    expect(username).toBe('lumi_new');
    expect(merchantId).toBeGreaterThanOrEqual(10100);
    const { rows: m } = await tdb.pool.query('select * from merchant where id = $1', [merchantId]);
    expect(m[0]).toMatchObject({ status: 'onboarding', brand: 'lumipay', currencies: ['PHP'], name: 'Lumi New Co' });
    const { rows: roles } = await tdb.pool.query(
      "select r.role_code from user_role ur join role r on r.id = ur.role_id join app_user u on u.id = ur.user_id where u.username = 'lumi_new'",
    );
    expect(roles.map((r) => r.role_code)).toEqual(['third_role_admin']);
    // The code is used up.
    const reuse = await app.inject({ method: 'POST', url: '/api/auth/register', payload: registration({ username: 'lumi_other', email: 'owner@lumi-new.test', emailCode: code }) });
    expect(reuse.json().errorCode).toBe('EMAIL_TAKEN');

    const login = await app.inject({
      method: 'POST',
      url: '/api/sys/login',
      headers: { 'x-brand': 'lumipay' },
      payload: { username: 'lumi_new', password: NEW_PW, countryCurrency: 'PHP', checkKey: await captchaKey(), captcha: CAPTCHA_TEXT },
    });
    expect(login.statusCode, login.body).toBe(200);
    expect(login.json().result.userInfo).toMatchObject({ merchantId, company: 'Lumi New Co', brand: 'lumipay', roleCode: 'third_role_admin' });
    const { rows: audit } = await tdb.pool.query("select * from audit_log where action = 'register' and username = 'lumi_new'");
    expect(audit).toHaveLength(1);
  });

  it('username, e-mail and phone are unique (409)', async () => {
    const email = 'dup@lumi.test';
    await requestCode(email, 'register');
    const code = await codeFromOutbox(email);
    const user = await app.inject({ method: 'POST', url: '/api/auth/register', payload: registration({ username: 'DEMO_ADMIN', email, phone: '', emailCode: code }) });
    expect(user.statusCode).toBe(409);
    expect(user.json()).toMatchObject({ errorCode: 'USERNAME_TAKEN', message: translate('en-US', 'error.usernameTaken') });
    const mail = await app.inject({ method: 'POST', url: '/api/auth/register', payload: registration({ username: 'fresh1', email: 'Demo_Read@demo-store.test', emailCode: code }) });
    expect(mail.json().errorCode).toBe('EMAIL_TAKEN');
    await tdb.pool.query("update app_user set phone = '+66 800000001' where username = 'demo_read'");
    const phone = await app.inject({ method: 'POST', url: '/api/auth/register', payload: registration({ username: 'fresh2', email, phone: '+66 800000001', emailCode: code }) });
    expect(phone.json().errorCode).toBe('PHONE_TAKEN');
  });

  it('an e-mail code allows 5 tries', async () => {
    const email = 'tries@lumi.test';
    await requestCode(email, 'register');
    const code = await codeFromOutbox(email);
    const wrong = code === '999999' ? '888888' : '999999';
    for (let i = 0; i < 5; i++) {
      const r = await app.inject({ method: 'POST', url: '/api/auth/register', payload: registration({ username: 'tries1', email, phone: '', emailCode: wrong }) });
      expect(r.json().errorCode).toBe('EMAIL_CODE_INCORRECT');
    }
    const right = await app.inject({ method: 'POST', url: '/api/auth/register', payload: registration({ username: 'tries1', email, phone: '', emailCode: code }) });
    expect(right.json().errorCode).toBe('EMAIL_CODE_INCORRECT');
  });

  it('refused on tikipay (registerSwitch off), for the code and for registration', async () => {
    const sms = await requestCode('x@tiki.test', 'register', { 'x-brand': 'tikipay' });
    expect(sms.statusCode).toBe(403);
    expect(sms.json().message).toBe(translate('en-US', 'auth.registerClosed', { brand: 'TikiPay' }));
    const reg = await app.inject({ method: 'POST', url: '/api/auth/register', payload: registration({ brand: 'tikipay', emailCode: '123456' }) });
    expect(reg.statusCode).toBe(403);
    // Host header of a brand without registration.
    const byHost = await app.inject({ method: 'POST', url: '/api/auth/register', headers: { host: 'merchant.tikipay.test' }, payload: registration({ brand: undefined, emailCode: '123456' }) });
    expect(byHost.statusCode).toBe(403);
  });

  it('the captcha is required for an e-mail code', async () => {
    const r = await app.inject({ method: 'POST', url: '/api/account/sms', headers: { 'x-brand': 'lumipay' }, payload: { email: 'c@lumi.test', purpose: 'register' } });
    expect(r.statusCode).toBe(412);
  });
});

describe('forgotten password', () => {
  it('e-mail code, new password, every session revoked', async () => {
    const token = await signIn(app, 'demo_operator', DEMO_PASSWORD, { captcha: CAPTCHA_TEXT });
    const sent = await requestCode('demo_operator@demo-store.test', 'reset', {});
    expect(sent.statusCode).toBe(200);
    const code = await codeFromOutbox('demo_operator@demo-store.test');
    const pw = 'Reset#2026pay';
    const mismatch = await app.inject({ method: 'POST', url: '/api/auth/forge-password', payload: { email: 'demo_operator@demo-store.test', emailCode: code, password: pw, confirmpassword: 'x' } });
    expect(mismatch.json().errorCode).toBe('PASSWORD_MISMATCH');
    const res = await app.inject({ method: 'POST', url: '/api/auth/forge-password', payload: { email: 'demo_operator@demo-store.test', emailCode: code, password: pw, confirmpassword: pw } });
    expect(res.statusCode, res.body).toBe(200);
    expect((await app.inject({ url: '/api/user/info', headers: { 'x-access-token': token } })).statusCode).toBe(401);
    await expect(signIn(app, 'demo_operator', DEMO_PASSWORD, { captcha: CAPTCHA_TEXT })).rejects.toThrow(/401/);
    expect(await signIn(app, 'demo_operator', pw, { captcha: CAPTCHA_TEXT })).toBeTruthy();
    const { rows } = await tdb.pool.query("select success from audit_log where action = 'password_reset' and username = 'demo_operator'");
    expect(rows).toEqual([{ success: true }]);
  });

  it('an unknown address gets the same answer and no mail', async () => {
    const r = await requestCode('nobody@nowhere.test', 'reset', {});
    expect(r.statusCode).toBe(200);
    const { rows } = await tdb.pool.query("select count(*)::int as n from mail_outbox where to_address = 'nobody@nowhere.test'");
    expect(rows[0].n).toBe(0);
  });
});

describe('Google Authenticator', () => {
  const post = (token: string, url: string, payload?: object) =>
    app.inject({ method: 'POST', url, headers: { 'x-access-token': token }, ...(payload ? { payload } : {}) });
  const login = async (password = DEMO_PASSWORD) =>
    app.inject({
      method: 'POST',
      url: '/api/sys/login',
      headers: { 'x-brand': 'pagoverde' },
      payload: { username: 'br_admin', password, countryCurrency: 'BRL', checkKey: await captchaKey(), captcha: CAPTCHA_TEXT },
    });

  it('enrol, confirm, the sign-in step, once-only codes, recovery codes, disable', async () => {
    const token = await signIn(app, 'br_admin', DEMO_PASSWORD, { captcha: CAPTCHA_TEXT });
    expect((await app.inject({ url: '/api/sys/user/2fa', headers: { 'x-access-token': token } })).json().result).toEqual({ enabled: false, recoveryCodesLeft: 0 });

    const enrol = (await post(token, '/api/sys/user/2fa/enrol')).json().result;
    expect(enrol.secret).toMatch(/^[A-Z2-7]+=*$/);
    expect(enrol.otpauthUrl).toMatch(/^otpauth:\/\/totp\/.*br_admin.*secret=/);
    // Not active until confirmed: sign-in still issues a token.
    expect((await login()).json().result.token).toBeTruthy();

    const bad = await post(token, '/api/sys/user/2fa/confirm', { code: '000000' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errorCode).toBe('GOOGLE_CODE_ERROR');
    const now = Math.floor(Date.now() / 1000);
    const code = await generate({ secret: enrol.secret, epoch: now });
    const confirm = await post(token, '/api/sys/user/2fa/confirm', { code });
    expect(confirm.statusCode, confirm.body).toBe(200);
    const recovery = confirm.json().result.recoveryCodes as string[];
    expect(recovery).toHaveLength(10);
    expect(new Set(recovery).size).toBe(10);
    const { rows: stored } = await tdb.pool.query("select code_hash from totp_recovery_code r join app_user u on u.id = r.user_id where u.username = 'br_admin'");
    expect(stored).toHaveLength(10);
    expect(stored.map((r) => r.code_hash)).not.toContain(recovery[0]);
    expect((await app.inject({ url: '/api/sys/user/2fa', headers: { 'x-access-token': token } })).json().result).toEqual({ enabled: true, recoveryCodesLeft: 10 });

    // Sign-in now answers a challenge and no token.
    const first = (await login()).json().result;
    expect(first).toEqual({ twoFactorRequired: true, loginTicket: expect.any(String) });
    // The code used at confirmation is refused (same time step).
    const same = await app.inject({ method: 'POST', url: '/api/sys/login/2fa', payload: { loginTicket: first.loginTicket, code } });
    expect(same.statusCode).toBe(401);
    expect(same.json()).toMatchObject({ errorCode: 'GOOGLE_CODE_ERROR', message: translate('en-US', 'error.googleCodeError') });
    // The next step's code passes (within the ±30 s window), on the same ticket.
    const next = await generate({ secret: enrol.secret, epoch: now + 30 });
    const step2 = await app.inject({ method: 'POST', url: '/api/sys/login/2fa', payload: { loginTicket: first.loginTicket, code: next } });
    expect(step2.statusCode, step2.body).toBe(200);
    expect(step2.json().result.userInfo).toMatchObject({ username: 'br_admin', twoFactorEnabled: true });
    // The ticket is used up; the code too.
    expect((await app.inject({ method: 'POST', url: '/api/sys/login/2fa', payload: { loginTicket: first.loginTicket, code: next } })).statusCode).toBe(401);
    const second = (await login()).json().result;
    expect((await app.inject({ method: 'POST', url: '/api/sys/login/2fa', payload: { loginTicket: second.loginTicket, code: next } })).statusCode).toBe(401);

    // A recovery code works once.
    const viaRecovery = await app.inject({ method: 'POST', url: '/api/sys/login/2fa', payload: { loginTicket: second.loginTicket, code: recovery[0]!.toUpperCase() } });
    expect(viaRecovery.statusCode, viaRecovery.body).toBe(200);
    const third = (await login()).json().result;
    expect((await app.inject({ method: 'POST', url: '/api/sys/login/2fa', payload: { loginTicket: third.loginTicket, code: recovery[0] } })).statusCode).toBe(401);
    expect((await app.inject({ url: '/api/sys/user/2fa', headers: { 'x-access-token': token } })).json().result.recoveryCodesLeft).toBe(9);

    // A dead ticket.
    const dead = await app.inject({ method: 'POST', url: '/api/sys/login/2fa', payload: { loginTicket: 'x'.repeat(43), code: next } });
    expect(dead.statusCode).toBe(401);

    // Disable needs a valid code.
    expect((await post(token, '/api/sys/user/2fa/disable', { code: '123456' })).statusCode).toBe(400);
    const off = await post(token, '/api/sys/user/2fa/disable', { code: recovery[1] });
    expect(off.statusCode, off.body).toBe(200);
    expect((await login()).json().result.token).toBeTruthy();

    const { rows: audit } = await tdb.pool.query(
      "select action, success from audit_log where username = 'br_admin' and action in ('2fa_enabled', '2fa_disabled') order by id",
    );
    expect(audit).toEqual([
      { action: '2fa_enabled', success: false },
      { action: '2fa_enabled', success: true },
      { action: '2fa_disabled', success: false },
      { action: '2fa_disabled', success: true },
    ]);
    const { rows: secret } = await tdb.pool.query("select totp_secret, totp_enabled from app_user where username = 'br_admin'");
    expect(secret[0]).toEqual({ totp_secret: null, totp_enabled: false });
  });
  it('wrong codes count against the account like wrong passwords: new tickets do not make guessing free', async () => {
    const token = await signIn(app, 'br_admin', DEMO_PASSWORD, { captcha: CAPTCHA_TEXT });
    const enrol = (await post(token, '/api/sys/user/2fa/enrol')).json().result;
    const code = await generate({ secret: enrol.secret, epoch: Math.floor(Date.now() / 1000) });
    expect((await post(token, '/api/sys/user/2fa/confirm', { code })).statusCode).toBe(200);

    let wrong = 0;
    while (wrong < LOCK_AFTER_FAILURES) {
      const ticket = (await login()).json().result.loginTicket as string;
      for (let i = 0; i < LOGIN_TICKET_TRIES && wrong < LOCK_AFTER_FAILURES; i++, wrong++) {
        const res = await app.inject({ method: 'POST', url: '/api/sys/login/2fa', payload: { loginTicket: ticket, code: '000000' } });
        expect(res.json().errorCode).toBe('GOOGLE_CODE_ERROR');
      }
    }
    // Locked now: even the right password is refused for the lockout's time, with the answer of a wrong password.
    const locked = await login();
    expect(locked.statusCode).toBe(401);
    expect(locked.json()).toMatchObject({
      errorCode: 'WRONG_CREDENTIALS',
      message: translate('en-US', 'auth.wrongCredentials', { attempts: LOCK_AFTER_FAILURES, minutes: LOCK_MS / 60_000 }),
    });
    // The owner is told, once (codes guessed after the password lock the account like wrong passwords).
    await vi.waitFor(async () => {
      const { rows: mails } = await tdb.pool.query("select count(*)::int as n from mail_outbox where to_address = 'admin@lojaverde.test' and subject = $1", [
        translate('pt-BR', 'auth.mail.locked.subject', { brand: 'PagoVerde', minutes: LOCK_MS / 60_000 }),
      ]);
      expect(mails[0].n).toBe(1);
    });
    const { rows } = await tdb.pool.query("select failed_logins, locked_until is not null as locked from app_user where username = 'br_admin'");
    expect(rows[0]).toMatchObject({ locked: true });
    await tdb.pool.query("update app_user set failed_logins = 0, locked_until = null, totp_enabled = false, totp_secret = null where username = 'br_admin'");
  });
});

describe('mail', () => {
  it('development logs the mail line; production never', async () => {
    const lines: string[] = [];
    const { Writable } = await import('node:stream');
    const stream = new Writable({
      write(chunk, _e, cb) {
        lines.push(chunk.toString());
        cb();
      },
    });
    for (const nodeEnv of ['development', 'production'] as const) {
      lines.length = 0;
      const a = await buildTestApp(tdb, { logLevel: 'info', logStream: stream, nodeEnv });
      await a.ready();
      const r = await a.inject({ method: 'POST', url: '/api/account/sms', headers: { 'x-brand': 'coinrail' }, payload: { email: `dev-${nodeEnv}@coin.test`, purpose: 'register' } });
      expect(r.statusCode).toBe(200);
      await a.close();
      const code = await codeFromOutbox(`dev-${nodeEnv}@coin.test`);
      const mailLine = lines.find((l) => l.includes(`mail to dev-${nodeEnv}@coin.test`));
      if (nodeEnv === 'development') expect(mailLine).toContain(code);
      else expect(mailLine).toBeUndefined();
      expect(lines.filter((l) => !l.includes('mail to')).join('\n')).not.toContain(code);
    }
  });
});

describe('country switch', () => {
  it('opens a session in the new currency and ends the old one; a currency the merchant lacks is refused', async () => {
    const token = await signIn(app, 'demo_business', DEMO_PASSWORD, { captcha: CAPTCHA_TEXT });
    const switched = await app.inject({ method: 'PUT', url: '/api/sys/switchCountry', headers: { 'x-access-token': token }, payload: { countryCurrency: 'THB' } });
    expect(switched.statusCode).toBe(200);
    const result = switched.json().result;
    expect(result.userInfo.currency).toBe('THB');
    expect(result.token).not.toBe(token);

    const old = await app.inject({ url: '/api/user/info', headers: { 'x-access-token': token } });
    expect(old.statusCode).toBe(401);
    const info = await app.inject({ url: '/api/user/info', headers: { 'x-access-token': result.token } });
    expect(info.json().result.currency).toBe('THB');

    const refused = await app.inject({
      method: 'PUT',
      url: '/api/sys/switchCountry',
      headers: { 'x-access-token': result.token, 'x-lang': 'pt-BR' },
      payload: { countryCurrency: 'BRL' },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors[0].field).toBe('countryCurrency');
    const audit = await tdb.pool.query(`select success from audit_log where action = 'country_switched'`);
    expect(audit.rows).toEqual([{ success: true }]);
  });
});
