/** The home statistics call (docs/payments-api.md "Statistics", domain statisticsCalls.home). Amounts are decimal strings. */
import { formatWallClock, statisticsCalls, type CurrencyCode } from '@mg/domain';
import { callApi } from '../../api';

export type { AmountCount, DayVolume, PaymentTypeVolume, Statistics } from '@mg/domain';

export const dashboardApi = {
  /**
   * Figures of [begin, end] in the session currency: the instants are sent as the wall clock of the session zone
   * (spec §7), which `zone` is.
   */
  statistics: (begin: Date, end: Date, currency: CurrencyCode, zone: string) =>
    callApi(statisticsCalls.home, { query: { createTime_begin: formatWallClock(begin, zone), createTime_end: formatWallClock(end, zone), currency } }),
};
