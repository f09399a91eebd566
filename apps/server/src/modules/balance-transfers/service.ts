/**
 * Balance transfers (issue 12, spec §3 "from merchant ID, to merchant ID, amount, fees", §5 "transfer amount plus
 * fees may not exceed the available balance"): between a merchant and its sub-merchants, both ways, and between
 * sub-merchants of one parent, in one currency both hold. The money is one ledger transfer (sender available ->
 * receiver available + fee revenue) written with both sides' records in one database transaction, keyed by the
 * sender's request id: a retried submit answers the first transfer and moves nothing again. The ledger's CHECK
 * refuses an available balance below zero under any concurrency (INSUFFICIENT_BALANCE, nothing written).
 */
import {
  BALANCE_TRANSFER_REQUEST_ID_PATTERN,
  DomainError,
  ID_PREFIX,
  PaymentType,
  TransferDirection,
  TransferRelation,
  parseAmount,
  toMajorString,
  type CurrencyCode,
  type TransferParty,
  type TransferRelationValue,
} from '@mg/domain';
import type { Db, DbLike } from '../../db/pool';
import { KeyedError } from '../../lib/admin';
import { validateAmount } from '../../lib/amounts';
import { fieldError } from '../../lib/errors';
import { newBusinessId } from '../../lib/ids';
import { checkLowBalance, type LowBalanceNotifier } from '../balances/limit';
import { quoteFee } from '../fees/service';
import { balanceTransfer, balancesOf, postTransfer } from '../ledger/service';
import {
  insertSides,
  selectRelatedMerchants,
  selectSentByRequest,
  selectTransferMerchant,
  toTransferRecord,
  type BalanceTransferRecord,
  type BalanceTransferRow,
  type TransferMerchant,
} from './queries';

const MERCHANT_ACTIVE = 'active';

function relationOf(self: TransferMerchant, other: TransferMerchant): TransferRelationValue {
  if (other.parentId === self.id) return TransferRelation.SUB_MERCHANT;
  if (other.id === self.parentId) return TransferRelation.PARENT;
  return TransferRelation.SIBLING;
}

async function merchantOrThrow(db: DbLike, merchantId: number): Promise<TransferMerchant> {
  const self = await selectTransferMerchant(db, merchantId);
  if (!self) throw new KeyedError('NOT_FOUND', 'error.notFound');
  return self;
}

/** Who `merchantId` may send to: its parent, its sub-merchants and its parent's other sub-merchants. */
export async function transferParties(db: DbLike, merchantId: number): Promise<TransferParty[]> {
  const self = await merchantOrThrow(db, merchantId);
  const related = await selectRelatedMerchants(db, self);
  return related.map((m) => ({ merchantId: m.id, name: m.name, relation: relationOf(self, m), currencies: m.currencies, active: m.status === MERCHANT_ACTIVE }));
}

export interface TransferInput {
  merchantId: number;
  toMerchantId: number;
  currency: CurrencyCode;
  amount: bigint;
  remark?: string | null;
  requestId: string;
  /** The dashboard username that sent it. */
  createdBy: string;
}

export interface TransferQuote {
  fee: bigint;
  total: bigint;
  available: bigint;
}

const money = (v: bigint, currency: CurrencyCode) => toMajorString(v, currency);

/** The amount as typed: spec §5 "an invalid transfer amount has its own message". */
export function transferAmountOf(value: string, currency: CurrencyCode): bigint {
  const r = parseAmount(value, currency);
  if (!r.ok) throw fieldError('amount', 'balance-transfers.amountInvalid');
  return r.minor;
}

/** The client's request id: a key of BALANCE_TRANSFER_REQUEST_ID_PATTERN, else 400 naming `requestId`. */
export function checkTransferRequestId(requestId: string): void {
  if (!BALANCE_TRANSFER_REQUEST_ID_PATTERN.test(requestId)) throw fieldError('requestId', 'error.fieldInvalid', { params: { value: requestId.slice(0, 64) } });
}

