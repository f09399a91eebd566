/** The public cashier API behind /pay/{token} (domain cashierCalls; apps/server/src/modules/cashier/routes.ts). */
import { cashierCalls, type CallAnswer, type CallBody, type CurrencyCode, type DepositOutcomeValue } from '@mg/domain';
import { callApi } from '../../api';

/** What the payer sees of an order: the answer of every cashier call. */
export type CashierView = CallAnswer<typeof cashierCalls.view>;
export type CashierKind = CashierView['kind'];

/** What the payer's choice on the sandbox page sends (domain cashierCalls.pay). */
export type CashierPayBody = CallBody<typeof cashierCalls.pay>;

/** The order's currency, as the money formatters take it (the server answers one of CURRENCY_CODES). */
export function cashierCurrency(view: Pick<CashierView, 'currency'>): CurrencyCode {
  return view.currency as CurrencyCode;
}

/** Silent: the page shows every failure in place (not found, expired, already paid) instead of a toast. */
export const cashierApi = {
  view: (token: string) => callApi(cashierCalls.view, { params: { token } }, { silent: true }),
  pay: (token: string, body: CashierPayBody) => callApi(cashierCalls.pay, { params: { token }, body }, { silent: true }),
  cryptoAddress: (token: string) => callApi(cashierCalls.cryptoAddress, { params: { token } }, { silent: true }),
  sendCrypto: (token: string, outcome: DepositOutcomeValue) => callApi(cashierCalls.sendCrypto, { params: { token }, body: { outcome } }, { silent: true }),
  cancel: (token: string) => callApi(cashierCalls.cancel, { params: { token } }, { silent: true }),
};
