/**
 * Ledger vocabulary (DESIGN §5): account kinds and the money flows with their spec §3 action type. Pure data; the
 * server module apps/server/src/modules/ledger builds and posts the transfers.
 */
import { ActionType, type ActionTypeValue } from './enums';

export const LEDGER_ACCOUNT_KINDS = ['available', 'pending', 'frozen', 'clearing', 'fee_revenue'] as const;
export type LedgerAccountKind = (typeof LEDGER_ACCOUNT_KINDS)[number];

/** A merchant's own accounts, per currency; a database CHECK keeps their balance >= 0. */
export const MERCHANT_ACCOUNT_KINDS = ['available', 'pending', 'frozen'] as const satisfies readonly LedgerAccountKind[];
/** Platform accounts (merchant PLATFORM_MERCHANT_ID), per currency; clearing may go negative (money the channels owe). */
export const PLATFORM_ACCOUNT_KINDS = ['clearing', 'fee_revenue'] as const satisfies readonly LedgerAccountKind[];

export function isNonNegativeKind(kind: LedgerAccountKind): boolean {
  return (MERCHANT_ACCOUNT_KINDS as readonly string[]).includes(kind);
}

/**
 * The merchant balances a queued transfer (group commit, docs/ledger.md) may add to: a payment's money in. A transfer
 * taking from one of them first posts what is queued for its merchant, so it is checked against every payment
 * committed before it.
 */
export const QUEUED_CREDIT_KINDS = ['pending'] as const satisfies readonly LedgerAccountKind[];

export function isQueuedCreditKind(kind: LedgerAccountKind): boolean {
  return (QUEUED_CREDIT_KINDS as readonly string[]).includes(kind);
}

export const LEDGER_FLOWS = [
  'collection_succeeded',
  'settlement',
  'payout_reserved',
  'payout_succeeded',
  'payout_released',
  'refund',
  'top_up',
  'balance_transfer',
] as const;
export type LedgerFlow = (typeof LEDGER_FLOWS)[number];

/** Default action type of each flow; payout flows take WITHDRAWAL (3) instead of PAYOUT (4) for withdrawals. */
export const LEDGER_FLOW_ACTION: Readonly<Record<LedgerFlow, ActionTypeValue>> = {
  collection_succeeded: ActionType.COLLECTION,
  settlement: ActionType.SETTLEMENT,
  payout_reserved: ActionType.PAYOUT,
  payout_succeeded: ActionType.PAYOUT,
  payout_released: ActionType.PAYOUT,
  refund: ActionType.REFUND,
  top_up: ActionType.TOP_UP,
  balance_transfer: ActionType.BALANCE_TRANSFER,
};
