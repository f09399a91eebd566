/**
 * Data of the balances area (docs/payments-api.md "Balances"): the merchant's balance per currency and its
 * low-balance threshold. Anything that moves money (refunds, settlement) invalidates `balanceKeys.all`.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BalanceView } from '@mg/domain';
import { api } from '../../api';
import { queryKeys } from '../../components/list/keys';

export const balanceKeys = queryKeys('balances');

/** One currency of `GET /api/balances`. */
export type BalanceRow = BalanceView;

const PATH = '/balances';

/** The session merchant's balances; platform staff: one merchant's (`merchantId`), else every merchant's together. */
export function useBalances(merchantId?: number) {
  return useQuery({
    queryKey: balanceKeys.other('summary', merchantId ?? 'own'),
    queryFn: () => api.get<BalanceRow[]>(PATH, merchantId === undefined ? {} : { merchantId }),
  });
}

/** Sets (a decimal string) or removes (null) the low-balance threshold of a currency. Field errors on `limitBalance`. */
export function useSetLimit(merchantId?: number) {
  const queryClient = useQueryClient();
  const query = merchantId === undefined ? '' : `?merchantId=${merchantId}`;
  return useMutation({
    mutationFn: ({ currency, limitBalance }: { currency: string; limitBalance: string | null }) =>
      api.put<BalanceRow | null>(`${PATH}/${encodeURIComponent(currency)}/limit${query}`, { limitBalance }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: balanceKeys.all }),
  });
}
