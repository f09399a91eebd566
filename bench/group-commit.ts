/**
 * bench:group: prototype of group commit for ledger postings (docs/benchmarks.md, "1 000+ ops/s"). Not product code.
 *
 * The same posting as a collection's payment (clearing -amount, merchant pending +net, fee revenue +fee), written two
 * ways against the same database in the same run, by --clients concurrent loops for --seconds each:
 *
 *   per posting   the server's postTransfer: one statement, one transaction per posting (what ships)
 *   group commit  the postings queue in this process; one writer takes whatever queued while it wrote the previous
 *                 batch (no timer, so no added wait when idle) and writes it in one transaction: the transfer rows
 *                 (one insert), the accounts locked in id order, each balance updated once, every entry (one insert)
 *                 with running balances computed here, one commit. The hot rows are locked once per batch instead of
 *                 once per posting, and the commit's WAL flush is shared by the whole batch.
 *
 * Afterwards it checks that every account's balance equals the sum of its entries. Needs the database of a server
 * started once on --data-dir (DATABASE_URL works too).
 *
 *   npm run bench:group -w @mg/bench -- --clients=64 --seconds=10
 */
import os from 'node:os';
import pg from 'pg';
import { PLATFORM_MERCHANT_ID, type CurrencyCode } from '@mg/domain';
import { dbOf } from '../apps/server/src/db/pool';
import { collectionSucceeded, postTransfer, type TransferRequest } from '../apps/server/src/modules/ledger/service';
import { BENCH_MERCHANT_ID, databaseUrl, describeUrl, machineLine, ms, optInt, printTable, summarize } from './common';

const CLIENTS = optInt('clients', 64);
const SECONDS = optInt('seconds', 10);
const MAX_BATCH = optInt('max-batch', 500);
const CURRENCY: CurrencyCode = 'IDR';
const RUN = Date.now().toString(36);

let seq = 0;
function nextRequest(): TransferRequest {
  const n = ++seq;
  const amount = BigInt(10_000 + (n % 97) * 1_000);
  return collectionSucceeded({
    merchantId: BENCH_MERCHANT_ID,
    currency: CURRENCY,
    reference: `GC${RUN}-${n}`,
    idempotencyKey: `group-commit:${RUN}:${n}`,
    amount,
    fee: amount / 50n,
  });
}

interface Account {
  id: number;
  merchantId: number;
  kind: string;
}

/** The queue and its single writer. */
class GroupWriter {
  #queue: { req: TransferRequest; done: (e?: unknown) => void }[] = [];
  #writing = false;
  batches: number[] = [];

  constructor(
    private readonly pool: pg.Pool,
    private readonly accounts: Map<string, Account>,
  ) {}

  post(req: TransferRequest): Promise<void> {
    return new Promise((resolve, reject) => {
      this.#queue.push({ req, done: (e) => (e ? reject(e) : resolve()) });
      if (!this.#writing) void this.#drain();
    });
  }

  async #drain(): Promise<void> {
    this.#writing = true;
    while (this.#queue.length > 0) {
      const batch = this.#queue.splice(0, MAX_BATCH);
      try {
        await this.#write(batch.map((b) => b.req));
        this.batches.push(batch.length);
        for (const b of batch) b.done();
      } catch (e) {
        for (const b of batch) b.done(e);
      }
    }
    this.#writing = false;
  }

