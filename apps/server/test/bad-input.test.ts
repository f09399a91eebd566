/**
 * No input earns a 500 (issue 8, in part): control characters anywhere in a request are a 400 naming the field, and
 * statements PostgreSQL refuses for their data (a race on a unique index) are a 409 / 400, never a 500.
 */
import { translate } from '@mg/domain';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseRejection } from '../src/db/errors';
import { controlCharacterAt } from '../src/plugins/input-guard';
import { buildAdminTestApp, signIn, type Client } from './helpers/admin-session';
import { createTestDatabase, type TestDatabase } from './helpers/db';

let tdb: TestDatabase;
let app: FastifyInstance;
let admin: Client;

beforeAll(async () => {
  tdb = await createTestDatabase();
  app = await buildAdminTestApp(tdb);
  admin = await signIn(app, 'admin');
});
afterAll(async () => {
  await app?.close();
  await tdb?.drop();
});

const NUL = '\u0000';

describe('control characters', () => {
  it('finds the first string or key holding one, tab, line feed and carriage return being text', () => {
    expect(controlCharacterAt({ a: 'ok\tline\r\nnext' })).toBeUndefined();
    expect(controlCharacterAt({ a: { b: ['x', `y${NUL}`] } })).toBe('a.b.1');
    expect(controlCharacterAt({ [`k\u0007`]: 1 })).toBe('k\u0007');
    expect(controlCharacterAt(`x\u007f`)).toBe('');
  });

  it('does not walk the bytes of an uploaded file (a 3 MB body was 3 million entries before the route ran)', () => {
    const file = Buffer.alloc(3 * 1024 * 1024, 0);
    const t0 = performance.now();
    expect(controlCharacterAt(file)).toBeUndefined();
    expect(performance.now() - t0).toBeLessThan(50);
  });

  it('a NUL in the sign-in form is a 400 naming the field, before anything reaches the database', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/sys/login', headers: { 'x-lang': 'en-US' }, payload: { username: `demo${NUL}admin`, password: 'x', captcha: 'abcd', checkKey: 'k' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0]).toMatchObject({ field: 'username' });
    expect(res.json().errors[0].message).toContain(translate('en-US', 'validation.text.controlCharacter'));
  });

  it('in a query filter, a path segment (the public cashier) and a nested body field', async () => {
    const list = await admin.get('/sys/user/list', { username: `a${NUL}` });
    expect(list.statusCode).toBe(400);
    expect(list.json().errors[0].field).toBe('username');

    const cashier = await app.inject({ method: 'GET', url: '/api/cashier/abc%00def' });
    expect(cashier.statusCode).toBe(400);

    const dict = await admin.post('/sys/dict/add', { dictCode: 'ctl_test', dictName: 'x', description: `bell\u0007` });
    expect(dict.statusCode).toBe(400);
    expect(dict.json().errors[0].field).toBe('description');
  });
});

describe('statements the database refuses', () => {
  it('maps unique violations to 409, missing referenced rows to 404, data exceptions to 400; anything else is not mapped', () => {
    expect(databaseRejection({ code: '23505' })).toMatchObject({ status: 409, code: 'DUPLICATE' });
    expect(databaseRejection({ message: 'Failed query', cause: { code: '23503' } })).toMatchObject({ status: 404, code: 'NOT_FOUND' });
    expect(databaseRejection({ code: '22003' })).toMatchObject({ status: 400, code: 'VALIDATION_FAILED' });
    expect(databaseRejection({ code: '23502', column: 'role_name' })).toMatchObject({ status: 400, field: 'role_name' });
    expect(databaseRejection({ code: '42P01' })).toBeUndefined();
    expect(databaseRejection(new Error('boom'))).toBeUndefined();
  });

  it('concurrent creates of the same dictionary answer one 200 and 409s, never a 500', async () => {
    const answers = await Promise.all(Array.from({ length: 6 }, () => admin.post('/sys/dict/add', { dictCode: 'race_test', dictName: 'Race' })));
    const statuses = answers.map((r) => r.statusCode).sort();
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.every((s) => s === 200 || s === 409)).toBe(true);
  });
});
