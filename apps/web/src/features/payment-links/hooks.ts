/**
 * Data of the payment-links area: create a link and void one. Both invalidate the list, which reloads where open.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { paymentLinkCalls, type CallBody, type ListRecord, type paymentLinksList } from '@mg/domain';
import { callApi } from '../../api';
import { queryKeys } from '../../components/list/keys';

export const paymentLinkKeys = queryKeys('payment-links');

export type PaymentLinkRecord = ListRecord<typeof paymentLinksList>;

/** What the new-link dialog sends (domain paymentLinkCalls.create). */
export type PaymentLinkInput = CallBody<typeof paymentLinkCalls.create>;

/** Creates a link. Silent: the dialog shows the server's message on the fields or above them. */
export function useCreatePaymentLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: PaymentLinkInput) => callApi(paymentLinkCalls.create, { body: input }, { silent: true }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: paymentLinkKeys.lists() }),
  });
}

/** Voids an active link: it can no longer be paid. */
export function useVoidPaymentLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => callApi(paymentLinkCalls.void, { params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: paymentLinkKeys.lists() }),
  });
}
