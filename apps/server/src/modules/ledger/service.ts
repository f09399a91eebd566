/**
 * The double-entry ledger (DESIGN §5, docs/ledger.md). postTransfer is the only writer: one database transaction
 * per transfer; balances locked in id order; the database CHECK refuses a merchant balance below zero; entries are
 * inserted once and never updated or deleted (this module has no such statement, and a test keeps it that way).
 */
import { DomainError, MAX_AMOUNT_MINOR, type CurrencyCode, type LedgerAccountKind } from '@mg/domain';
import type { DbLike } from '../../db/pool';
import type { TransferLeg, TransferRequest } from './flows';
import {
  ensureAccounts,
  insertEntries,
  insertTransfer,
  lockAccounts,
  selectBalances,
  selectMerchantTotals,
  selectTransferByKey,
  setBalance,
  selectReplay,
  selectStatement,
  type BalanceRow,
  type ReplayRow,
  type StatementPage,
} from './queries';

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

export interface PostedTransfer {
  transferId: number;
  merchantId: number;
  currency: CurrencyCode;
  flow: string;
  actionType: number;
  reference: string;
  idempotencyKey: string;
  amount: bigint;
  fee: bigint;
  createdAt: Date;
  entries: PostedEntry[];
  /** True when the idempotency key had already been used: nothing was written, the first result is returned. */
  replayed: boolean;
}

const PG_UNIQUE_VIOLATION = '23505';
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

function validate(req: TransferRequest): void {
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
 */
export async function postTransfer(db: DbLike, req: TransferRequest): Promise<PostedTransfer> {
  validate(req);
  const existing = await loadTransfer(db, req.merchantId, req.idempotencyKey);
  if (existing) return assertSameRequest(existing, req);

  // Distinct accounts in a fixed order (inserts of new accounts then also take their key locks in one order).
  const wanted = [...new Map(req.legs.map((l) => [accountKey(l.account.merchantId, l.account.kind), l.account])).values()].sort(
    (a, b) => a.merchantId - b.merchantId || a.kind.localeCompare(b.kind),
  );

  try {
    return await db.transaction(async (tx) => {
      // 1. The transfer row first: a concurrent first call with the same key waits here on the unique index and
      //    then fails with a unique violation, before it has locked any balance.
      const transfer = await insertTransfer(tx, {
          merchantId: req.merchantId,
          currency: req.currency,
          flow: req.flow,
          actionType: req.actionType,
          reference: req.reference,
          idempotencyKey: req.idempotencyKey,
          amount: req.amount,
          fee: req.fee,
      });

      // 2. Get-or-create the accounts.
      await ensureAccounts(tx, req.currency, wanted);

      // 3. Lock them in id order.
      const locked = await lockAccounts(tx, req.currency, wanted);
      const byKey = new Map(locked.map((a) => [accountKey(a.merchantId, a.kind), { ...a, start: a.balance }]));

      // 4. Apply the legs in order; each entry records the balance before and after.
      const entryRows = req.legs.map((leg) => {
        const acc = byKey.get(accountKey(leg.account.merchantId, leg.account.kind));
        if (!acc) throw new Error(`ledger account not found: ${accountKey(leg.account.merchantId, leg.account.kind)}`);
        const before = acc.balance;
        acc.balance = before + leg.amount;
        return {
          transferId: transfer.id,
          accountId: acc.id,
          merchantId: acc.merchantId,
          currency: req.currency,
          amount: leg.amount,
          balanceBefore: before,
          balanceAfter: acc.balance,
          kind: acc.kind as LedgerAccountKind,
        };
      });

      // 5. Store the balances; the CHECK constraint refuses a merchant balance below zero.
      for (const acc of byKey.values()) {
        if (acc.balance === acc.start) continue;
        await setBalance(tx, acc.id, acc.balance);
      }

      const inserted = await insertEntries(
        tx,
        entryRows.map(({ kind: _kind, ...row }) => row),
      );

      return {
        transferId: transfer.id,
        merchantId: transfer.merchantId,
        currency: req.currency,
        flow: transfer.flow,
        actionType: transfer.actionType,
        reference: transfer.reference,
        idempotencyKey: transfer.idempotencyKey,
        amount: transfer.amount,
        fee: transfer.fee,
        createdAt: transfer.createdAt,
        entries: entryRows.map((r, i) => ({
          id: inserted[i]?.id ?? 0,
          accountId: r.accountId,
          merchantId: r.merchantId,
          kind: r.kind,
          amount: r.amount,
          balanceBefore: r.balanceBefore,
          balanceAfter: r.balanceAfter,
        })),
        replayed: false,
      };
    });
  } catch (e) {
    const { code, constraint } = pgErrorCode(e);
    if (code === PG_CHECK_VIOLATION && constraint === 'ledger_account_non_negative_ck') {
      throw new DomainError('INSUFFICIENT_BALANCE', {}, { cause: e });
    }
    if (code === PG_UNIQUE_VIOLATION && constraint === 'ledger_transfer_idempotency_uq') {
      // A concurrent first call with the same key won; our transaction is rolled back. Answer with its result.
      const winner = await loadTransfer(db, req.merchantId, req.idempotencyKey);
      if (winner) return assertSameRequest(winner, req);
    }
    throw e;
  }
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

