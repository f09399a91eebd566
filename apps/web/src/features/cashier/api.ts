/** The public cashier API behind /pay/{token} (apps/server/src/modules/cashier/routes.ts). */
import type { CollectionFailureReasonValue, CurrencyCode } from '@mg/domain';
import { api } from '../../api';

export type CashierKind = 'collection' | 'link';

/** What the payer sees of an order (a collection's cashier token or a payment link's token). */
export interface CashierView {
  kind: CashierKind;
  merchantName: string;
  /** Brand value of the merchant: the page takes its logo and colour. */
  brand: string;
  amount: string;
  currency: CurrencyCode;
  description: string | null;
  paymentType: number;
  channel: number | null;
  paymentCode: string | null;
  /** Domain PaymentStatus as the payer reads it (closed once expired). */
  status: string;
  expired: boolean;
  expiresAt: string;
  paidAt: string | null;
  paidAmount: string | null;
  returnUrl: string | null;
  /** Domain collection failure reason code. */
  failureReason: string | null;
  /** The pay / simulate-failure buttons apply. */
  payable: boolean;
  /** The cancel button applies (collections only). */
  cancellable: boolean;
  sandbox: boolean;
}

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
  cancel: (token: string) =>
    api.post<CashierView>(`/cashier/${encodeURIComponent(token)}/cancel`, {}, { silent: true }),
};
