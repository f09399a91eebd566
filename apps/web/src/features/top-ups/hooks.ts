/**
 * Data of the top-ups area (docs/payments-api.md "Top-ups"): a new top-up, answered with the cashier address where
 * it is paid. Creating one invalidates the top-up records, which reload where open.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { topUpCalls, type CallBody, type ListRecord, type topUpsList } from '@mg/domain';
import { callApi } from '../../api';
import { queryKeys } from '../../components/list/keys';

export const topUpKeys = queryKeys('top-ups');

export type TopUpRecord = ListRecord<typeof topUpsList>;

/** What the top-up form sends (domain topUpCalls.create). */
export type TopUpInput = CallBody<typeof topUpCalls.create>;

export function useCreateTopUp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TopUpInput) => callApi(topUpCalls.create, { body: input }, { silent: true }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: topUpKeys.all }),
  });
}
