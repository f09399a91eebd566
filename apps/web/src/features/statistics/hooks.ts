/**
 * Data of the statistics area (the home page's figures). Anything that moves money (a refund, a settlement run)
 * invalidates `statisticsKeys.all`, so the home page agrees with the lists after it.
 */
import { useQuery } from '@tanstack/react-query';
import type { CurrencyCode } from '@mg/domain';
import { queryKeys } from '../../components/list/keys';
import { dashboardApi } from './api';

export const statisticsKeys = queryKeys('statistics');

/** The figures of a range of local days (bounds in UTC; null: the range is invalid, nothing is asked). */
/** `range.zone` is the session zone: the bounds are sent as its wall clock. */
export function useStatistics(bounds: { begin: Date; end: Date } | null, currency: CurrencyCode, range: { zone: string; from: string; to: string }) {
  return useQuery({
    queryKey: statisticsKeys.other('range', currency, range.zone, range.from, range.to),
    // Not enabled without bounds; the guard only satisfies the types.
    queryFn: () => (bounds ? dashboardApi.statistics(bounds.begin, bounds.end, currency, range.zone) : Promise.reject(new Error('no range'))),
    enabled: bounds !== null,
  });
}
