/**
 * Data of the balances area (docs/payments-api.md "Balances"): the merchant's balance per currency and its
 * low-balance threshold. Anything that moves money (refunds, settlement) invalidates `balanceKeys.all`.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BalanceView } from '@mg/domain';
import { api } from '../../api';
import { queryKeys } from '../../components/list';

export const balanceKeys = queryKeys('balances');

/** One currency of `GET /api/balances`. */
export type BalanceRow = BalanceView;

const PATH = '/balances';

export function useBalances() {
  return useQuery({ queryKey: balanceKeys.other('summary'), queryFn: () => api.get<BalanceRow[]>(PATH) });
}

/** Sets (a decimal string) or removes (null) the low-balance threshold of a currency. Field errors on `limitBalance`. */
export function useSetLimit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ currency, limitBalance }: { currency: string; limitBalance: string | null }) =>
      api.put<BalanceRow | null>(`${PATH}/${encodeURIComponent(currency)}/limit`, { limitBalance }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: balanceKeys.all }),
  });
}
