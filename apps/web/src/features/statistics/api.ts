/** Calls and shapes of the home statistics (docs/payments-api.md "Statistics"). Amounts are decimal strings. */
import type { Statistics } from '@mg/domain';
import { api } from '../../api';

export type { AmountCount, DayVolume, PaymentTypeVolume, Statistics } from '@mg/domain';

export const STATISTICS_URL = '/statistics';

export const dashboardApi = {
  /**
   * Figures of [begin, end] in the session currency. The instants are handed to the API client as Dates: it writes
   * them as the session zone's wall clock (spec §7).
   */
  statistics: (begin: Date, end: Date, currency: string) =>
    api.get<Statistics>(STATISTICS_URL, { createTime_begin: begin, createTime_end: end, currency }),
};
