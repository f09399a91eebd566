/**
 * The money flows of DESIGN §5 as transfer requests. These only build legs (pure); postTransfer writes them.
 * Sign convention: a leg's amount is added to the account's balance (+ credit, - debit); legs sum to zero.
 */
import {
  ActionType,
  LEDGER_FLOW_ACTION,
  PLATFORM_MERCHANT_ID,
  type ActionTypeValue,
  type CurrencyCode,
  type LedgerAccountKind,
  type LedgerFlow,
} from '@mg/domain';

export interface LegAccount {
  merchantId: number;
  kind: LedgerAccountKind;
}

export interface TransferLeg {
  account: LegAccount;
  amount: bigint;
}

export interface TransferRequest {
  merchantId: number;
  currency: CurrencyCode;
  flow: LedgerFlow;
  actionType: ActionTypeValue;
  reference: string;
  idempotencyKey: string;
  /** Gross amount and fee of the business operation, shown on the statement. */
  amount: bigint;
  fee: bigint;
  legs: TransferLeg[];
}

/** The transfer row of a request: everything but its legs. */
export function headOf(req: TransferRequest): Omit<TransferRequest, 'legs'> {
  const { merchantId, currency, flow, actionType, reference, idempotencyKey, amount, fee } = req;
  return { merchantId, currency, flow, actionType, reference, idempotencyKey, amount, fee };
}

/** What every flow helper needs to name the movement. */
export interface FlowBase {
  merchantId: number;
  currency: CurrencyCode;
  reference: string;
  idempotencyKey: string;
}

const merchantAccount = (merchantId: number, kind: 'available' | 'pending' | 'frozen'): LegAccount => ({ merchantId, kind });
const CLEARING: LegAccount = { merchantId: PLATFORM_MERCHANT_ID, kind: 'clearing' };
const FEE_REVENUE: LegAccount = { merchantId: PLATFORM_MERCHANT_ID, kind: 'fee_revenue' };

function positive(name: string, v: bigint): void {
  if (v <= 0n) throw new RangeError(`${name} must be positive`);
}
function nonNegative(name: string, v: bigint): void {
  if (v < 0n) throw new RangeError(`${name} must not be negative`);
}

/** Drops zero legs (a zero fee writes no entry). */
function legs(...all: TransferLeg[]): TransferLeg[] {
  return all.filter((l) => l.amount !== 0n);
}

function request(base: FlowBase, flow: LedgerFlow, amount: bigint, fee: bigint, l: TransferLeg[], actionType?: ActionTypeValue): TransferRequest {
  return { ...base, flow, actionType: actionType ?? LEDGER_FLOW_ACTION[flow], amount, fee, legs: l };
}

/** Collection succeeds: clearing -> merchant pending (amount - fee), clearing -> fee revenue (fee). */
export function collectionSucceeded(base: FlowBase & { amount: bigint; fee: bigint }): TransferRequest {
  positive('amount', base.amount);
  nonNegative('fee', base.fee);
  if (base.fee > base.amount) throw new RangeError('fee must not exceed amount');
  return request(
    base,
    'collection_succeeded',
    base.amount,
    base.fee,
    legs(
      { account: CLEARING, amount: -base.amount },
      { account: merchantAccount(base.merchantId, 'pending'), amount: base.amount - base.fee },
      { account: FEE_REVENUE, amount: base.fee },
    ),
  );
}

/** Settlement: merchant pending -> merchant available. */
export function settle(base: FlowBase & { amount: bigint }): TransferRequest {
  positive('amount', base.amount);
  return request(base, 'settlement', base.amount, 0n, [
    { account: merchantAccount(base.merchantId, 'pending'), amount: -base.amount },
    { account: merchantAccount(base.merchantId, 'available'), amount: base.amount },
  ]);
}

type PayoutAction = typeof ActionType.PAYOUT | typeof ActionType.WITHDRAWAL;

/** Payout or withdrawal created: available -> frozen (amount + fee). */
export function reservePayout(base: FlowBase & { amount: bigint; fee: bigint; actionType?: PayoutAction }): TransferRequest {
  positive('amount', base.amount);
  nonNegative('fee', base.fee);
  const total = base.amount + base.fee;
  return request(
    base,
    'payout_reserved',
    base.amount,
    base.fee,
    [
      { account: merchantAccount(base.merchantId, 'available'), amount: -total },
      { account: merchantAccount(base.merchantId, 'frozen'), amount: total },
    ],
    base.actionType,
  );
}

