/** The withdrawal quote as the confirmation shows it (domain withdrawalCalls.quote): decimal strings and the account. */
import { findPayoutDestination, toMajorString, type CallAnswer, type CurrencyCode, type withdrawalCalls } from '@mg/domain';
import type { WithdrawalQuote } from './service';

export function quoteView(input: { currency: CurrencyCode; amount: bigint }, q: WithdrawalQuote): CallAnswer<typeof withdrawalCalls.quote> {
  const money = (v: bigint) => toMajorString(v, input.currency);
  return {
    currency: input.currency,
    amount: money(input.amount),
    fee: money(q.fee),
    total: money(q.total),
    available: money(q.available),
    expectedArrival: q.expectedArrival,
    bankName: findPayoutDestination(input.currency, q.account.bankCode)?.name ?? q.account.bankCode,
    accountNumber: q.account.accountNumber,
    accountName: q.account.accountName,
  };
}
