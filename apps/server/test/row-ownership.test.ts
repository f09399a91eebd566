/**
 * The measured fact behind docs/scaling.md (issue 41 "Past one database"): for one create + pay through the open API,
 * which rows does the payment write, and whose are they? A row belongs to the payer when its table has a
 * `merchant_id` and the row carries the payer's; to another merchant when it carries another's (the platform,
 * merchant 10000, included); to nobody when its table has no `merchant_id`. Rows that would have to move with the
 * payer to another shard are the first kind; the rest is what sharding by merchant has to solve.
 *
 * Written rows are found by their `xmin` (the transaction that inserted or last updated them) being newer than a
 * transaction id taken before the payment: every table, no list to keep. Rows inserted and deleted within the payment
 * (the ledger queue) are not seen; the test names them from the code instead.
 */
import type { FastifyInstance } from 'fastify';
import { PLATFORM_MERCHANT_ID } from '@mg/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from './helpers/app';
import { createTestDatabase, type TestDatabase } from './helpers/db';
import { paymentFixtures } from './helpers/money-fixtures';
import { expectData, idempotent, testOpenApiClient } from './helpers/open-api-client';

const PAYER = 10001;
let tdb: TestDatabase;
let app: FastifyInstance;

beforeAll(async () => {
  tdb = await createTestDatabase();
  await paymentFixtures(tdb.pool);
  app = await buildTestApp(tdb, { rateLimitPerMinute: 100_000 });
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  await tdb?.drop();
});

const ok = <T>(r: { data?: { result: T }; error?: unknown; response: Response }, status: number): T => expectData(r, status).result;
/** The generated client, signed with the demo sandbox key. */
const api = () => testOpenApiClient(app);
const create = (tag: string) => api().POST('/collections', { body: body(tag), params: idempotent() });
const pay = (id: string) => api().POST('/sandbox/collections/{id}/pay', { params: { path: { id }, ...idempotent() } });

interface Written {
  table: string;
  owner: 'payer' | 'platform' | 'other merchant' | 'nobody';
  rows: number;
}

/** Every row of every table written by a transaction after `since` (an xid), with whose it is. */
async function writtenSince(since: string): Promise<Written[]> {
  const tables = await tdb.pool.query<{ table_name: string; has_merchant: boolean }>(`
    select t.table_name,
           exists (select 1 from information_schema.columns c
                   where c.table_schema = t.table_schema and c.table_name = t.table_name and c.column_name = 'merchant_id') as has_merchant
    from information_schema.tables t
    where t.table_schema = 'public' and t.table_type = 'BASE TABLE'`);
  const out: Written[] = [];
  for (const { table_name: table, has_merchant: hasMerchant } of tables.rows) {
    // xmin is a 32-bit xid; on a test database made for this file it has not wrapped.
    const newer = `xmin::text::bigint > $1::bigint`;
    const q = hasMerchant
      ? `select case when merchant_id = ${PAYER} then 'payer' when merchant_id = ${PLATFORM_MERCHANT_ID} then 'platform' when merchant_id is null then 'nobody' else 'other merchant' end as owner, count(*)::int as n
           from "${table}" where ${newer} group by 1`
      : `select 'nobody' as owner, count(*)::int as n from "${table}" where ${newer} having count(*) > 0`;
    const { rows } = await tdb.pool.query<{ owner: Written['owner']; n: number }>(q, [since]);
    for (const r of rows) out.push({ table, owner: r.owner, rows: r.n });
  }
  return out.sort((a, b) => a.table.localeCompare(b.table) || a.owner.localeCompare(b.owner));
}

describe('rows a create + pay writes, by owner', () => {
  it("the payer owns every row but the platform's two ledger accounts with their entries, and the open API's nonces", async () => {
    // Warm-up: the payer's and the platform's IDR accounts exist, the key's caches are filled.
    const warm = ok(await create('WARM'), 201);
    ok(await pay(warm.id), 200);

    const { rows } = await tdb.pool.query<{ xid: string }>(`select (txid_current() % 4294967296)::text as xid`);
    const created = ok(await create('MEASURED'), 201);
    expect(ok(await pay(created.id), 200).status).toBe('success');
    const written = await writtenSince(rows[0]!.xid);

    const total = written.reduce((n, w) => n + w.rows, 0);
    const notPayer = written.filter((w) => w.owner !== 'payer');
    const notPayerRows = notPayer.reduce((n, w) => n + w.rows, 0);
    // The figures docs/scaling.md quotes (printed so a change shows in the log).
    console.info(`create + pay wrote ${total} rows; ${notPayerRows} not the payer's:\n${written.map((w) => `  ${w.table} (${w.owner}): ${w.rows}`).join('\n')}`);

    // The payer's own: the collection, its ledger transfer, its pending balance and entry.
    const payer = (table: string) => written.find((w) => w.table === table && w.owner === 'payer')?.rows ?? 0;
    expect(payer('collection')).toBe(1);
    expect(payer('ledger_transfer')).toBe(1);
    expect(payer('ledger_account')).toBe(1);
    // Another merchant's rows: the platform's clearing and fee-revenue accounts and their two entries, no one else's.
    expect(notPayer.filter((w) => w.owner === 'other merchant')).toEqual([]);
    const platform = written.filter((w) => w.owner === 'platform');
    expect(platform).toEqual(
      expect.arrayContaining([
        { table: 'ledger_account', owner: 'platform', rows: 2 },
        { table: 'ledger_entry', owner: 'platform', rows: 2 },
      ]),
    );
    // What belongs to nobody is the replay guard of the signed calls (one nonce per request), not money. A new
    // table here is a new row outside the payer's shard: docs/scaling.md says where each must go.
    expect(notPayer.filter((w) => w.owner === 'nobody').map((w) => w.table)).toEqual(['api_nonce']);
    expect(notPayerRows).toBe(6);
  });
});

function body(tag: string) {
  return { merchantOrderId: `ROWS-${tag}-${process.pid}`, amount: '150000', currency: 'IDR', paymentType: 1, channel: 1, payerName: 'Budi', payerEmail: 'budi@example.test' };
}
