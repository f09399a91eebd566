/**
 * The ledger's writer in this process (group commit; docs/ledger.md): a request that queued a transfer asks for it to
 * be posted and waits, and every transfer queued while the writer was busy goes out together in its next statement.
 * Sixteen payments at once then move the shared balance rows in one short statement, instead of queueing on those
 * rows one commit after another.
 */
import { LEDGER_WRITE_BATCH } from '@mg/domain';
import { PgTransaction } from 'drizzle-orm/pg-core';
import type { DbLike, DbTx } from '../../db/pool';
import type { TransferRequest } from './flows';
import { ensureQueuedAccounts, postQueued, queuedInsert } from './queries/queue';
import { validateTransfer } from './service';

/** Batches one pass posts before it lets its waiters go (a backlog is worked off by the next passes). */
const PASS_MAX_BATCHES = 20;

/** Posts what is queued, batch after batch; answers how many transfers were written. */
async function postAllQueued(db: DbLike): Promise<number> {
  let written = 0;
  let accountsMade = false;
  for (let batch = 0; batch < PASS_MAX_BATCHES; batch++) {
    const r = await postQueued(db, LEDGER_WRITE_BATCH);
    written += r.posted;
    if (r.taken === LEDGER_WRITE_BATCH) continue;
    // Left behind: transfers waiting for an account (created once per pass), or rows another writer holds.
    if (r.left === 0 || accountsMade || (await ensureQueuedAccounts(db)) === 0) break;
    accountsMade = true;
  }
  return written;
}

const noop = () => undefined;

class Writer {
  #running: Promise<number> | null = null;
  #next: Promise<number> | null = null;

  constructor(private readonly db: DbLike) {}

  /** Resolves when a pass that began after this call ends: what was queued and committed before it is posted. */
  flush(): Promise<number> {
    if (this.#next) return this.#next;
    if (!this.#running) return this.#start();
    const next = this.#running.then(noop, noop).then(() => {
      this.#next = null;
      return this.#start();
    });
    this.#next = next;
    return next;
  }

  #start(): Promise<number> {
    const pass: Promise<number> = postAllQueued(this.db).finally(() => {
      if (this.#running === pass) this.#running = null;
    });
    this.#running = pass;
    return pass;
  }
}

const writers = new WeakMap<DbLike, Writer>();

/**
 * Posts the transfers queued so far (this call's caller committed its own first) together with whatever else is
 * queued; answers how many this pass wrote.
 */
export function flushLedger(db: DbLike): Promise<number> {
  let w = writers.get(db);
  if (!w) {
    w = new Writer(db);
    writers.set(db, w);
  }
  return w.flush();
}

/**
 * `work` in one transaction of `db`, for a caller that pays orders inside a transaction of its own (a link's or a
 * mandate's lock held throughout): what those payments queued is invisible to the writer until the commit, so it is
 * posted after it, and the answer comes once the money is in the balances, as for any payment.
 */
export async function inTransactionThenPost<T>(db: DbLike, work: (tx: DbTx) => Promise<T>): Promise<T> {
  const result = await db.transaction(work);
  if (!isTransaction(db)) await flushLedger(db).catch(() => 0);
  return result;
}

/** True inside a caller's transaction: nothing it queued is committed yet, so that caller posts after its commit. */
export function isTransaction(db: DbLike): boolean {
  return db instanceof PgTransaction;
}

/**
 * The statement that queues a transfer nothing can refuse, to run in the caller's transaction (written with the change
 * it belongs to, or not at all), alone (queueTransfer) or carried by the change's own statement. The caller flushes
 * the ledger once that transaction has committed.
 */
export function queuedTransfer(tx: DbLike, req: TransferRequest): ReturnType<typeof queuedInsert> {
  validateTransfer(req);
  return queuedInsert(tx, req);
}

export async function queueTransfer(tx: DbLike, req: TransferRequest): Promise<void> {
  await queuedTransfer(tx, req);
}