/** Payout succeeds: frozen -> clearing (amount), frozen -> fee revenue (fee). */
export function payoutSucceeded(base: FlowBase & { amount: bigint; fee: bigint; actionType?: PayoutAction }): TransferRequest {
  positive('amount', base.amount);
  nonNegative('fee', base.fee);
  return request(
    base,
    'payout_succeeded',
    base.amount,
    base.fee,
    legs(
      { account: merchantAccount(base.merchantId, 'frozen'), amount: -(base.amount + base.fee) },
      { account: CLEARING, amount: base.amount },
      { account: FEE_REVENUE, amount: base.fee },
    ),
    base.actionType,
  );
}

/** Payout fails, is rejected or cancelled: frozen -> available (the whole reservation). */
export function releasePayout(base: FlowBase & { amount: bigint; fee: bigint; actionType?: PayoutAction }): TransferRequest {
  positive('amount', base.amount);
  nonNegative('fee', base.fee);
  const total = base.amount + base.fee;
  return request(
    base,
    'payout_released',
    base.amount,
    base.fee,
    [
      { account: merchantAccount(base.merchantId, 'frozen'), amount: -total },
      { account: merchantAccount(base.merchantId, 'available'), amount: total },
    ],
    base.actionType,
  );
}

/** Refund: merchant available -> clearing. */
export function refund(base: FlowBase & { amount: bigint }): TransferRequest {
  positive('amount', base.amount);
  return request(base, 'refund', base.amount, 0n, [
    { account: merchantAccount(base.merchantId, 'available'), amount: -base.amount },
    { account: CLEARING, amount: base.amount },
  ]);
}

/** Top-up confirmed: clearing -> merchant available (amount - fee), clearing -> fee revenue (fee, default none). */
export function topUp(base: FlowBase & { amount: bigint; fee?: bigint }): TransferRequest {
  positive('amount', base.amount);
  const { fee = 0n, ...rest } = base;
  nonNegative('fee', fee);
  if (fee > base.amount) throw new RangeError('fee must not exceed the amount');
  return request(
    rest,
    'top_up',
    base.amount,
    fee,
    legs(
      { account: CLEARING, amount: -base.amount },
      { account: merchantAccount(base.merchantId, 'available'), amount: base.amount - fee },
      { account: FEE_REVENUE, amount: fee },
    ),
  );
}

/**
 * Balance transfer: from available -> to available (amount), from available -> fee revenue (fee). The transfer
 * belongs to the sending merchant (`merchantId` of the base is the sender).
 */
export function balanceTransfer(base: FlowBase & { toMerchantId: number; amount: bigint; fee: bigint }): TransferRequest {
  positive('amount', base.amount);
  nonNegative('fee', base.fee);
  if (base.toMerchantId === base.merchantId) throw new RangeError('cannot transfer to the same merchant');
  const { toMerchantId, ...rest } = base;
  return request(
    rest,
    'balance_transfer',
    base.amount,
    base.fee,
    legs(
      { account: merchantAccount(base.merchantId, 'available'), amount: -(base.amount + base.fee) },
      { account: merchantAccount(toMerchantId, 'available'), amount: base.amount },
      { account: FEE_REVENUE, amount: base.fee },
    ),
  );
}

/**
 * Refund of a collection whose money may still be unsettled: merchant pending -> clearing (fromPending), merchant
 * available -> clearing (fromAvailable). Either part may be zero (its leg is left out); together they are the refund.
 */
export function refundSplit(base: FlowBase & { fromPending: bigint; fromAvailable: bigint }): TransferRequest {
  nonNegative('fromPending', base.fromPending);
  nonNegative('fromAvailable', base.fromAvailable);
  const amount = base.fromPending + base.fromAvailable;
  positive('amount', amount);
  const { fromPending, fromAvailable, ...rest } = base;
  return request(
    rest,
    'refund',
    amount,
    0n,
    legs(
      { account: merchantAccount(base.merchantId, 'pending'), amount: -fromPending },
      { account: merchantAccount(base.merchantId, 'available'), amount: -fromAvailable },
      { account: CLEARING, amount },
    ),
  );
}
