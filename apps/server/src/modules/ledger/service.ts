/**
 * The double-entry ledger (DESIGN §5, docs/ledger.md). postTransfer (one statement per transfer) and postTransfers
 * (many in one transaction, for jobs and batches) are the only writers
 * (atomic on its own or inside the caller's transaction); balances locked in id order; the database CHECK refuses a
 * merchant balance below zero; entries are inserted once and never updated or deleted (this module has no such
 * statement, and a test keeps it that way).
 */
import { DomainError, LEDGER_WRITE_BATCH, MAX_AMOUNT_MINOR, isNonNegativeKind, isQueuedCreditKind, type CurrencyCode, type LedgerAccountKind } from '@mg/domain';
import type { SQL } from 'drizzle-orm';
import type { DbLike } from '../../db/pool';
import { headOf, type TransferLeg, type TransferRequest } from './flows';
import {
  ensureAccounts,
  insertEntries,
  insertTransfers,
  lockAccounts,
  postInOneStatement,
  postingCtes,
  selectAccountIds,
  setBalances,
  selectBalances,
  selectMerchantTotals,
  selectTransferByKey,
  selectReplay,
  selectStatement,
  type AccountRef,
  type BalanceRow,
  type EntryInsert,
  type PostHead,
  type ReplayRow,
  type StatementPage,
} from './queries';
import { ensureQueuedAccounts, hasQueuedOf, postQueuedOf } from './queries/queue';

export * from './flows';
export type { BalanceRow, ReplayRow, StatementPage, StatementRecord } from './queries';

export interface PostedEntry {
  id: number;
  accountId: number;
  merchantId: number;
  kind: LedgerAccountKind;
  amount: bigint;
  balanceBefore: bigint;
  balanceAfter: bigint;
}

/** The head of the transfer as requested (PostHead), with what the database gave it. */
export interface PostedTransfer extends PostHead {
  transferId: number;
  createdAt: Date;
  entries: PostedEntry[];
  /** True when the idempotency key had already been used: nothing was written, the first result is returned. */
  replayed: boolean;
}

const PG_CHECK_VIOLATION = '23514';

/** The PostgreSQL error code of an error, looking through drizzle's wrapper (DrizzleQueryError.cause). */
export function pgErrorCode(e: unknown): { code?: string; constraint?: string } {
  let cur: unknown = e;
  for (let i = 0; i < 5 && cur && typeof cur === 'object'; i++) {
    const o = cur as { code?: unknown; constraint?: unknown; cause?: unknown };
    if (typeof o.code === 'string' && /^[0-9A-Z]{5}$/.test(o.code)) {
      return { code: o.code, constraint: typeof o.constraint === 'string' ? o.constraint : undefined };
    }
    cur = o.cause;
  }
  return {};
}

const accountKey = (merchantId: number, kind: string) => `${merchantId}:${kind}`;

/** A transfer's own rules: two legs or more, each a valid non-zero amount, summing to zero, with a key. */
export function validateTransfer(req: TransferRequest): void {
  if (req.legs.length < 2) throw new DomainError('BUSINESS_RULE', { reason: 'ledger.tooFewLegs' });
  let sum = 0n;
  for (const leg of req.legs) {
    if (typeof leg.amount !== 'bigint' || leg.amount === 0n || leg.amount > MAX_AMOUNT_MINOR || leg.amount < -MAX_AMOUNT_MINOR) {
      throw new DomainError('BUSINESS_RULE', { reason: 'ledger.legAmountInvalid' });
    }
    sum += leg.amount;
  }
  if (sum !== 0n) throw new DomainError('BUSINESS_RULE', { reason: 'ledger.unbalanced', sum: sum.toString() });
  if (!req.idempotencyKey) throw new DomainError('BUSINESS_RULE', { reason: 'ledger.idempotencyKeyRequired' });
}

/** Loads a stored transfer with its entries, as the first call answered it. */
async function loadTransfer(db: DbLike, merchantId: number, idempotencyKey: string): Promise<PostedTransfer | null> {
  const found = await selectTransferByKey(db, merchantId, idempotencyKey);
  if (!found) return null;
  const { head, entries } = found;
  return {
    transferId: head.id,
    merchantId: head.merchantId,
    currency: head.currency as CurrencyCode,
    flow: head.flow,
    actionType: head.actionType,
    reference: head.reference,
    idempotencyKey: head.idempotencyKey,
    amount: head.amount,
    fee: head.fee,
    createdAt: head.createdAt,
    entries: entries.map((e) => ({ ...e, kind: e.kind as LedgerAccountKind })),
    replayed: true,
  };
}

