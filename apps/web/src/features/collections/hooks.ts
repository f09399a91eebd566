/**
 * Data of the collections area: its query keys, the details of one collection, the callback resend and the refund
 * of a collection. Mutations invalidate what they change (the lists reload, the open details refresh).
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CallbackOrderKindValue, ListRecord, NotifyStatusValue, RefundWayValue, collectionsList, refundsList } from '@mg/domain';
import { api } from '../../api';
import { queryKeys } from '../../components/list/keys';

export const collectionKeys = queryKeys('collections');
const refundKeys = queryKeys('refunds');
const balanceKeys = queryKeys('balances');
const balanceRecordKeys = queryKeys('balance-records');
const statisticsKeys = queryKeys('statistics');

export type CollectionRecord = ListRecord<typeof collectionsList>;
export type RefundRecord = ListRecord<typeof refundsList>;

/** One attempt of a callback delivery. */
export interface CallbackAttempt {
  attemptNo: number;
  trigger: 'auto' | 'manual';
  url: string;
  responseStatus: number | null;
  responseExcerpt: string | null;
  error: string | null;
  latencyMs: number;
  /** false: recorded before it was sent and no answer recorded since (in flight, or its sender stopped). */
  answered?: boolean;
  createdAt: string;
  requestHeaders: Record<string, unknown> | null;
  requestBody: string | null;
}

/** A callback (webhook) delivery of an order with its attempts. */
export interface CallbackDelivery {
  id: number | string;
  /** 'collection' | 'refund': the detail of a collection carries its refunds' deliveries too. */
  orderKind?: CallbackOrderKindValue;
  orderId?: string;
  eventId: string;
  eventType: string;
  url: string;
  status: NotifyStatusValue;
  attempts: number;
  nextAttemptAt: string | null;
  lastResponseStatus: number | null;
  createdAt: string;
  attemptsLog: CallbackAttempt[];
}

/** `GET /api/collections/{id}`: the record plus its refunds, callbacks and links. */
export interface CollectionDetail extends CollectionRecord {
  refunds: RefundRecord[];
  callbacks: CallbackDelivery[];
  cashierUrl: string | null;
  notifyUrl: string | null;
  returnUrl: string | null;
  /** amount - refunded; "0" unless success / partial. */
  refundable: string;
}

export interface RefundInput {
  amount: string;
  refundWay: RefundWayValue;
  reason: string;
  googleCode?: string;
}

const detailPath = (id: string) => `/collections/${encodeURIComponent(id)}`;

/** The details of a collection, shared by the drawer and the refund dialog. */
export function useCollectionDetail(id: string | null) {
  return useQuery({ queryKey: collectionKeys.detail(id ?? ''), queryFn: () => api.get<CollectionDetail>(detailPath(id as string)), enabled: Boolean(id) });
}

/** Sends a callback again now; the details and the list (notify status) refresh. */
export function useResendCallback() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (deliveryId: number | string) => api.post<CallbackDelivery>(`/callbacks/${encodeURIComponent(String(deliveryId))}/resend`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: collectionKeys.all }),
  });
}

/** Refunds (part of) a collection. Silent: the dialog shows the server's message on the fields or above them. */
export function useCreateRefund(collectionId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: RefundInput) => api.post<RefundRecord>(`${detailPath(collectionId)}/refunds`, input, { silent: true }),
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
