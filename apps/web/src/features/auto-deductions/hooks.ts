/**
 * Data of the auto-deductions area (docs/payments-api.md "Auto-deductions"): a new mandate, its charges, and the
 * merchant's actions on it. Every change invalidates the mandates list, which reloads where open.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ListRecord, autoDeductionsList } from '@mg/domain';
import { api } from '../../api';
import { queryKeys } from '../../components/list/keys';

export const mandateKeys = queryKeys('auto-deductions');
export type MandateRecord = ListRecord<typeof autoDeductionsList>;
export type MandateAction = 'pause' | 'resume' | 'stop' | 'charge';

export interface MandateInput {
  amount: string;
  currency: string;
  paymentType: number;
  intervalPeriod: number;
  intervalUnit: string;
  repetitions?: number | null;
  payerEmail: string;
  payerName?: string;
  merchantMandateId?: string;
}

export interface MandateCharge {
  seq: number;
  collectionId: string;
  status: string;
  failureReason: string | null;
  createdAt: string;
}

const PATH = '/auto-deductions';

export function useCreateMandate() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: (input: MandateInput) => api.post<MandateRecord>(PATH, input), onSuccess: () => queryClient.invalidateQueries({ queryKey: mandateKeys.all }) });
}

export function useMandateAction() {
  const queryClient = useQueryClient();
  return useMutation({
    // "Charge now" names the charge it takes (`charge`: the next one as the screen shows it), so a repeat takes none.
    mutationFn: ({ id, action, charge, googleCode }: { id: string; action: MandateAction; charge?: number; googleCode?: string }) =>
      api.post<MandateRecord>(`${PATH}/${encodeURIComponent(id)}/${action}`, action === 'charge' ? { charge, googleCode } : undefined, { silent: action === 'charge' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: mandateKeys.all }),
  });
}

export function useMandateCharges(id: string | null) {
  return useQuery({ queryKey: mandateKeys.detail(id ?? ''), queryFn: () => api.get<MandateCharge[]>(`${PATH}/${encodeURIComponent(id ?? '')}/charges`), enabled: id !== null });
}