/** Same key, other movement: refused instead of silently answering with a different transfer. */
function assertSameRequest(first: PostedTransfer, req: TransferRequest): PostedTransfer {
  const legsOf = (l: { merchantId: number; kind: string; amount: bigint }[]) =>
    l
      .map((x) => `${x.merchantId}:${x.kind}:${x.amount}`)
      .sort()
      .join(',');
  const same =
    first.flow === req.flow &&
    first.currency === req.currency &&
    first.reference === req.reference &&
    first.amount === req.amount &&
    first.fee === req.fee &&
    legsOf(first.entries) === legsOf(req.legs.map((l: TransferLeg) => ({ ...l.account, amount: l.amount })));
  if (!same) throw new DomainError('CONFLICT', { reason: 'ledger.idempotencyKeyReused' });
  return first;
}


/**
 * Posts one transfer atomically. Throws DomainError INSUFFICIENT_BALANCE (422) when a merchant balance would drop
 * below zero (nothing is written); replays the first result for a used idempotency key (nothing new is written).
 *
 * Inside a caller's transaction this is its last write that touches shared rows: callers post after their own
 * updates, so the balance locks are held from this statement to the commit only.
 */
export async function postTransfer(db: DbLike, req: TransferRequest): Promise<PostedTransfer> {
  validateTransfer(req);
  const takers = merchantsTakingFromQueued(req);
  if (takers.length > 0 && (await hasQueuedOf(db, req.currency, takers))) {
    // A payment committed a moment ago may still be queued for the writer: posted here first, with this transfer's
    // accounts locked alongside, so the balance is checked with it in (and no other batch can have borrowed it).
    return db.transaction(async (tx) => {
      await postQueuedBefore(tx, req, takers);
      return postChecked(tx, req);
    });
  }
  return postChecked(db, req);
}

/** Merchants whose balance a queued transfer may add to and this transfer takes from. */
function merchantsTakingFromQueued(req: TransferRequest): number[] {
  return [...new Set(req.legs.filter((l) => l.amount < 0n && isQueuedCreditKind(l.account.kind)).map((l) => l.account.merchantId))];
}

async function postQueuedBefore(tx: DbLike, req: TransferRequest, merchantIds: readonly number[]): Promise<void> {
  const of = { currency: req.currency, merchantIds };
  const alsoLock = req.legs.map((l) => l.account);
  // Every account this transaction may create, first and in one statement, before it locks any balance: created
  // later, one by one, they deadlocked with a concurrent first debit creating the same ones (seen in CI).
  await ensureQueuedAccounts(tx, { ...of, alongside: alsoLock });
  let accountsMade = false;
  for (;;) {
    const r = await postQueuedOf(tx, { ...of, alsoLock, limit: LEDGER_WRITE_BATCH });
    if (r.taken === LEDGER_WRITE_BATCH) continue;
    // Left behind: transfers waiting for an account (a merchant's first money in the currency).
    if (r.left === 0 || accountsMade || (await ensureQueuedAccounts(tx, of)) === 0) return;
    accountsMade = true;
  }
}

/** postTransfer once validated (and, for a transfer taking from a queued balance, once the queue is posted). */
async function postChecked(db: DbLike, req: TransferRequest): Promise<PostedTransfer> {
  const head = headOf(req);
  const legs = req.legs.map((l) => ({ merchantId: l.account.merchantId, kind: l.account.kind, amount: l.amount }));
  try {
    let out = await postInOneStatement(db, head, legs);
    if (out.missingAccounts) {
      // First movement of an account: create it (every leg's at once, in ensureAccounts' fixed order).
      const wanted = [...new Map(req.legs.map((l) => [accountKey(l.account.merchantId, l.account.kind), { ...l.account, currency: req.currency }])).values()];
      // With the posting in one transaction (a savepoint inside the caller's): a refused first debit leaves no account.
      out = await db.transaction(async (tx) => {
        await ensureAccounts(tx, wanted);
        const again = await postInOneStatement(tx, head, legs);
        if (again.missingAccounts) throw new Error('ledger accounts missing after they were created');
        return again;
      });
    }
    if (!out.posted) {
      const first = await loadTransfer(db, req.merchantId, req.idempotencyKey);
      if (!first) throw new Error(`ledger transfer ${req.idempotencyKey} neither written nor found`);
      return assertSameRequest(first, req);
    }
    const { posted } = out;
    return {
      ...head,
      transferId: posted.transferId,
      createdAt: posted.createdAt,
      entries: posted.entries.map((e) => ({ ...e, kind: e.kind as LedgerAccountKind })),
      replayed: false,
    };
  } catch (e) {
    throw ledgerRefusalOf(e) ?? e;
  }
}

/** A statement refused by the balances' CHECK (a merchant balance below zero) as the error a caller shows. */
export function ledgerRefusalOf(e: unknown): DomainError | undefined {
  const { code, constraint } = pgErrorCode(e);
  return code === PG_CHECK_VIOLATION && constraint === 'ledger_account_non_negative_ck' ? new DomainError('INSUFFICIENT_BALANCE', {}, { cause: e }) : undefined;
}

