/** The transfer quote as the confirmation shows it (domain balanceTransferCalls.quote): decimal strings, the name. */
import { toMajorString, type balanceTransferCalls, type CallAnswer, type CurrencyCode } from '@mg/domain';
import type { quoteTransfer } from './service';

export function quoteView(input: { currency: CurrencyCode; amount: bigint }, q: Awaited<ReturnType<typeof quoteTransfer>>): CallAnswer<typeof balanceTransferCalls.quote> {
  const money = (v: bigint) => toMajorString(v, input.currency);
  return { currency: input.currency, amount: money(input.amount), fee: money(q.fee), total: money(q.total), available: money(q.available), toName: q.to.name, enough: q.total <= q.available };
}
