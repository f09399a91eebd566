/** Calls and shapes of the home statistics (docs/payments-api.md "Statistics"). Amounts are decimal strings. */
import { api } from '../../api';

export interface AmountCount {
  amount: string;
  count: number;
}

export interface DayVolume extends AmountCount {
  /** Calendar day in the session zone, `YYYY-MM-DD`. */
  date: string;
}

export interface PaymentTypeVolume extends AmountCount {
  paymentType: number;
}

/** `GET /api/statistics`. successRate: succeeded / (all but pending), 0..1; null when nothing finished yet. */
export interface Statistics {
  currency: string;
  range: { begin: string; end: string };
  collected: AmountCount;
  successRate: number | null;
  refunds: AmountCount;
  fees: string;
  balance: { available: string; pending: string; frozen: string };
  /** Payouts paid in the range, and those waiting for review now (whatever their date). */
  payouts: { paid: AmountCount; pendingReview: AmountCount };
  byDay: DayVolume[];
  byPaymentType: PaymentTypeVolume[];
  today: { collected: AmountCount; successRate: number | null };
}

export const STATISTICS_URL = '/statistics';

export const dashboardApi = {
  /**
   * Figures of [begin, end] in the session currency. The instants are handed to the API client as Dates: it writes
   * them as the session zone's wall clock (spec §7).
   */
  statistics: (begin: Date, end: Date, currency: string) =>
    api.get<Statistics>(STATISTICS_URL, { createTime_begin: begin, createTime_end: end, currency }),
};
