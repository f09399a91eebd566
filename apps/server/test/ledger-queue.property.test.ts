/**
 * Transfers queued for the ledger's writer (group commit, docs/ledger.md "Queued transfers") under concurrency on real
 * PostgreSQL: each posted once and whole, none lost after a crash or a rollback, a debit of a queued balance posting
 * that merchant's queue first, and the queue refusing what it may not hold.
 */
import { type CurrencyCode, type DomainError } from '@mg/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/pool';
import { collectionSucceeded, postTransfer, refund, refundSplit, reservePayout, settle, topUp, type TransferRequest } from '../src/modules/ledger/service';
import { countQueued } from '../src/modules/ledger/queries/queue';
import { flushLedger, queueTransfer } from '../src/modules/ledger/writer';
import { mulberry32 } from '../src/lib/random';
import { closeConcurrentDatabase, openConcurrentDatabase } from './helpers/concurrent-db';
import type { TestDatabase } from './helpers/db';
import { checkLedgerInvariants, expectBalancesOf, pgDetail } from './helpers/ledger-invariants';

const CLIENTS = 8;

let tdb: TestDatabase;
let clients: Database;
beforeAll(async () => {
  ({ tdb, clients } = await openConcurrentDatabase('mg-test-ledger-queue', CLIENTS));
});
afterAll(() => closeConcurrentDatabase(tdb, clients));
const checkInvariants = () => checkLedgerInvariants(tdb);

