/**
 * The quote of a payout's confirmation step (domain payoutCalls.quote): the payout checked as its creation would
 * check it (the destination's fields, a crypto address in the address book and out of its cooling period), its fee
 * by the fee rules, the total debit and the balance it comes from. Nothing is written.
 */
import { PaymentType, toMajorString, findPayoutDestination, type CallAnswer, type payoutCalls } from '@mg/domain';
import type { DbLike } from '../../db/pool';
import { quoteFee } from '../fees/service';
import { balancesOf } from '../ledger/service';
import { checkPayoutInput, payeeOf, type CreatePayoutInput } from './service';

export async function quotePayout(db: DbLike, input: CreatePayoutInput, now = new Date()): Promise<CallAnswer<typeof payoutCalls.quote>> {
  checkPayoutInput(input);
  const destination = findPayoutDestination(input.currency, input.bankCode);
  const payee = destination ? await payeeOf(db, input, destination, now) : { accountName: input.accountName ?? '' };
  const fee = await quoteFee(db, { merchantId: input.merchantId, currency: input.currency, paymentType: PaymentType.PAYOUT, channel: destination?.channel ?? null, amount: input.amount });
  const available = (await balancesOf(db, input.merchantId)).find((b) => b.currency === input.currency && b.kind === 'available')?.balance ?? 0n;
  const c = input.currency;
  return {
    currency: c,
    amount: toMajorString(input.amount, c),
    fee: toMajorString(fee.total, c),
    totalDebit: toMajorString(input.amount + fee.total, c),
    available: toMajorString(available, c),
    bankName: destination?.name ?? input.bankCode,
    accountName: payee.accountName,
  };
}