/** The checks of who, in which currency and how much; the fee and the sender's available balance. */
export async function quoteTransfer(db: DbLike, input: Omit<TransferInput, 'requestId' | 'createdBy' | 'remark'>): Promise<TransferQuote & { to: TransferMerchant }> {
  validateAmount(input.amount);
  if (input.toMerchantId === input.merchantId) throw fieldError('toMerchantId', 'balance-transfers.sameMerchant');
  const self = await merchantOrThrow(db, input.merchantId);
  if (self.status !== MERCHANT_ACTIVE) throw new KeyedError('FORBIDDEN', 'balance-transfers.senderInactive');
  if (!self.currencies.includes(input.currency)) throw fieldError('currency', 'validation.currency.invalid', { params: { value: input.currency } });
  const to = (await selectRelatedMerchants(db, self)).find((m) => m.id === input.toMerchantId);
  if (!to) throw fieldError('toMerchantId', 'balance-transfers.counterpartyNotRelated', { params: { merchantId: input.toMerchantId } });
  if (to.status !== MERCHANT_ACTIVE) throw fieldError('toMerchantId', 'balance-transfers.counterpartyInactive', { params: { name: to.name } });
  if (!to.currencies.includes(input.currency)) throw fieldError('toMerchantId', 'balance-transfers.counterpartyCurrency', { params: { name: to.name, currency: input.currency } });
  const [fee, balances] = await Promise.all([
    quoteFee(db, { merchantId: input.merchantId, currency: input.currency, paymentType: PaymentType.BALANCE_TRANSFER, amount: input.amount }),
    balancesOf(db, input.merchantId),
  ]);
  const available = balances.find((b) => b.currency === input.currency && b.kind === 'available')?.balance ?? 0n;
  return { fee: fee.total, total: input.amount + fee.total, available, to };
}

function overAvailable(total: bigint, available: bigint, currency: CurrencyCode) {
  return { total: money(total, currency), available: money(available, currency) };
}

async function counterpartyName(db: DbLike, merchantId: number): Promise<string> {
  return (await selectTransferMerchant(db, merchantId))?.name ?? String(merchantId);
}

/** The first transfer of this request id again, or 409 when the id was used for a different one. */
function replayOf(first: BalanceTransferRow, input: TransferInput, toName: string): BalanceTransferRecord {
  if (first.counterpartyId !== input.toMerchantId || first.currency !== input.currency || first.amount !== input.amount) {
    throw new KeyedError('CONFLICT', 'balance-transfers.requestReplayedOther');
  }
  return toTransferRecord(first, toName);
}

/**
 * Moves the money and writes both sides. Answers the sender's record; `replayed` when the request id had already
 * moved it. The low-balance notice of the sender is checked after the commit.
 */
export async function createTransfer(
  db: Db,
  input: TransferInput,
  notifier: LowBalanceNotifier | null = null,
  now: Date = new Date(),
): Promise<{ record: BalanceTransferRecord; replayed: boolean }> {
  // A retry answers the first transfer even if something changed since (the receiver frozen, the balance spent).
  const earlier = await selectSentByRequest(db, input.merchantId, input.requestId);
  if (earlier) return { record: replayOf(earlier, input, await counterpartyName(db, earlier.counterpartyId)), replayed: true };
  const quote = await quoteTransfer(db, input);
  if (quote.total > quote.available) throw fieldError('amount', 'balance-transfers.amountPlusFeeOverAvailable', { params: overAvailable(quote.total, quote.available, input.currency) });

  const id = newBusinessId(ID_PREFIX.BALANCE_TRANSFER, now);
  const remark = input.remark?.trim() || null;
  let sent: BalanceTransferRow;
  try {
    sent = await db.transaction(async (tx) => {
      const posted = await postTransfer(
        tx,
        balanceTransfer({
          merchantId: input.merchantId,
          toMerchantId: input.toMerchantId,
          currency: input.currency,
          amount: input.amount,
          fee: quote.fee,
          reference: id,
          idempotencyKey: `balance_transfer:${input.requestId}`,
        }),
      );
      const common = { id, currency: input.currency, amount: input.amount, remark, createdBy: input.createdBy, ledgerTransferId: posted.transferId, createdAt: now };
      return insertSides(tx, [
        { ...common, merchantId: input.merchantId, direction: TransferDirection.OUT, counterpartyId: input.toMerchantId, fee: quote.fee, requestId: input.requestId },
        { ...common, merchantId: input.toMerchantId, direction: TransferDirection.IN, counterpartyId: input.merchantId, fee: 0n, requestId: null },
      ]);
    });
  } catch (e) {
    // The same request sent twice at once: the second waited on the first's ledger key (or its record) and finds the
    // first transfer now; it answers that one.
    const first = await selectSentByRequest(db, input.merchantId, input.requestId);
    if (first) return { record: replayOf(first, input, await counterpartyName(db, first.counterpartyId)), replayed: true };
    if (e instanceof DomainError && e.code === 'INSUFFICIENT_BALANCE') {
      // Another movement took the money between the quote and the posting: the same message, with today's balance.
      const again = await quoteTransfer(db, input);
      throw new KeyedError('INSUFFICIENT_BALANCE', 'balance-transfers.amountPlusFeeOverAvailable', overAvailable(again.total, again.available, input.currency));
    }
    throw e;
  }
  try {
    await checkLowBalance(db, notifier, input.merchantId, input.currency, now);
  } catch (err) {
    // The transfer is committed; a failing notice must not turn it into an error for the caller.
    notifier?.log.error({ err, transferId: id }, 'low-balance check failed');
  }
  return { record: toTransferRecord(sent, quote.to.name), replayed: false };
}
