/**
 * Data of the payouts area: the destinations of a currency, the quote of the confirmation step, create, review,
 * cancel, one payout's details and the approval policy. Mutations invalidate the payout lists (and the balances
 * they move), which reload where open.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BatchColumn, BatchRowValues, ListRecord, payoutsList } from '@mg/domain';
import { api, download, request } from '../../api';
import { queryKeys } from '../../components/list/keys';
import type { CallbackDelivery } from '../collections/hooks';

export const payoutKeys = queryKeys('payouts');
const balanceKeys = queryKeys('balances');
const balanceRecordKeys = queryKeys('balance-records');

export type PayoutRecord = ListRecord<typeof payoutsList>;

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
  /** As it will be paid (a crypto address: its label in the address book). */
  accountName: string;
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
/** An open batch list refreshes this often: batches move on in the background (review, sending, the channel). */
const BATCH_REFRESH_MS = 5_000;
/** A reviewer's count of what waits for them follows others' new payouts this often. */
const WAITING_REFRESH_MS = 30_000;

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
  return useMutation({ mutationFn: (input: PayoutInput & { googleCode?: string }) => api.post<PayoutRecord>(PATH, input, { silent: true }), onSuccess: invalidate });
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

/** Single payouts and batches pending review made by someone else, in the session currency. */
export interface ReviewWaiting {
  payouts: number;
  batches: number;
}

export function useReviewWaiting(enabled: boolean) {
  return useQuery({ queryKey: payoutKeys.other('review-waiting'), queryFn: () => api.get<ReviewWaiting>(`${PATH}/review/waiting`), enabled, refetchInterval: enabled ? WAITING_REFRESH_MS : false });
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

/* Batches --------------------------------------------------------------------------------------------------- */

export interface BatchIssue {
  column: BatchColumn;
  key: string;
  params?: Record<string, string | number>;
  /** A message the server already wrote in the user's language (a refused submit), shown as it is. */
  text?: string;
}

export interface CheckedRow {
  row: number;
  values: BatchRowValues;
  formulas: BatchColumn[];
  issues: BatchIssue[];
}

export interface BatchCheck {
  currency: string;
  fileName: string;
  columns: BatchColumn[];
  uploadedCount: number;
  uploadedTotal: string;
  rows: CheckedRow[];
}

export interface BatchView {
  id: string;
  merchantId: number;
  currency: string;
  status: string;
  fileName: string;
  uploadedCount: number;
  uploadedTotal: string;
  rowCount: number;
  totalAmount: string;
  totalFee: string;
  totalDebit: string;
  createdBy: string;
  reviewedBy: string | null;
  createdAt: string;
  completedAt: string | null;
}

/** Sends a file's bytes to be checked; silent: the wizard shows the refusal. */
export function useCheckBatch() {
  return useMutation({
    mutationFn: ({ file, currency }: { file: File; currency: string }) =>
      request<BatchCheck>('POST', `${PATH}/batches/check`, { data: file, params: { currency, fileName: file.name }, headers: { 'Content-Type': 'application/octet-stream' }, silent: true }),
  });
}

export function useSubmitBatch() {
  const invalidate = useInvalidateMoney();
  return useMutation({
    mutationFn: (input: { currency: string; fileName: string; uploadedCount: number; uploadedTotal: string; rows: { row: number; values: BatchRowValues }[]; googleCode?: string }) =>
      api.post<BatchView>(`${PATH}/batches`, input, { silent: true }),
    onSuccess: invalidate,
  });
}

export function useBatches(enabled: boolean) {
  return useQuery({ queryKey: payoutKeys.other('batches'), queryFn: () => api.get<BatchView[]>(`${PATH}/batches`), enabled, refetchInterval: enabled ? BATCH_REFRESH_MS : false });
}

export function useReviewBatch() {
  const invalidate = useInvalidateMoney();
  return useMutation({
    mutationFn: (input: { id: string; action: 'approve' | 'reject'; reason?: string; googleCode?: string }) =>
      api.post<BatchView>(`${PATH}/batches/${encodeURIComponent(input.id)}/review`, { action: input.action, reason: input.reason, googleCode: input.googleCode }, { silent: true }),
    onSuccess: invalidate,
  });
}

export const downloadTemplate = (currency: string, format: 'xlsx' | 'csv') => download(`${PATH}/batches/template`, { currency, format }, `payouts-${currency}.${format}`);
export const downloadBatchResult = (id: string) => download(`${PATH}/batches/${encodeURIComponent(id)}/result`, {}, `payout-batch-${id}.xlsx`);
