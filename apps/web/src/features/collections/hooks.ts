/**
 * Data of the collections area: its query keys, the details of one collection, the callback resend and the refund
 * of a collection. Mutations invalidate what they change (the lists reload, the open details refresh).
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callbackCalls, collectionCalls, refundCalls, type CallAnswer, type CallBody, type CallbackDeliveryView, type ListRecord, type collectionsList, type refundsList } from '@mg/domain';
import { callApi } from '../../api';
import { queryKeys } from '../../components/list/keys';

export const collectionKeys = queryKeys('collections');
const refundKeys = queryKeys('refunds');
const balanceKeys = queryKeys('balances');
const balanceRecordKeys = queryKeys('balance-records');
const statisticsKeys = queryKeys('statistics');

export type CollectionRecord = ListRecord<typeof collectionsList>;
export type RefundRecord = ListRecord<typeof refundsList>;

/** A callback (webhook) delivery of an order with its attempts (domain callbacks/delivery.ts). */
export type CallbackDelivery = CallbackDeliveryView;

/** `GET /api/collections/{id}`: the record plus its refunds, callbacks and links (domain collectionCalls.detail). */
export type CollectionDetail = CallAnswer<typeof collectionCalls.detail>;

/** What the refund dialog sends (domain refundCalls.create). */
export type RefundInput = CallBody<typeof refundCalls.create>;

/** The details of a collection, shared by the drawer and the refund dialog. */
export function useCollectionDetail(id: string | null) {
  return useQuery({ queryKey: collectionKeys.detail(id ?? ''), queryFn: () => callApi(collectionCalls.detail, { params: { id: id as string } }), enabled: Boolean(id) });
}

/** Sends a callback again now; the details and the list (notify status) refresh. */
export function useResendCallback() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (deliveryId: number) => callApi(callbackCalls.resend, { params: { id: deliveryId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: collectionKeys.all }),
  });
}

/** Refunds (part of) a collection. Silent: the dialog shows the server's message on the fields or above them. */
export function useCreateRefund(collectionId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: RefundInput) => callApi(refundCalls.create, { params: { id: collectionId }, body: input }, { silent: true }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: collectionKeys.all }),
        queryClient.invalidateQueries({ queryKey: refundKeys.lists() }),
        queryClient.invalidateQueries({ queryKey: balanceKeys.all }),
        queryClient.invalidateQueries({ queryKey: balanceRecordKeys.lists() }),
        queryClient.invalidateQueries({ queryKey: statisticsKeys.all }),
      ]),
  });
}
