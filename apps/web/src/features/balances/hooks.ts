/**
 * Data of the balances area (docs/payments-api.md "Balances"): the merchant's balance per currency and its
 * low-balance threshold. Anything that moves money (refunds, settlement) invalidates `balanceKeys.all`.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { balanceCalls, type BalanceView, type CallBody, type CallParams } from '@mg/domain';
import { callApi } from '../../api';
import { queryKeys } from '../../components/list/keys';

export const balanceKeys = queryKeys('balances');

/** One currency of `GET /api/balances` (domain balanceCalls.summary). */
export type BalanceRow = BalanceView;

/** The session merchant's balances; platform staff: one merchant's (`merchantId`), else every merchant's together. */
export function useBalances(merchantId?: number) {
  return useQuery({
    queryKey: balanceKeys.other('summary', merchantId ?? 'own'),
    queryFn: () => callApi(balanceCalls.summary, { query: merchantId === undefined ? {} : { merchantId } }),
  });
}

/** Sets (a decimal string) or removes (null) the low-balance threshold of a currency. Field errors on `limitBalance`. */
export function useSetLimit(merchantId?: number) {
  const queryClient = useQueryClient();
  return useMutation({
    // The currency of a row the server answered (one of the merchant's): the path's currency code.
    mutationFn: ({ currency, limitBalance }: Pick<BalanceRow, 'currency'> & CallBody<typeof balanceCalls.setLimit>) =>
      callApi(balanceCalls.setLimit, { params: { currency: currency as CallParams<typeof balanceCalls.setLimit>['currency'] }, query: merchantId === undefined ? {} : { merchantId }, body: { limitBalance } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: balanceKeys.all }),
  });
}
