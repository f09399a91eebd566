/**
 * Data of the payer's cashier page: the order behind a cashier token and the payer's actions. An action's answer
 * replaces the cached order at once (the page shows the new state without asking again).
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CRYPTO_SANDBOX_BLOCK_MS } from '@mg/domain';
import { queryKeys } from '../../components/list/keys';
import { cashierApi, type CashierPayBody, type CashierView } from './api';

export const cashierKeys = queryKeys('cashier');

export function useCashierView(token: string) {
  return useQuery({
    queryKey: cashierKeys.detail(token),
    queryFn: () => cashierApi.view(token),
    retry: false,
    // A crypto deposit gains a confirmation every block: ask again until they are all in.
    refetchInterval: (q) => (q.state.data?.deposit && !q.state.data.deposit.confirmed ? CRYPTO_SANDBOX_BLOCK_MS : false),
  });
}

/** Stores what the server answered as the page's order. */
export function useSetCashierView(token: string) {
  const queryClient = useQueryClient();
  return (next: CashierView) => queryClient.setQueryData(cashierKeys.detail(token), next);
}

export function usePayAtCashier(token: string) {
  const setView = useSetCashierView(token);
  return useMutation({ mutationFn: (body: CashierPayBody) => cashierApi.pay(token, body), onSuccess: setView });
}

export function useCancelAtCashier(token: string) {
  const setView = useSetCashierView(token);
  return useMutation({ mutationFn: () => cashierApi.cancel(token), onSuccess: setView });
}
