import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { redactLine } from '../src/lib/logger';
import { buildTestApp } from './helpers/app';
import { createTestDatabase, type TestDatabase } from './helpers/db';

let tdb: TestDatabase;
let app: FastifyInstance;
const lines: string[] = [];

beforeAll(async () => {
  tdb = await createTestDatabase();
  const stream = new Writable({
    write(chunk: Buffer, _enc, cb) {
      lines.push(...chunk.toString().split('\n').filter(Boolean));
      cb();
    },
  });
  app = await buildTestApp(tdb, { logLevel: 'info', logStream: stream });
  app.post('/api/test/fail', { config: { public: true } }, async () => {
    throw new Error('kaboom');
  });
  app.get('/api/test/log-headers', { config: { public: true } }, async (req) => {
    req.log.info({ req: { headers: req.headers } }, 'headers seen');
    return { ok: true };
  });
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  await tdb?.drop();
});

it('logs request ids and redacts secrets in bodies and headers', async () => {
  const secrets = ['Hunter2-password', 'Old-secret-pw', 'Confirm-pw-9', 'tok-abc-123', 'shh-secret', 'cap-777', 'auth-xyz', 'cookie-val'];
  const res = await app.inject({
    method: 'POST',
    url: '/api/test/fail',
    headers: { 'x-request-id': 'log-test-0001', 'x-access-token': 'tok-abc-123', authorization: 'Bearer auth-xyz', cookie: 'sid=cookie-val' },
    payload: {
      username: 'alice',
      password: 'Hunter2-password',
      oldpassword: 'Old-secret-pw',
      confirmpassword: 'Confirm-pw-9',
      token: 'tok-abc-123',
      nested: { secret: 'shh-secret', captcha: 'cap-777' },
    },
  });
  expect(res.statusCode).toBe(500);
  await app.inject({ url: '/api/test/log-headers', headers: { 'x-access-token': 'tok-abc-123', cookie: 'sid=cookie-val' } });

  const all = lines.join('\n');
  const errorLine = lines.map((l) => JSON.parse(l)).find((l) => l.msg === 'unhandled error');
  expect(errorLine).toBeDefined();
  expect(errorLine.reqId).toBe('log-test-0001');
  expect(errorLine.err.message).toBe('kaboom');
  expect(errorLine.body.username).toBe('alice'); // the body is logged ...
  expect(errorLine.body.password).toBe('[Redacted]'); // ... without its secrets
  for (const s of secrets) expect(all).not.toContain(s);
  expect(lines.some((l) => l.includes('"headers seen"'))).toBe(true);
});

it('tokens in URLs (the cashier, export downloads, the payer page) never reach a log line', async () => {
  const secrets = ['cashierSecretTok42', 'exportSecretTok43', 'payPageSecretTok44', 'querySecretTok45'];
  await app.inject({ method: 'GET', url: `/api/cashier/${secrets[0]}` });
  await app.inject({ method: 'GET', url: `/api/exports/download/${secrets[1]}` });
  await app.inject({ method: 'GET', url: `/pay/${secrets[2]}` });
  await app.inject({ method: 'GET', url: `/api/health?token=${secrets[3]}` });
  const text = lines.join('\n');
  expect(text).toContain('/api/cashier/');
  for (const s of secrets) expect(text, s).not.toContain(s);
});

it('a secret is redacted at any depth and in any letter case; other lines are written as they are', () => {
  const quiet = JSON.stringify({ level: 30, reqId: 'r1', req: { method: 'POST', url: '/api/open/v1/collections' }, msg: 'incoming request' }) + '\n';
  expect(redactLine(quiet)).toBe(quiet);

  const noisy = JSON.stringify({
    level: 50,
    err: { code: 'E_DB', cause: { config: { headers: { Authorization: 'Bearer deep-auth-1' } } } },
    a: { b: { c: { d: { Password: 'deep-pw-2', list: [{ apiKey: 'kept', SECRET: 'deep-secret-3' }] } } } },
    body: { code: '123456', name: 'kept' },
    query: { code: '654321' },
    msg: 'unhandled error',
  });
  const out = redactLine(noisy + '\n');
  expect(out.endsWith('\n')).toBe(true);
  for (const s of ['deep-auth-1', 'deep-pw-2', 'deep-secret-3', '123456', '654321']) expect(out, s).not.toContain(s);
  const line = JSON.parse(out);
  expect(line.err.code).toBe('E_DB'); // an error code is not a one-time code
  expect(line.a.b.c.d.Password).toBe('[Redacted]');
  expect(line.a.b.c.d.list[0].apiKey).toBe('kept');
  expect(line.body).toEqual({ code: '[Redacted]', name: 'kept' });
  expect(line.msg).toBe('unhandled error');
});
