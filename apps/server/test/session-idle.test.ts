/**
 * The idle limit of sessions (issue 39): a session nobody used for its limit (platform staff 30 minutes, merchants 8
 * hours by default) answers 401 TOKEN_EXPIRED; background requests (`X-Background: 1`) are answered without counting
 * as use; the last-seen time is written at most once a minute however many requests come. Idle time is made by
 * moving `last_seen_at` into the past in the database, never by waiting.
 */
import { SESSION_SEEN_WRITE_MS, translate } from '@mg/domain';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sha256 } from '../src/modules/auth/tokens';
import { buildTestApp } from './helpers/app';
import { signIn } from './helpers/auth';
import { createTestDatabase, type TestDatabase } from './helpers/db';

let tdb: TestDatabase;
let app: FastifyInstance;

beforeAll(async () => {
  tdb = await createTestDatabase();
  app = await buildTestApp(tdb, { rateLimitPerMinute: 100_000 });
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  await tdb?.drop();
});

const get = (token: string, headers: Record<string, string> = {}, url = '/api/user/info') =>
  app.inject({ url, headers: { 'x-access-token': token, 'x-lang': 'en-US', ...headers } });

/** Makes the session look unused for `minutes` (its last use that long ago). */
async function idleFor(token: string, minutes: number): Promise<void> {
  await tdb.pool.query("update session set last_seen_at = now() - make_interval(mins => $2) where token_hash = $1", [sha256(token), minutes]);
}

async function idleMinutes(token: string): Promise<number> {
  const { rows } = await tdb.pool.query('select extract(epoch from now() - last_seen_at) / 60 as m from session where token_hash = $1', [sha256(token)]);
  return Number(rows[0].m);
}

describe('session idle limit', () => {
  it("platform staff's session ends after 30 idle minutes with 401 TOKEN_EXPIRED; a merchant's is still good at 31 minutes", async () => {
    const staff = await signIn(app, 'admin');
    const merchant = await signIn(app, 'demo_admin');
    await idleFor(staff, 31);
    await idleFor(merchant, 31);

    const refused = await get(staff, { 'x-lang': 'th-TH' });
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toMatchObject({ success: false, code: 401, errorCode: 'TOKEN_EXPIRED', message: translate('th-TH', 'error.tokenExpired') });
    expect((await get(merchant)).statusCode).toBe(200);

    // Over is over: the refusal does not count as use, so the session stays refused.
    expect((await get(staff)).json().errorCode).toBe('TOKEN_EXPIRED');
    expect(await idleMinutes(staff)).toBeGreaterThan(30);
    // A public route still answers, without the session.
    expect((await get(staff, {}, '/api/sys/randomImage/idlecheck01')).statusCode).toBe(200);

    // A merchant's limit is 8 hours.
    await idleFor(merchant, 8 * 60 + 1);
    expect((await get(merchant)).json().errorCode).toBe('TOKEN_EXPIRED');
    // A session that is simply gone is still the plain 401.
    expect((await get('A'.repeat(43))).json().errorCode).toBe('UNAUTHORIZED');
  });

  it('a busy session stays: each person’s request counts as use', async () => {
    const staff = await signIn(app, 'admin');
    await idleFor(staff, 29);
    expect((await get(staff)).statusCode).toBe(200);
    expect(await idleMinutes(staff)).toBeLessThan(1);
    await idleFor(staff, 29);
    expect((await get(staff)).statusCode).toBe(200);
  });

  it('background requests are answered but do not extend the session', async () => {
    const staff = await signIn(app, 'admin');
    await idleFor(staff, 10);
    for (let i = 0; i < 3; i++) expect((await get(staff, { 'x-background': '1' })).statusCode).toBe(200);
    expect(await idleMinutes(staff)).toBeGreaterThan(9.9);
    // Only background traffic for the rest of the limit: the session ends anyway.
    await idleFor(staff, 30);
    const refused = await get(staff, { 'x-background': '1' });
    expect(refused.statusCode).toBe(401);
    expect(refused.json().errorCode).toBe('TOKEN_EXPIRED');
  });

  it('the limits come from the configuration', async () => {
    const strict = await buildTestApp(tdb, { sessionIdleMs: { platform: 5 * 60_000, merchant: 10 * 60_000 } });
    await strict.ready();
    try {
      const staff = await signIn(strict, 'admin');
      const merchant = await signIn(strict, 'demo_admin');
      await idleFor(staff, 6);
      await idleFor(merchant, 6);
      const call = (token: string) => strict.inject({ url: '/api/user/info', headers: { 'x-access-token': token } });
      expect((await call(staff)).json().errorCode).toBe('TOKEN_EXPIRED');
      expect((await call(merchant)).statusCode).toBe(200);
    } finally {
      await strict.close();
    }
  });

  it('last-seen is written at most once per minute, however many requests come at once', async () => {
    const token = await signIn(app, 'demo_admin');
    // Every write of last_seen_at, counted by the database itself.
    await tdb.pool.query(`
      create table if not exists seen_write (n int not null);
      create or replace function count_seen_write() returns trigger language plpgsql as $$
        begin insert into seen_write values (1); return null; end $$;
      drop trigger if exists count_seen_write on session;
      create trigger count_seen_write after update of last_seen_at on session
        for each row when (old.last_seen_at is distinct from new.last_seen_at) execute function count_seen_write();`);
    const writes = async () => Number((await tdb.pool.query('select count(*) as n from seen_write')).rows[0].n);
    try {
      await idleFor(token, 2);
      await tdb.pool.query('truncate seen_write');
      const burst = async () => (await Promise.all(Array.from({ length: 40 }, () => get(token)))).map((r) => r.statusCode);
      expect(new Set(await burst())).toEqual(new Set([200]));
      expect(await writes()).toBe(1);
      expect(await idleMinutes(token)).toBeLessThan(1);
      // Within the minute: no write at all.
      expect(new Set(await burst())).toEqual(new Set([200]));
      expect(await writes()).toBe(1);
      expect(SESSION_SEEN_WRITE_MS).toBe(60_000);
    } finally {
      await tdb.pool.query('drop trigger if exists count_seen_write on session');
    }
  });
});
