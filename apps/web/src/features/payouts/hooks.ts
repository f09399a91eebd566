/**
 * Data of the payouts area: the destinations of a currency, the quote of the confirmation step, create, review,
 * cancel, one payout's details and the approval policy. Mutations invalidate the payout lists (and the balances
 * they move), which reload where open.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { payoutCalls, type BatchColumn, type BatchIssueColumn, type BatchRowValues, type CallAnswer, type CallBody, type ListRecord, type payoutsList } from '@mg/domain';
import { api, download, request } from '../../api';
import { queryKeys } from '../../components/list/keys';
import type { CallbackDelivery } from '../collections/hooks';

export const payoutKeys = queryKeys('payouts');
const balanceKeys = queryKeys('balances');
const balanceRecordKeys = queryKeys('balance-records');

export type PayoutRecord = ListRecord<typeof payoutsList>;

/** What the payout form sends (quote and create): the declared body (domain payoutCalls). */
export type PayoutInput = Omit<CallBody<typeof payoutCalls.quote>, 'googleCode'>;

/** The quote of the confirmation step, as declared. */
export type PayoutQuote = CallAnswer<typeof payoutCalls.quote>;

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
  return useMutation({ mutationFn: (input: PayoutInput) => api.post<PayoutQuote>(payoutCalls.quote.path, input, { silent: true }) });
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

/** Single payouts and batches pending review made by someone else, in the session currency; a batch counts once. */
export interface ReviewWaiting {
  payouts: number;
  batches: number;
  /** The length of the queue: one decision per payout or batch. */
  total: number;
}

export function useReviewWaiting(enabled: boolean) {
  return useQuery({ queryKey: payoutKeys.other('review-waiting'), queryFn: () => api.get<ReviewWaiting>(`${PATH}/review/waiting`), enabled, refetchInterval: enabled ? WAITING_REFRESH_MS : false });
}

/** One decision of the reviewer's queue: a single payout, or a batch as one. */
export interface ReviewQueueItem {
  kind: 'payout' | 'batch';
  id: string;
  merchantId: number;
  currency: string;
  count: number;
  amount: string;
  fee: string;
  totalDebit: string;
  /** The payee's name, or the batch's file name. */
  name: string;
  bankCode: string | null;
  accountNumber: string | null;
  createdBy: string;
  createdAt: string;
}

export interface ReviewQueuePage {
  total: number;
  page: number;
  pageSize: number;
  items: ReviewQueueItem[];
}

/** The queue the waiting count counts, a page at a time; reloaded with the payout lists (a review invalidates them). */
export function useReviewQueue(enabled: boolean, page: number, pageSize: number) {
  return useQuery({ queryKey: payoutKeys.other('review-queue', page, pageSize), queryFn: () => api.get<ReviewQueuePage>(`${PATH}/review/queue`, { page, pageSize }), enabled });
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
  /** A column, or `row` for the row as a whole (a value outside the template's columns). */
  column: BatchIssueColumn;
  key: string;
  params?: Record<string, string | number>;
  /** A message the server already wrote in the user's language (a refused submit), shown as it is. */
  text?: string;
}

export interface CheckedRow {
  row: number;
  values: BatchRowValues;
  formulas: BatchColumn[];
  /** Spreadsheet columns holding a value under no header: a problem of the row. */
  outside: string[];
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

/** The figures of a batch confirmation, from the server (its fee rules; never computed here). */
export interface BatchQuote {
  currency: string;
  count: number;
  payees: number;
  payee: { bankCode: string; bankName: string; accountNumber: string; accountName: string } | null;
  amount: string;
  fee: string;
  totalDebit: string;
  available: string;
  /** Already held for it (a submitted batch); 0 before the submit. */
  held: string;
  sufficient: boolean;
}

type RowInput = { row: number; values: BatchRowValues };

/** Quotes the rows about to be submitted; silent: refused rows come back on their cells. */
export function useQuoteBatch() {
  return useMutation({ mutationFn: (input: { currency: string; rows: RowInput[] }) => api.post<BatchQuote>(`${PATH}/batches/quote`, input, { silent: true }) });
}

export function useSubmitBatch() {
  const invalidate = useInvalidateMoney();
  return useMutation({
    mutationFn: (input: { currency: string; fileName: string; uploadedCount: number; uploadedTotal: string; rows: RowInput[]; excluded: RowInput[]; googleCode?: string }) =>
      api.post<BatchView>(`${PATH}/batches`, input, { silent: true }),
    onSuccess: invalidate,
  });
}

/** A batch's review quote (what its payouts still waiting pay and cost, and the hold that pays them). */
export function useQuoteBatchReview() {
  return useMutation({ mutationFn: (id: string) => api.get<BatchQuote>(`${PATH}/batches/${encodeURIComponent(id)}/quote`, undefined, { silent: true }) });
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
