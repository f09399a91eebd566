/**
 * Data of the payment-links area: create a link and void one. Both invalidate the list, which reloads where open.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ListRecord, paymentLinksList } from '@mg/domain';
import { api } from '../../api';
import { queryKeys } from '../../components/list/keys';

export const paymentLinkKeys = queryKeys('payment-links');

export type PaymentLinkRecord = ListRecord<typeof paymentLinksList>;

export interface PaymentLinkInput {
  amount: string;
  description: string;
  expiryHours: number;
  paymentType?: number;
}

const PATH = '/payment-links';

/** Creates a link. Silent: the dialog shows the server's message on the fields or above them. */
export function useCreatePaymentLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: PaymentLinkInput) => api.post<PaymentLinkRecord>(PATH, input, { silent: true }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: paymentLinkKeys.lists() }),
  });
}

/** Voids an active link: it can no longer be paid. */
export function useVoidPaymentLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.post<PaymentLinkRecord>(`${PATH}/${encodeURIComponent(id)}/void`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: paymentLinkKeys.lists() }),
  });
}