  async #write(reqs: TransferRequest[]): Promise<void> {
    const client = await this.pool.connect();
    try {
      await client.query('begin');
      const transfers = await client.query<{ id: string; created_at: Date }>(
        `insert into ledger_transfer (merchant_id, currency, flow, action_type, reference, idempotency_key, amount, fee)
         select * from unnest($1::int[], $2::text[], $3::text[], $4::smallint[], $5::text[], $6::text[], $7::bigint[], $8::bigint[])
         returning id, created_at`,
        [
          reqs.map((r) => r.merchantId),
          reqs.map((r) => r.currency),
          reqs.map((r) => r.flow),
          reqs.map((r) => r.actionType),
          reqs.map((r) => r.reference),
          reqs.map((r) => r.idempotencyKey),
          reqs.map((r) => r.amount.toString()),
          reqs.map((r) => r.fee.toString()),
        ],
      );
      const ids = [...new Set(reqs.flatMap((r) => r.legs.map((l) => this.#account(l.account.merchantId, l.account.kind).id)))];
      const locked = await client.query<{ id: string; balance: string }>(
        'select id, balance from ledger_account where id = any($1::bigint[]) order by id for update',
        [ids],
      );
      const balance = new Map(locked.rows.map((r) => [Number(r.id), BigInt(r.balance)]));
      const moves = new Map<number, number>();
      const e = { transfer: [] as string[], account: [] as number[], merchant: [] as number[], amount: [] as string[], before: [] as string[], after: [] as string[] };
      reqs.forEach((r, i) => {
        for (const leg of r.legs) {
          const acc = this.#account(leg.account.merchantId, leg.account.kind);
          const before = balance.get(acc.id)!;
          const after = before + leg.amount;
          // A merchant balance may not go below zero: checked here, under the lock, per posting (a refused posting
          // would be answered alone and left out of the batch; none of these debit a merchant).
          if (acc.merchantId !== PLATFORM_MERCHANT_ID && after < 0n) throw new Error('insufficient balance');
          balance.set(acc.id, after);
          moves.set(acc.id, (moves.get(acc.id) ?? 0) + 1);
          e.transfer.push(transfers.rows[i]!.id);
          e.account.push(acc.id);
          e.merchant.push(acc.merchantId);
          e.amount.push(leg.amount.toString());
          e.before.push(before.toString());
          e.after.push(after.toString());
        }
      });
      await client.query(
        `update ledger_account a set balance = v.balance, version = a.version + v.n, updated_at = now()
         from unnest($1::bigint[], $2::bigint[], $3::int[]) as v(id, balance, n) where a.id = v.id`,
        [ids, ids.map((id) => balance.get(id)!.toString()), ids.map((id) => moves.get(id) ?? 0)],
      );
      await client.query(
        `insert into ledger_entry (transfer_id, account_id, merchant_id, currency, amount, balance_before, balance_after)
         select t, a, m, $7, x, b, f from unnest($1::bigint[], $2::bigint[], $3::int[], $4::bigint[], $5::bigint[], $6::bigint[]) as u(t, a, m, x, b, f)`,
        [e.transfer, e.account, e.merchant, e.amount, e.before, e.after, CURRENCY],
      );
      await client.query('commit');
    } catch (err) {
      await client.query('rollback').catch(() => undefined);
      throw err;
    } finally {
      client.release();
    }
  }

  #account(merchantId: number, kind: string): Account {
    const a = this.accounts.get(`${merchantId}:${kind}`);
    if (!a) throw new Error(`account ${merchantId}/${kind} missing`);
    return a;
  }
}

async function phase(name: string, post: () => Promise<void>): Promise<{ name: string; ops: number; seconds: number; lat: number[] }> {
  const lat: number[] = [];
  let ops = 0;
  const t0 = performance.now();
  const deadline = t0 + SECONDS * 1000;
  await Promise.all(
    Array.from({ length: CLIENTS }, async () => {
      while (performance.now() < deadline) {
        const s = performance.now();
        await post();
        lat.push(performance.now() - s);
        ops++;
      }
    }),
  );
  return { name, ops, seconds: (performance.now() - t0) / 1000, lat };
}

async function main(): Promise<void> {
  const url = databaseUrl();
  const pool = new pg.Pool({ connectionString: url, max: Math.min(CLIENTS, 20) + 2, application_name: 'bench-group-commit' });
  const db = dbOf(pool);
  console.log(`bench:group  ${CLIENTS} clients x ${SECONDS} s, database ${describeUrl(url)}; ${machineLine()}`);

  // The accounts exist after one posting through the server's code.
  await postTransfer(db, nextRequest());
  const accRows = await pool.query<{ id: string; merchant_id: number; kind: string }>(
    `select id, merchant_id, kind from ledger_account where currency = $1 and merchant_id = any($2::int[])`,
    [CURRENCY, [BENCH_MERCHANT_ID, PLATFORM_MERCHANT_ID]],
  );
  const accounts = new Map(accRows.rows.map((r) => [`${r.merchant_id}:${r.kind}`, { id: Number(r.id), merchantId: r.merchant_id, kind: r.kind }]));

  const single = await phase('per posting (postTransfer)', async () => {
    await postTransfer(db, nextRequest());
  });
  const writer = new GroupWriter(pool, accounts);
  const grouped = await phase('group commit (one writer)', () => writer.post(nextRequest()));

  const replay = await pool.query<{ n: number }>(
    `select count(*)::int as n from ledger_account a
     where a.currency = $1 and a.balance <> coalesce((select sum(e.amount) from ledger_entry e where e.account_id = a.id), 0)`,
    [CURRENCY],
  );
  const rows = [['phase', 'postings', 'postings/s', 'p50 ms', 'p95 ms']];
  for (const p of [single, grouped]) {
    const s = summarize(p.lat);
    rows.push([p.name, String(p.ops), (p.ops / p.seconds).toFixed(0), ms(s.p50), ms(s.p95)]);
  }
  printTable(rows);
  const b = summarize(writer.batches);
  console.log(`group commit: ${writer.batches.length} transactions, postings per transaction p50 ${b.p50} / max ${b.max}`);
  console.log(`group / per posting: ${(grouped.ops / grouped.seconds / (single.ops / single.seconds)).toFixed(1)}x`);
  console.log(`ledger check: ${replay.rows[0]!.n} ${CURRENCY} accounts whose balance differs from the sum of their entries; ${os.cpus().length} cores`);
  await pool.end();
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
