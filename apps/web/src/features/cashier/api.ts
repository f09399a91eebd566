/** The public cashier API behind /pay/{token} (apps/server/src/modules/cashier/routes.ts). */
import type { CashierKind, CashierView, CollectionFailureReasonValue, DepositOutcomeValue } from '@mg/domain';
import { api } from '../../api';

/** What the payer sees of an order: the server's answer shape (domain payments-api.ts). */
export type { CashierKind, CashierView };

export interface CashierPayBody {
  outcome: 'success' | 'fail';
  failureReason?: CollectionFailureReasonValue;
}

/** Silent: the page shows every failure in place (not found, expired, already paid) instead of a toast. */
export const cashierApi = {
  view: (token: string) =>
    api.get<CashierView>(`/cashier/${encodeURIComponent(token)}`, undefined, { silent: true }),
  pay: (token: string, body: CashierPayBody) =>
    api.post<CashierView>(`/cashier/${encodeURIComponent(token)}/pay`, body, { silent: true }),
  cryptoAddress: (token: string) =>
    api.post<CashierView>(`/cashier/${encodeURIComponent(token)}/crypto/address`, {}, { silent: true }),
  sendCrypto: (token: string, outcome: DepositOutcomeValue) =>
    api.post<CashierView>(`/cashier/${encodeURIComponent(token)}/crypto/send`, { outcome }, { silent: true }),
  cancel: (token: string) =>
    api.post<CashierView>(`/cashier/${encodeURIComponent(token)}/cancel`, {}, { silent: true }),
};
