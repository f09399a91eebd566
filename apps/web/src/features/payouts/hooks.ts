/**
 * Data of the payouts area: the destinations of a currency, the quote of the confirmation step, create, review,
 * cancel, one payout's details and the approval policy. Mutations invalidate the payout lists (and the balances
 * they move), which reload where open.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ListRecord, payoutsList } from '@mg/domain';
import { api } from '../../api';
import { queryKeys } from '../../components/list/keys';
import type { CallbackDelivery } from '../collections/hooks';

export const payoutKeys = queryKeys('payouts');
const balanceKeys = queryKeys('balances');
const balanceRecordKeys = queryKeys('balance-records');

export type PayoutRecord = ListRecord<typeof payoutsList>;

/** `GET /api/payouts/banks`: one destination of a currency. */
export interface PayoutDestinationView {
  bankCode: string;
  name: string;
  kind: 'bank' | 'ewallet';
  channel: number;
  fields: string[];
  accountLabel: string | null;
  minAmount: string;
  maxAmount: string;
}

export interface PayoutInput {
  merchantOrderId?: string;
  amount: string;
  currency: string;
  bankCode: string;
  accountName?: string;
  accountNumber?: string;
  accountType?: string;
  documentId?: string;
  bankAgency?: string;
  pixKeyType?: string;
  description?: string;
}

export interface PayoutQuote {
  currency: string;
  amount: string;
  fee: string;
  totalDebit: string;
  available: string;
  bankName: string;
}

export interface PayoutDetail {
  payout: PayoutRecord;
  timeline: { event: string; at: string; by: string | null; status: string | null }[];
  callbacks: CallbackDelivery[];
}

export interface ReviewResult {
  changed: PayoutRecord[];
  skipped: { id: string; message: string }[];
}

export interface PolicyView {
  merchantId: number;
  currencies: { currency: string; autoApproveMax: string | null; dailyAutoMax: string | null; updatedBy: string; updatedAt: string }[];
}

const PATH = '/payouts';

export function usePayoutBanks(currency: string) {
  return useQuery({
    queryKey: payoutKeys.other('banks', currency),
    queryFn: () => api.get<PayoutDestinationView[]>(`${PATH}/banks`, { currency }),
    staleTime: Infinity,
  });
}

export function usePayoutDetail(id: string | null) {
  return useQuery({
    queryKey: payoutKeys.detail(id ?? ''),
    queryFn: () => api.get<PayoutDetail>(`${PATH}/${encodeURIComponent(id ?? '')}`),
    enabled: id !== null,
  });
}

function useInvalidateMoney() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: payoutKeys.all }),
      queryClient.invalidateQueries({ queryKey: balanceKeys.all }),
      queryClient.invalidateQueries({ queryKey: balanceRecordKeys.all }),
    ]);
}

/** Checks the payout and quotes its fee; silent: the form shows field errors on the fields. */
export function usePayoutQuote() {
  return useMutation({ mutationFn: (input: PayoutInput) => api.post<PayoutQuote>(`${PATH}/quote`, input, { silent: true }) });
}

export function useCreatePayout() {
  const invalidate = useInvalidateMoney();
  return useMutation({ mutationFn: (input: PayoutInput) => api.post<PayoutRecord>(PATH, input, { silent: true }), onSuccess: invalidate });
}

export function useReviewPayouts() {
  const invalidate = useInvalidateMoney();
  return useMutation({
    mutationFn: (input: { action: 'approve' | 'reject'; ids: string[]; reason?: string; googleCode?: string }) => api.post<ReviewResult>(`${PATH}/review`, input, { silent: true }),
    onSuccess: invalidate,
  });
}

export function useCancelPayout() {
  const invalidate = useInvalidateMoney();
  return useMutation({ mutationFn: (id: string) => api.post<PayoutRecord>(`${PATH}/${encodeURIComponent(id)}/cancel`), onSuccess: invalidate });
}

export function usePayoutPolicy(enabled: boolean) {
  return useQuery({ queryKey: payoutKeys.other('policy'), queryFn: () => api.get<PolicyView>(`${PATH}/policy`), enabled });
}

export function useSavePayoutPolicy() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { currency: string; autoApproveMax: string | null; dailyAutoMax: string | null; googleCode?: string }) => api.put<PolicyView>(`${PATH}/policy`, input, { silent: true }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: payoutKeys.other('policy') }),
  });
}