describe('queued transfers: money in posted by the writer, many in one statement (group commit)', () => {
  const queue = (db: Database['db'], req: TransferRequest) => db.transaction((tx) => queueTransfer(tx, req));
  const transfersOf = async (keys: string[]) => {
    const { rows } = await tdb.pool.query<{ k: string; n: number }>(
      'select idempotency_key as k, count(*)::int as n from ledger_transfer where idempotency_key = any($1) group by 1',
      [keys],
    );
    return new Map(rows.map((r) => [r.k, r.n]));
  };

  it('8 clients queue money in while others take it out and a second writer runs: each posted once, balances equal the legs', async () => {
    const rnd = mulberry32(7);
    const int = (lo: number, hi: number) => lo + Math.floor(rnd() * (hi - lo + 1));
    const merchants = [49980, 49981];
    const currencies: CurrencyCode[] = ['IDR', 'THB'];
    type Op = { req: TransferRequest; how: 'queue' | 'queue-no-flush' | 'debit' };
    const ops: Op[] = [];
    for (let i = 0; i < 240; i++) {
      const b = { merchantId: merchants[int(0, 1)]!, currency: currencies[int(0, 1)]!, reference: `Q${i}`, idempotencyKey: `q${i}` };
      const amount = BigInt(int(1, 500));
      const r = rnd();
      const queued = ops.filter((o) => o.how !== 'debit');
      if (r < 0.08 && queued.length > 0) ops.push({ ...queued[int(0, queued.length - 1)]!, how: 'queue' });
      else if (r < 0.55) ops.push({ req: collectionSucceeded({ ...b, amount, fee: BigInt(int(0, Number(amount) / 10)) }), how: 'queue' });
      else if (r < 0.65) ops.push({ req: collectionSucceeded({ ...b, amount, fee: 0n }), how: 'queue-no-flush' });
      else if (r < 0.75) ops.push({ req: refundSplit({ ...b, fromPending: amount, fromAvailable: 0n }), how: 'debit' });
      else if (r < 0.9) ops.push({ req: settle({ ...b, amount: amount * 2n }), how: 'debit' });
      else ops.push({ req: reservePayout({ ...b, amount, fee: 1n }), how: 'debit' });
    }
    // the other process's writer: its own pool, passes back to back while the clients run
    let running = true;
    const otherWriter = (async () => {
      let passes = 0;
      while (running) {
        await flushLedger(tdb.db);
        passes++;
      }
      return passes;
    })();
    const debited: TransferRequest[] = [];
    const clientsDone = Promise.all(
      Array.from({ length: CLIENTS }, async (_, c) => {
        for (let i = c; i < ops.length; i += CLIENTS) {
          const { req, how } = ops[i]!;
          if (how === 'debit') {
            try {
              await postTransfer(clients.db, req);
              debited.push(req);
            } catch (e) {
              expect((e as DomainError).code, pgDetail(e)).toBe('INSUFFICIENT_BALANCE');
            }
          } else {
            await queue(clients.db, req);
            if (how === 'queue') await flushLedger(clients.db);
          }
        }
      }),
    );
    await clientsDone.finally(() => {
      running = false;
    });
    expect(await otherWriter).toBeGreaterThan(0);
    // what no request flushed (a crash after the commit) is posted by the next pass
    await flushLedger(clients.db);
    expect(await countQueued(tdb.db)).toBe(0);

    const queuedReqs = new Map(ops.filter((o) => o.how !== 'debit').map((o) => [o.req.idempotencyKey, o.req]));
    const counts = await transfersOf([...queuedReqs.keys()]);
    for (const key of queuedReqs.keys()) expect(counts.get(key), key).toBe(1);
    expect(debited.length).toBeGreaterThan(0);

    await expectBalancesOf(tdb, [...queuedReqs.values(), ...debited], merchants);
    await checkInvariants();
  });

  it('queued and committed without a flush (a crash): posted by the next pass, once; queued in a rolled-back transaction: never', async () => {
    const m = 49975;
    const kept = collectionSucceeded({ merchantId: m, currency: 'IDR', reference: 'kept', idempotencyKey: 'crash-kept', amount: 900n, fee: 9n });
    const lost = collectionSucceeded({ merchantId: m, currency: 'IDR', reference: 'lost', idempotencyKey: 'crash-lost', amount: 500n, fee: 5n });
    await queue(clients.db, kept);
    await expect(
      clients.db.transaction(async (tx) => {
        await queueTransfer(tx, lost);
        throw new Error('the business change failed after queueing');
      }),
    ).rejects.toThrow('the business change failed');
    expect(await countQueued(tdb.db)).toBe(1);
    expect((await transfersOf(['crash-kept'])).size).toBe(0);

    // the merchant had no accounts: the pass creates them, then posts
    expect(await flushLedger(tdb.db)).toBe(1);
    expect(await flushLedger(tdb.db)).toBe(0);
    expect(await transfersOf(['crash-kept', 'crash-lost'])).toEqual(new Map([['crash-kept', 1]]));
    const { rows } = await tdb.pool.query<{ balance: string }>(`select balance::text from ledger_account where merchant_id = $1 and currency = 'IDR' and kind = 'pending'`, [m]);
    expect(rows).toEqual([{ balance: '891' }]);
    await checkInvariants();
  });

  it("a merchant's first money in and first debits at once create its accounts without a deadlock", async () => {
    // Before: a debit posting the queue created the queued account (pending), then its own (available); a debit that
    // had found nothing queued created available, then waited for pending: PostgreSQL failed one as a deadlock.
    const merchants = Array.from({ length: 200 }, (_, i) => 49000 + i);
    const posted: TransferRequest[] = [];
    const unexpected: string[] = [];
    const firstOps = (m: number) =>
      Array.from({ length: CLIENTS }, async (_, c) => {
        const b = { merchantId: m, currency: 'THB' as const, reference: `first-${m}-${c}`, idempotencyKey: `first-${m}-${c}` };
        if (c % 3 === 0) {
          const moneyIn = collectionSucceeded({ ...b, amount: 1_000n, fee: 0n });
          await queue(clients.db, moneyIn);
          posted.push(moneyIn);
          return;
        }
        const req = c % 3 === 1 ? settle({ ...b, amount: 100n }) : refundSplit({ ...b, fromPending: 10n, fromAvailable: 5n });
        try {
          await postTransfer(clients.db, req);
          posted.push(req);
        } catch (e) {
          if ((e as DomainError).code !== 'INSUFFICIENT_BALANCE') unexpected.push(`${m}/${c}: ${pgDetail(e)}`);
        }
      });
    // four merchants at a time: all their operations start together and still get a connection within the pool's wait
    for (let w = 0; w < merchants.length; w += 4) await Promise.all(merchants.slice(w, w + 4).flatMap(firstOps));
    expect(unexpected).toEqual([]);
    await flushLedger(tdb.db);
    expect(await countQueued(tdb.db)).toBe(0);
    await expectBalancesOf(tdb, posted, merchants);
    await checkInvariants();
  });

  it('a key posted directly and then queued is taken off the queue and not written again', async () => {
    const req = collectionSucceeded({ merchantId: 49976, currency: 'IDR', reference: 'twice', idempotencyKey: 'posted-then-queued', amount: 300n, fee: 3n });
    await postTransfer(clients.db, req);
    await queue(clients.db, req);
    expect(await flushLedger(clients.db)).toBe(0);
    expect(await countQueued(tdb.db)).toBe(0);
    expect(await transfersOf(['posted-then-queued'])).toEqual(new Map([['posted-then-queued', 1]]));
    await checkInvariants();
  });

  it('a transfer taking from pending posts what is queued for its merchant first: money paid and not yet posted counts', async () => {
    const m = 49978;
    const paid = collectionSucceeded({ merchantId: m, currency: 'IDR', reference: 'paid', idempotencyKey: 'pending-in', amount: 1_000n, fee: 10n });
    const other = collectionSucceeded({ merchantId: 49979, currency: 'IDR', reference: 'other', idempotencyKey: 'other-in', amount: 700n, fee: 7n });
    await queue(clients.db, paid); // committed, no writer's pass yet (and the merchant has no accounts)
    await queue(clients.db, other);
    const out = await postTransfer(clients.db, settle({ merchantId: m, currency: 'IDR', reference: 'b1', idempotencyKey: 'settle-queued', amount: 990n }));
    expect(out.entries.find((e) => e.kind === 'pending')).toMatchObject({ balanceBefore: 990n, balanceAfter: 0n });
    // only this merchant's queue was posted; the other merchant's waits for the writer
    expect(await transfersOf(['pending-in', 'other-in'])).toEqual(new Map([['pending-in', 1]]));
    expect(await countQueued(tdb.db)).toBe(1);
    expect(await flushLedger(clients.db)).toBe(1);
    await checkInvariants();
  });

  it('the queue refuses a transfer adding to another merchant or to a balance no debit would post it for', async () => {
    const base = { currency: 'IDR' as CurrencyCode, reference: 'x', amount: 10n };
    const toOther = collectionSucceeded({ ...base, merchantId: 49980, idempotencyKey: 'to-other', fee: 0n });
    toOther.legs = toOther.legs.map((l) => (l.account.kind === 'pending' ? { ...l, account: { ...l.account, merchantId: 49981 } } : l));
    await expect(queue(clients.db, toOther)).rejects.toThrow('may not add to');
    const toAvailable = topUp({ ...base, merchantId: 49980, idempotencyKey: 'to-available' });
    await expect(queue(clients.db, toAvailable)).rejects.toThrow('may not add to');
    expect(await countQueued(tdb.db)).toBe(0);
  });

  it('a transfer that takes from a merchant balance is refused by the queue (the writer must post its batch whole)', async () => {
    const req = refund({ merchantId: 49977, currency: 'IDR', reference: 'out', idempotencyKey: 'queued-refund', amount: 10n });
    await expect(queue(clients.db, req)).rejects.toThrow('cannot be queued');
    expect(await countQueued(tdb.db)).toBe(0);
  });
});
