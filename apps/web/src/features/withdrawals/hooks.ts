/**
 * Data of the withdrawals area (docs/payments-api.md "Withdrawals"): the merchant's accounts, the limits and arrival
 * date of the form, the quote, the withdrawal, and provider staff's review, verification and limits. Mutations
 * invalidate the withdrawal lists and the balances they move.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { withdrawalCalls, type CallBody, type CallParams, type CallQuery, type ListRecord, type withdrawalsList } from '@mg/domain';
import { callApi } from '../../api';
import { queryKeys } from '../../components/list/keys';

export const withdrawalKeys = queryKeys('withdrawals');
const balanceKeys = queryKeys('balances');
const balanceRecordKeys = queryKeys('balance-records');

export type WithdrawalRecord = ListRecord<typeof withdrawalsList>;

/** What the withdrawal form sends (quote and create): the declared body (domain withdrawalCalls). */
export type WithdrawalInput = Omit<CallBody<typeof withdrawalCalls.quote>, 'googleCode'>;

/** A new account as the drawer's form sends it (domain withdrawalCalls.addAccount), the Google code apart. */
export type AccountInput = Omit<CallBody<typeof withdrawalCalls.addAccount>, 'googleCode'>;

function useInvalidate() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: withdrawalKeys.all }),
      queryClient.invalidateQueries({ queryKey: balanceKeys.all }),
      queryClient.invalidateQueries({ queryKey: balanceRecordKeys.all }),
    ]);
}

/** The merchant's accounts; provider staff: every merchant's (`status: 'pending'` is their verification queue). */
export function useWithdrawalAccounts(params: Omit<CallQuery<typeof withdrawalCalls.accounts>, 'merchantId'> = {}, enabled = true) {
  return useQuery({
    queryKey: withdrawalKeys.other('accounts', params.currency ?? '', params.status ?? ''),
    queryFn: () => callApi(withdrawalCalls.accounts, { query: params }),
    enabled,
  });
}

export function useWithdrawalLimits(currency: string) {
  return useQuery({ queryKey: withdrawalKeys.other('limits', currency), queryFn: () => callApi(withdrawalCalls.limits, { query: { currency } }) });
}

export function useWithdrawalQuote() {
  return useMutation({ mutationFn: (input: WithdrawalInput) => callApi(withdrawalCalls.quote, { body: input }) });
}

export function useCreateWithdrawal() {
  const invalidate = useInvalidate();
  return useMutation({ mutationFn: (input: CallBody<typeof withdrawalCalls.create>) => callApi(withdrawalCalls.create, { body: input }, { silent: true }), onSuccess: invalidate });
}

export function useReviewWithdrawal() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, action, reason, googleCode }: CallParams<typeof withdrawalCalls.review> & CallBody<typeof withdrawalCalls.review>) =>
      callApi(withdrawalCalls.review, { params: { id }, body: { action, reason, googleCode } }, { silent: true }),
    onSuccess: invalidate,
  });
}

export function useAddAccount() {
  const invalidate = useInvalidate();
  return useMutation({ mutationFn: (input: CallBody<typeof withdrawalCalls.addAccount>) => callApi(withdrawalCalls.addAccount, { body: input }), onSuccess: invalidate });
}

export function useDeleteAccount() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, googleCode }: CallParams<typeof withdrawalCalls.deleteAccount> & CallQuery<typeof withdrawalCalls.deleteAccount>) =>
      callApi(withdrawalCalls.deleteAccount, { params: { id }, query: googleCode ? { googleCode } : {} }),
    onSuccess: invalidate,
  });
}

export function useVerifyAccount() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, verify, googleCode }: CallParams<typeof withdrawalCalls.verifyAccount> & CallBody<typeof withdrawalCalls.verifyAccount>) =>
      callApi(withdrawalCalls.verifyAccount, { params: { id }, body: { verify, googleCode } }, { silent: true }),
    onSuccess: invalidate,
  });
}

export function useSetWithdrawalLimits() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ currency, minAmount, maxAmount }: CallParams<typeof withdrawalCalls.setLimits> & CallBody<typeof withdrawalCalls.setLimits>) =>
      callApi(withdrawalCalls.setLimits, { params: { currency }, body: { minAmount, maxAmount } }),
    onSuccess: invalidate,
  });
}

export function useAutoWithdrawal(currency: string) {
  return useQuery({ queryKey: withdrawalKeys.other('auto', currency), queryFn: () => callApi(withdrawalCalls.auto, { params: { currency } }) });
}

export function useSetAutoWithdrawal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ currency, ...body }: CallParams<typeof withdrawalCalls.setAuto> & CallBody<typeof withdrawalCalls.setAuto>) => callApi(withdrawalCalls.setAuto, { params: { currency }, body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: withdrawalKeys.all }),
  });
}

/** Provider staff's queues follow new withdrawals and accounts this often. */
const WAITING_REFRESH_MS = 30_000;

export function useWithdrawalsWaiting(enabled: boolean) {
  return useQuery({
    queryKey: withdrawalKeys.other('waiting'),
    queryFn: () => callApi(withdrawalCalls.waiting),
    enabled,
    refetchInterval: enabled ? WAITING_REFRESH_MS : false,
  });
}
