/**
 * What the funds lists share: the created-time range filter (at most QUERY_RANGE_MONTHS, checked before the server
 * is asked), the paged request that writes the filters to the URL, and the platform staff's merchant filter.
 */
import { useCallback, useMemo } from 'react';
import type { ProColumns } from '@ant-design/pro-components';
import { useTranslation } from 'react-i18next';
import { PLATFORM_MERCHANT_ID } from '@mg/domain';
import { parseRange, rangeColumn, useRangedList } from './ListTable';
import { useSessionZone } from '../format';
import type { ColumnLike } from '../../session/permission';
import { useSession } from '../../session/store';
import { usePermission } from '../../session/usePermission';
import type { UrlValues } from './paging';
import { defaultDays, pickerRange } from './range';

/** A list column; `fee: true` marks a fee column for the spec §6 column rules. */
export type FundsColumn<T> = ProColumns<T> & { fee?: boolean };

/** The spec §6 column rules (usePermission().columns) for ProTable columns. */
export function useVisibleColumns<T>(): (columns: FundsColumn<T>[]) => ProColumns<T>[] {
  const { columns } = usePermission();
  return useCallback((list: FundsColumn<T>[]) => columns(list as unknown as ColumnLike[]) as unknown as ProColumns<T>[], [columns]);
}

/**
 * The search-only created-time column: from the URL, else the longest range the one-month rule allows ending
 * today (whole days of the session zone). Sent as `createTime_begin` / `createTime_end`.
 */
export function useRangeColumn<T>(title: string, initial: UrlValues): ProColumns<T> {
  const zone = useSessionZone();
  const initialValue = useMemo(() => {
    const fromUrl = parseRange(initial.createTime_begin, initial.createTime_end);
    if (fromUrl) return fromUrl;
    const [from, to] = defaultDays(zone);
    return pickerRange(from, to, zone);
  }, [initial, zone]);
  return rangeColumn<T>(title, initialValue);
}

/** True for platform staff (merchant 10000), who may look at another merchant's records. */
export function useIsPlatform(): boolean {
  const { userInfo } = useSession();
  return userInfo?.merchantId === PLATFORM_MERCHANT_ID;
}

/** The merchant filter of platform staff (search only); hidden for everyone else. */
export function useMerchantColumn<T>(initial: UrlValues): ProColumns<T> {
  const { t } = useTranslation();
  const platform = useIsPlatform();
  return {
    title: t('common.fields.merchantId'),
    dataIndex: 'merchantId',
    hideInTable: true,
    hideInSearch: !platform,
    initialValue: initial.merchantId,
    fieldProps: { inputMode: 'numeric' },
  };
}

/** The paged request of a funds list: the shared ranged list request (components/list). */
export const useRangedRequest = useRangedList;
