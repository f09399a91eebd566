/**
 * Data of the balance transfers area (docs/payments-api.md "Balance transfers"): who the merchant may send to, the
 * quote of the confirmation step, and the transfer. A transfer invalidates the transfer records, the balances and
 * the statement, which reload where open.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { balanceTransferCalls, type CallBody, type ListRecord, type balanceTransfersList } from '@mg/domain';
import { callApi } from '../../api';
import { queryKeys } from '../../components/list/keys';

export const transferKeys = queryKeys('balance-transfers');
const balanceKeys = queryKeys('balances');
const balanceRecordKeys = queryKeys('balance-records');

export type TransferRecord = ListRecord<typeof balanceTransfersList>;

/** What the transfer form sends: the declared quote body (domain balanceTransferCalls) and the creation's remark. */
export type TransferInput = CallBody<typeof balanceTransferCalls.quote> & Pick<CallBody<typeof balanceTransferCalls.create>, 'remark'>;

export function useTransferParties(enabled = true) {
  return useQuery({ queryKey: transferKeys.other('parties'), queryFn: () => callApi(balanceTransferCalls.parties), enabled });
}

export function useTransferQuote() {
  return useMutation({ mutationFn: (input: TransferInput) => callApi(balanceTransferCalls.quote, { body: input }) });
}

export function useCreateTransfer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CallBody<typeof balanceTransferCalls.create>) => callApi(balanceTransferCalls.create, { body: input }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: transferKeys.all }),
        queryClient.invalidateQueries({ queryKey: balanceKeys.all }),
        queryClient.invalidateQueries({ queryKey: balanceRecordKeys.all }),
      ]),
  });
}