/**
 * A transfer posted by the statement that writes what it belongs to (a payout's create: the row, its answer and its
 * hold, all or nothing, in one round trip instead of eleven). `ready` is true when every account exists (else that
 * statement must write nothing, and the caller takes postTransfer's way, which creates them); `after(done)` posts the
 * transfer when `done` holds, and fails the whole statement on a used key or a balance below zero (ledgerRefusalOf).
 * Null for a transfer that takes from a balance the ledger's writer may still owe money to: postTransfer posts that
 * queue first.
 */
export function chainedPosting(req: TransferRequest): { before: SQL; ready: SQL; after: (done: SQL) => SQL; written: SQL; expected: number } | null {
  validateTransfer(req);
  if (merchantsTakingFromQueued(req).length > 0) return null;
  const legs = req.legs.map((l) => ({ merchantId: l.account.merchantId, kind: l.account.kind, amount: l.amount }));
  const c = postingCtes(headOf(req), legs, 'fail');
  return { ...c, expected: legs.length };
}

/**
 * Posts many transfers together, in the caller's transaction (or one of its own): for a job or a batch ending many
 * orders at once, where a statement and a commit per transfer made 10 000 payouts take a minute. Five statements
 * whatever the count: the accounts looked up (created if missing), the transfers inserted, the accounts locked in
 * id order (the order postTransfer uses: no deadlock between them), each balance set once, the entries inserted with
 * their running balances. A merchant balance below zero after any entry refuses all of them (INSUFFICIENT_BALANCE).
 * Every idempotency key must be new: a used one throws (the callers post the transfer of a status change they hold
 * the lock of, so a used key means the change was already made).
 */
export async function postTransfers(db: DbLike, reqs: readonly TransferRequest[]): Promise<void> {
  if (reqs.length === 0) return;
  for (const r of reqs) {
    validateTransfer(r);
    // It would be checked without the money queued for that balance (postTransfer posts the queue first).
    if (merchantsTakingFromQueued(r).length > 0) throw new Error(`ledger: ${r.flow} takes from a queued balance; post it with postTransfer`);
  }
  const keyOf = (a: AccountRef) => `${a.merchantId}:${a.currency}:${a.kind}`;
  const refs = [...new Map(reqs.flatMap((r) => r.legs.map((l) => ({ merchantId: l.account.merchantId, currency: r.currency, kind: l.account.kind }))).map((a) => [keyOf(a), a])).values()];
  await db.transaction(async (tx) => {
    let ids = await selectAccountIds(tx, refs);
    // All in one statement, in ensureAccounts' fixed order: two creators of the same accounts wait, not deadlock.
    const missing = refs.filter((a) => !ids.has(keyOf(a)));
    if (missing.length > 0) {
      await ensureAccounts(tx, missing);
      ids = await selectAccountIds(tx, refs);
    }
    const transferIds = await insertTransfers(
      tx,
      reqs.map(headOf),
    );
    if (transferIds.size !== reqs.length) throw new Error(`ledger: ${reqs.length - transferIds.size} of ${reqs.length} transfers had a used idempotency key`);
    const balances = await lockAccounts(tx, [...new Set(ids.values())].sort((a, b) => a - b));
    const moves = new Map<number, number>();
    const entries: EntryInsert[] = [];
    for (const r of reqs) {
      const transferId = transferIds.get(`${r.merchantId}:${r.idempotencyKey}`) as number;
      for (const leg of r.legs) {
        const accountId = ids.get(keyOf({ merchantId: leg.account.merchantId, currency: r.currency, kind: leg.account.kind })) as number;
        const before = balances.get(accountId) as bigint;
        const after = before + leg.amount;
        if (after < 0n && isNonNegativeKind(leg.account.kind)) throw new DomainError('INSUFFICIENT_BALANCE', {});
        balances.set(accountId, after);
        moves.set(accountId, (moves.get(accountId) ?? 0) + 1);
        entries.push({ transferId, accountId, merchantId: leg.account.merchantId, currency: r.currency, amount: leg.amount, balanceBefore: before, balanceAfter: after });
      }
    }
    await setBalances(tx, [...moves].map(([id, n]) => ({ id, balance: balances.get(id) as bigint, moves: n })));
    await insertEntries(tx, entries);
  });
}

/** Stored balances of one merchant, every currency and kind. */
export function balancesOf(db: DbLike, merchantId: number): Promise<BalanceRow[]> {
  return selectBalances(db, merchantId);
}

/** Every merchant's available, pending and frozen money together, per currency. */
export function merchantTotals(db: DbLike): Promise<{ currency: string; kind: string; balance: bigint }[]> {
  return selectMerchantTotals(db);
}

/** Every account with its stored balance and the sum of its entries (they must be equal). */
export function replayBalances(db: DbLike): Promise<ReplayRow[]> {
  return selectReplay(db);
}

/** Balance records of a merchant in one currency, newest first. */
export function statement(
  db: DbLike,
  merchantId: number,
  currency: CurrencyCode,
  page: { pageNo: number; pageSize: number; kind?: LedgerAccountKind },
): Promise<StatementPage> {
  return selectStatement(db, merchantId, currency, page);
}

