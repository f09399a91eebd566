/**
 * Data of the withdrawals area (docs/payments-api.md "Withdrawals"): the merchant's accounts, the limits and arrival
 * date of the form, the quote, the withdrawal, and provider staff's review, verification and limits. Mutations
 * invalidate the withdrawal lists and the balances they move.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { withdrawalCalls, type CallAnswer, type CallBody, type ListRecord, type WithdrawalAccountView, type WithdrawalAutoView, type WithdrawalLimitsView, type withdrawalsList } from '@mg/domain';
import { api } from '../../api';
import { queryKeys } from '../../components/list/keys';

export const withdrawalKeys = queryKeys('withdrawals');
const balanceKeys = queryKeys('balances');
const balanceRecordKeys = queryKeys('balance-records');

export type WithdrawalRecord = ListRecord<typeof withdrawalsList>;

/** What the withdrawal form sends (quote and create): the declared body (domain withdrawalCalls). */
export type WithdrawalInput = Omit<CallBody<typeof withdrawalCalls.quote>, 'googleCode'>;

export interface AccountInput {
  currency: string;
  bankCode: string;
  accountName?: string;
  accountNumber?: string;
  accountType?: string;
  documentId?: string;
  bankAgency?: string;
}

const PATH = '/withdrawals';

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
export function useWithdrawalAccounts(params: { currency?: string; status?: string } = {}, enabled = true) {
  return useQuery({
    queryKey: withdrawalKeys.other('accounts', params.currency ?? '', params.status ?? ''),
    queryFn: () => api.get<WithdrawalAccountView[]>(`${PATH}/accounts`, params),
    enabled,
  });
}

export function useWithdrawalLimits(currency: string) {
  return useQuery({ queryKey: withdrawalKeys.other('limits', currency), queryFn: () => api.get<WithdrawalLimitsView>(`${PATH}/limits`, { currency }) });
}

export function useWithdrawalQuote() {
  return useMutation({ mutationFn: (input: WithdrawalInput) => api.post<CallAnswer<typeof withdrawalCalls.quote>>(withdrawalCalls.quote.path, input) });
}

export function useCreateWithdrawal() {
  const invalidate = useInvalidate();
  return useMutation({ mutationFn: (input: WithdrawalInput & { googleCode?: string }) => api.post<WithdrawalRecord>(PATH, input, { silent: true }), onSuccess: invalidate });
}

export function useReviewWithdrawal() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, action, reason, googleCode }: { id: string; action: 'approve' | 'reject'; reason?: string; googleCode?: string }) =>
      api.post<WithdrawalRecord>(`${PATH}/${encodeURIComponent(id)}/review`, { action, reason, googleCode }, { silent: true }),
    onSuccess: invalidate,
  });
}

export function useAddAccount() {
  const invalidate = useInvalidate();
  return useMutation({ mutationFn: (input: AccountInput & { googleCode?: string }) => api.post<WithdrawalAccountView>(`${PATH}/accounts`, input), onSuccess: invalidate });
}

export function useDeleteAccount() {
  const invalidate = useInvalidate();
  return useMutation({ mutationFn: ({ id, googleCode }: { id: number; googleCode?: string }) => api.delete<null>(`${PATH}/accounts/${id}`, googleCode ? { googleCode } : {}), onSuccess: invalidate });
}

export function useVerifyAccount() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, verify, googleCode }: { id: number; verify: boolean; googleCode?: string }) => api.post<WithdrawalAccountView>(`${PATH}/accounts/${id}/verify`, { verify, googleCode }, { silent: true }),
    onSuccess: invalidate,
  });
}

export function useSetWithdrawalLimits() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ currency, minAmount, maxAmount }: { currency: string; minAmount: string; maxAmount: string }) => api.put<null>(`${PATH}/limits/${encodeURIComponent(currency)}`, { minAmount, maxAmount }),
    onSuccess: invalidate,
  });
}

export function useAutoWithdrawal(currency: string) {
  return useQuery({ queryKey: withdrawalKeys.other('auto', currency), queryFn: () => api.get<WithdrawalAutoView>(`${PATH}/auto/${encodeURIComponent(currency)}`) });
}

export function useSetAutoWithdrawal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ currency, ...body }: { currency: string; enabled: boolean; accountId: number; floor: string; hour: number; googleCode?: string }) =>
      api.put<WithdrawalAutoView>(`${PATH}/auto/${encodeURIComponent(currency)}`, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: withdrawalKeys.all }),
  });
}

/** Provider staff's queues follow new withdrawals and accounts this often. */
const WAITING_REFRESH_MS = 30_000;

export function useWithdrawalsWaiting(enabled: boolean) {
  return useQuery({
    queryKey: withdrawalKeys.other('waiting'),
    queryFn: () => api.get<{ withdrawals: number; accounts: number }>(`${PATH}/review/waiting`),
    enabled,
    refetchInterval: enabled ? WAITING_REFRESH_MS : false,
  });
}
