/** Data of the settlements area: its query keys and the "run settlement now" call. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { settlementCalls, type CallAnswer, type CallBody } from '@mg/domain';
import { callApi } from '../../api';
import { queryKeys } from '../../components/list/keys';

export const settlementKeys = queryKeys('settlements');
/** Balances move when batches settle. */
const balanceKeys = queryKeys('balances');
const balanceRecordKeys = queryKeys('balance-records');
const statisticsKeys = queryKeys('statistics');

/** Answer of `POST /api/settlements/run` (domain settlementCalls.run): how many batches were settled, and how much per currency. */
export type SettlementRunResult = CallAnswer<typeof settlementCalls.run>;

/** The per-currency amounts of a run answer, currencies that moved nothing left out. */
export function runAmounts(result: SettlementRunResult): [string, string][] {
  return Object.entries(result.amounts ?? {}).filter(
    ([, v]) => typeof v === 'string' && !/^0+(\.0+)?$/.test(v),
  );
}

/** Settles pending batches now (provider staff); the settlement records and balances reload after. */
export function useRunSettlement() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CallBody<typeof settlementCalls.run>) => callApi(settlementCalls.run, { body }),
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: settlementKeys.lists() }),
        queryClient.invalidateQueries({ queryKey: balanceKeys.all }),
        queryClient.invalidateQueries({ queryKey: balanceRecordKeys.lists() }),
        queryClient.invalidateQueries({ queryKey: statisticsKeys.all }),
      ]);
    },
  });
}

/** One batch opened (`GET /api/settlements/{id}`): its totals and what it is made of. */
export function useSettlementDetail(id: string | null) {
  return useQuery({
    queryKey: settlementKeys.other('detail', id),
    queryFn: () => callApi(settlementCalls.detail, { params: { id: id ?? '' } }),
    enabled: id !== null,
  });
}
