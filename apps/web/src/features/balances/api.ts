/**
 * Calls and shapes of the funds screens: balances, balance records, settlements (docs/payments-api.md). Amounts are
 * decimal strings in major units, times ISO-8601 UTC. Everything goes through the API client.
 */
import { MERCHANT_ACCOUNT_KINDS, type ActionTypeValue, type BalanceView, type SettlementStatusValue } from '@mg/domain';
import { api } from '../../api';

/** One currency of `GET /api/balances` (domain payments-api.ts). */
export type BalanceRow = BalanceView;

/** The merchant's own accounts a balance record can move. */
export type BalanceAccount = (typeof MERCHANT_ACCOUNT_KINDS)[number];
export const BALANCE_ACCOUNTS = MERCHANT_ACCOUNT_KINDS;

/** One entry of `GET /api/balance-records`: a movement of one merchant account. */
export interface BalanceRecord {
  id: number;
  merchantId: number;
  transferId: number;
  actionType: ActionTypeValue;
  flow: string;
  account: BalanceAccount;
  reference: string;
  /** Signed: negative when money left the account. */
  amount: string;
  /** Fee of the business operation behind the entry. */
  fee: string;
  balanceBefore: string;
  balanceAfter: string;
  currency: string;
  createdAt: string;
}

/** One batch of `GET /api/settlements`. */
export interface SettlementRecord {
  id: string;
  merchantId: number;
  currency: string;
  /** Calendar date of the batch (`YYYY-MM-DD`, merchant zone). */
  settleDate: string;
  dueAt: string;
  status: SettlementStatusValue;
  collectionCount: number;
  grossAmount: string;
  feeAmount: string;
  refundedAmount: string;
  netAmount: string;
  settledAt: string | null;
  createdAt: string;
}

/** Answer of `POST /api/settlements/run`: how many batches were settled, and how much per currency. */
export interface SettlementRunResult {
  settled: number;
  /** Net amount settled per currency (decimal strings). */
  amounts: Record<string, string>;
}

export const FUNDS_URLS = {
  balances: '/balances',
  balanceRecords: '/balance-records',
  settlements: '/settlements',
} as const;

export const fundsApi = {
  balances: (params: Record<string, unknown> = {}) => api.get<BalanceRow[]>(FUNDS_URLS.balances, params),
  /** `limitBalance` null removes the threshold. Field errors come back on `limitBalance`. */
  setLimit: (currency: string, limitBalance: string | null) =>
    api.put<BalanceRow | null>(`${FUNDS_URLS.balances}/${encodeURIComponent(currency)}/limit`, { limitBalance }),
  runSettlement: (body: { merchantId?: number; dueOnly?: boolean }) => api.post<SettlementRunResult>(`${FUNDS_URLS.settlements}/run`, body),
};

/** The per-currency amounts of a run answer, currencies that moved nothing left out. */
export function runAmounts(result: SettlementRunResult): [string, string][] {
  return Object.entries(result.amounts ?? {}).filter(([, v]) => typeof v === 'string' && !/^0+(\.0+)?$/.test(v));
}
