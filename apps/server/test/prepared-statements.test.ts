/**
 * The payment path's named statements (db/pool.ts runPrepared and fixedQuery, issue 10): an open API create + pay
 * runs them as statements prepared once per connection, on generic plans, and the set of names stays put however many
 * payments go through. PostgreSQL may plan a named statement generically from its sixth run on a connection; every
 * named text is planned so here (without running it), and one whose meaning depends on a parameter's value (an ON
 * CONFLICT whose arbiter is a partial index) is caught.
 */
import { CollectionFailureReason, SettlementStatus } from '@mg/domain';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, namedStatementTexts, runPrepared, type Database } from '../src/db/pool';
import { buildTestApp } from './helpers/app';
import { createTestDatabase, type TestDatabase } from './helpers/db';
import { paymentFixtures } from './helpers/money-fixtures';
import { exchangeOf, idempotent, testOpenApiClient } from './helpers/open-api-client';

let tdb: TestDatabase;
/** One connection, so what it prepared can be read back from it. */
let one: Database;
let app: FastifyInstance;
let seq = 0;

beforeAll(async () => {
  tdb = await createTestDatabase();
  await paymentFixtures(tdb.pool);
  one = createDatabase(tdb.url, { max: 1, applicationName: 'mg-test-prepared' });
  app = await buildTestApp(tdb, { pool: one.pool, db: one.db, rateLimitPerMinute: 100_000 });
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  await one?.pool.end();
  await tdb?.drop();
});

function ok<T>(r: { data?: { result: T }; response: Response }): T {
  const status = r.response.status;
  if ((status !== 200 && status !== 201) || !r.data) throw new Error(`expected 200 or 201, got ${status}: ${exchangeOf(r.response).body}`);
  return r.data.result;
}

/** The generated client, signed with the demo sandbox key. */
const api = () => testOpenApiClient(app);

async function create(): Promise<string> {
  const created = ok(
    await api().POST('/collections', {
      body: { merchantOrderId: `PREP-${process.pid}-${++seq}`, amount: '150000', currency: 'IDR', paymentType: 1, channel: 1, notifyUrl: 'https://merchant.example.test/cb' },
      params: idempotent(),
    }),
  );
  return created.id;
}

async function createAndPay(): Promise<string> {
  const paid = ok(await api().POST('/sandbox/collections/{id}/pay', { params: { path: { id: await create() }, ...idempotent() } }));
  return paid.status;
}

/** The error PostgreSQL raises planning `text` generically (parameters unknown, nothing run), or null. */
async function genericPlanError(text: string): Promise<string | null> {
  const params = Math.max(0, ...[...text.matchAll(/\$(\d+)/g)].map((m) => Number(m[1])));
  const c = await tdb.pool.connect();
  try {
    await c.query('begin');
    await c.query('set local plan_cache_mode = force_generic_plan');
    await c.query(`prepare probe as ${text}`);
    await c.query(`explain execute probe(${Array.from({ length: params }, () => 'null').join(', ')})`);
    return null;
  } catch (e) {
    return e instanceof Error ? e.message : String(e);
  } finally {
    await c.query('rollback').catch(() => undefined);
    await c.query('deallocate all'); // PREPARE outlives the transaction
    c.release();
  }
}

describe('named statements on the payment path', () => {
  it('create + pay runs on prepared statements with generic plans, and more payments add no names', async () => {
    expect(await createAndPay()).toBe('success');
    expect(await createAndPay()).toBe('success');
    const texts = namedStatementTexts().length;
    for (let i = 0; i < 6; i++) expect(await createAndPay()).toBe('success');
    expect(namedStatementTexts().length).toBe(texts);

    const prepared = await one.pool.query<{ name: string; generic_plans: string; custom_plans: string }>(
      'select name, generic_plans, custom_plans from pg_prepared_statements order by name',
    );
    const byLabel = new Map(prepared.rows.map((r) => [r.name.replace(/_(\d+|fixed)$/, ''), r]));
    for (const label of [
      'api_nonce_claim_lookup',
      'insert_with_answer',
      'collection_lock_with_merchant',
      'settlement_join_pending',
      'collection_update_with',
      'ledger_post_queued',
    ]) {
      const row = byLabel.get(label);
      expect(row, label).toBeDefined();
      // PostgreSQL plans the first five runs with their values, then keeps the generic plan when it costs no more.
      expect(Number(row!.custom_plans), label).toBeLessThanOrEqual(5);
      expect(Number(row!.generic_plans), label).toBeGreaterThan(0);
    }
  });

  it('every named text plans generically; an ON CONFLICT whose arbiter is a partial index matched by a parameter does not', async () => {
    expect(await createAndPay()).toBe('success');
    // The order update's other shape: an end without money.
    const failed = ok(await api().POST('/sandbox/collections/{id}/fail', { params: { path: { id: await create() }, ...idempotent() }, body: { reason: CollectionFailureReason.PAYER_DECLINED } }));
    expect(failed.status).toBe('failed');
    const texts = namedStatementTexts();
    expect(texts.length).toBeGreaterThanOrEqual(8);
    for (const text of texts) expect(await genericPlanError(text), text).toBeNull();

    // Why the settlement batch's insert stays unnamed (settlements/queries.ts joinPendingBatch): run with its values
    // it finds its arbiter, planned without them it cannot.
    const insert = sql`insert into settlement (id, merchant_id, currency, settle_date, due_at, status)
          values ('STLPROBE', 10001, 'IDR', '2026-01-01', now(), ${SettlementStatus.PENDING})
          on conflict (merchant_id, currency, settle_date) where status = ${SettlementStatus.PENDING} do nothing`;
    expect((await runPrepared(one.db, 'partial_arbiter_probe', insert)).rowCount).toBe(1);
    const probe = namedStatementTexts().find((t) => t.startsWith('insert into settlement'))!;
    expect(await genericPlanError(probe)).toMatch(/no unique or exclusion constraint matching the ON CONFLICT/);
  });
});
