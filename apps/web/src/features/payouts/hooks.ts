/**
 * Data of the payouts area: the destinations of a currency, the quote of the confirmation step, create, review,
 * cancel, one payout's details and the approval policy. Mutations invalidate the payout lists (and the balances
 * they move), which reload where open.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callPath, payoutCalls, type CallAnswer, type CallBody, type CallParams, type ListRecord, type payoutsList } from '@mg/domain';
import { callApi, download, request } from '../../api';
import { queryKeys } from '../../components/list/keys';

export const payoutKeys = queryKeys('payouts');
const balanceKeys = queryKeys('balances');
const balanceRecordKeys = queryKeys('balance-records');

export type PayoutRecord = ListRecord<typeof payoutsList>;

/** What the payout form sends (quote and create): the declared body (domain payoutCalls). */
export type PayoutInput = Omit<CallBody<typeof payoutCalls.quote>, 'googleCode'>;

/** The quote of the confirmation step, as declared. */
export type PayoutQuote = CallAnswer<typeof payoutCalls.quote>;

/** One payout with its status history and callback deliveries (CallbackDeliveryView). */
export type PayoutDetail = CallAnswer<typeof payoutCalls.detail>;

export type ReviewResult = CallAnswer<typeof payoutCalls.review>;

export type PolicyView = CallAnswer<typeof payoutCalls.policy>;

const PATH = '/payouts';
/** An open batch list refreshes this often: batches move on in the background (review, sending, the channel). */
const BATCH_REFRESH_MS = 5_000;
/** A reviewer's count of what waits for them follows others' new payouts this often. */
const WAITING_REFRESH_MS = 30_000;

export function usePayoutDetail(id: string | null) {
  return useQuery({
    queryKey: payoutKeys.detail(id ?? ''),
    queryFn: () => callApi(payoutCalls.detail, { params: { id: id ?? '' } }),
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
  return useMutation({ mutationFn: (input: PayoutInput) => callApi(payoutCalls.quote, { body: input }, { silent: true }) });
}

export function useCreatePayout() {
  const invalidate = useInvalidateMoney();
  return useMutation({ mutationFn: (input: CallBody<typeof payoutCalls.create>) => callApi(payoutCalls.create, { body: input }, { silent: true }), onSuccess: invalidate });
}

export function useReviewPayouts() {
  const invalidate = useInvalidateMoney();
  return useMutation({
    mutationFn: (input: CallBody<typeof payoutCalls.review>) => callApi(payoutCalls.review, { body: input }, { silent: true }),
    onSuccess: invalidate,
  });
}

export function useCancelPayout() {
  const invalidate = useInvalidateMoney();
  return useMutation({ mutationFn: (id: string) => callApi(payoutCalls.cancel, { params: { id } }), onSuccess: invalidate });
}

/** Single payouts and batches pending review made by someone else, in the session currency; a batch counts once; `total`: the length of the queue. */
export type ReviewWaiting = CallAnswer<typeof payoutCalls.reviewWaiting>;

export function useReviewWaiting(enabled: boolean) {
  return useQuery({ queryKey: payoutKeys.other('review-waiting'), queryFn: () => callApi(payoutCalls.reviewWaiting), enabled, refetchInterval: enabled ? WAITING_REFRESH_MS : false });
}

export type ReviewQueuePage = CallAnswer<typeof payoutCalls.reviewQueue>;

/** One decision of the reviewer's queue: a single payout, or a batch as one (`name`: the payee's, or the file's). */
export type ReviewQueueItem = ReviewQueuePage['items'][number];

/** The queue the waiting count counts, a page at a time; reloaded with the payout lists (a review invalidates them). */
export function useReviewQueue(enabled: boolean, page: number, pageSize: number) {
  return useQuery({ queryKey: payoutKeys.other('review-queue', page, pageSize), queryFn: () => callApi(payoutCalls.reviewQueue, { query: { page, pageSize } }), enabled });
}

export function usePayoutPolicy(enabled: boolean) {
  return useQuery({ queryKey: payoutKeys.other('policy'), queryFn: () => callApi(payoutCalls.policy), enabled });
}

export function useSavePayoutPolicy() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CallBody<typeof payoutCalls.savePolicy>) => callApi(payoutCalls.savePolicy, { body: input }, { silent: true }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: payoutKeys.other('policy') }),
  });
}

/* Batches --------------------------------------------------------------------------------------------------- */

/** What the check of an uploaded file answers (domain payoutCalls.batchCheck). */
export type BatchCheck = CallAnswer<typeof payoutCalls.batchCheck>;
export type CheckedRow = BatchCheck['rows'][number];
/** A problem of a row as the check answers it; `text`: a message the server already wrote in the user's language (a refused submit), shown as it is. */
export type BatchIssue = CheckedRow['issues'][number] & { text?: string };

/** A batch as the batch list, the submit and the review answer it. */
export type BatchView = CallAnswer<typeof payoutCalls.batches>[number];

/** Sends a file's bytes to be checked; silent: the wizard shows the refusal. */
export function useCheckBatch() {
  return useMutation({
    mutationFn: ({ file, currency }: { file: File; currency: string }) =>
      // The body is the file itself, which callApi (JSON bodies) does not send: the declaration's method, path and answer.
      request<BatchCheck>(payoutCalls.batchCheck.method, callPath(payoutCalls.batchCheck), { data: file, params: { currency, fileName: file.name }, headers: { 'Content-Type': 'application/octet-stream' }, silent: true }),
  });
}

/** The figures of a batch confirmation, from the server (its fee rules; never computed here). */
export type BatchQuote = CallAnswer<typeof payoutCalls.batchQuote>;

/** Quotes the rows about to be submitted; silent: refused rows come back on their cells. */
export function useQuoteBatch() {
  return useMutation({ mutationFn: (input: CallBody<typeof payoutCalls.batchQuote>) => callApi(payoutCalls.batchQuote, { body: input }, { silent: true }) });
}

export function useSubmitBatch() {
  const invalidate = useInvalidateMoney();
  return useMutation({
    mutationFn: (input: CallBody<typeof payoutCalls.batchSubmit>) => callApi(payoutCalls.batchSubmit, { body: input }, { silent: true }),
    onSuccess: invalidate,
  });
}

/** A batch's review quote (what its payouts still waiting pay and cost, and the hold that pays them). */
export function useQuoteBatchReview() {
  return useMutation({ mutationFn: (id: string) => callApi(payoutCalls.batchReviewQuote, { params: { id } }, { silent: true }) });
}

export function useBatches(enabled: boolean) {
  return useQuery({ queryKey: payoutKeys.other('batches'), queryFn: () => callApi(payoutCalls.batches), enabled, refetchInterval: enabled ? BATCH_REFRESH_MS : false });
}

export function useReviewBatch() {
  const invalidate = useInvalidateMoney();
  return useMutation({
    mutationFn: ({ id, ...body }: CallParams<typeof payoutCalls.batchReview> & CallBody<typeof payoutCalls.batchReview>) => callApi(payoutCalls.batchReview, { params: { id }, body }, { silent: true }),
    onSuccess: invalidate,
  });
}

export const downloadTemplate = (currency: string, format: 'xlsx' | 'csv') => download(`${PATH}/batches/template`, { currency, format }, `payouts-${currency}.${format}`);
export const downloadBatchResult = (id: string) => download(`${PATH}/batches/${encodeURIComponent(id)}/result`, {}, `payout-batch-${id}.xlsx`);
