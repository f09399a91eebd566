/**
 * Data of the top-ups area (docs/payments-api.md "Top-ups"): a new top-up, answered with the cashier address where
 * it is paid. Creating one invalidates the top-up records, which reload where open.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ListRecord, topUpsList } from '@mg/domain';
import { api } from '../../api';
import { queryKeys } from '../../components/list/keys';

export const topUpKeys = queryKeys('top-ups');

export type TopUpRecord = ListRecord<typeof topUpsList>;

export interface TopUpInput {
  amount: string;
  currency: string;
  paymentType: number;
}

export function useCreateTopUp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TopUpInput & { googleCode?: string }) => api.post<TopUpRecord>('/top-ups', input, { silent: true }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: topUpKeys.all }),
  });
}
