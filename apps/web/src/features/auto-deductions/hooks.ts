/**
 * Data of the auto-deductions area (docs/payments-api.md "Auto-deductions"): a new mandate, its charges, and the
 * merchant's actions on it. Every change invalidates the mandates list, which reloads where open.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { autoDeductionCalls, type CallAnswer, type CallBody, type CallParams, type ListRecord, type autoDeductionsList } from '@mg/domain';
import { callApi } from '../../api';
import { queryKeys } from '../../components/list/keys';

export const mandateKeys = queryKeys('auto-deductions');
export type MandateRecord = ListRecord<typeof autoDeductionsList>;
export type MandateAction = 'pause' | 'resume' | 'stop' | 'charge';

/** What the new-mandate form sends (domain autoDeductionCalls.create). */
export type MandateInput = CallBody<typeof autoDeductionCalls.create>;

/** One charge of a mandate (domain autoDeductionCalls.charges). */
export type MandateCharge = CallAnswer<typeof autoDeductionCalls.charges>[number];

/** An action on a mandate: "charge now" names the charge it takes (`charge`: the next one as the screen shows it), so a repeat takes none. */
export type MandateActionInput = CallParams<typeof autoDeductionCalls.pause> &
  ({ action: Exclude<MandateAction, 'charge'> } | ({ action: 'charge' } & CallBody<typeof autoDeductionCalls.charge>));

export function useCreateMandate() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: (input: MandateInput) => callApi(autoDeductionCalls.create, { body: input }), onSuccess: () => queryClient.invalidateQueries({ queryKey: mandateKeys.all }) });
}

export function useMandateAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: MandateActionInput) =>
      input.action === 'charge'
        ? callApi(autoDeductionCalls.charge, { params: { id: input.id }, body: { charge: input.charge, googleCode: input.googleCode } }, { silent: true })
        : callApi(autoDeductionCalls[input.action], { params: { id: input.id } }, { silent: false }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: mandateKeys.all }),
  });
}

export function useMandateCharges(id: string | null) {
  return useQuery({ queryKey: mandateKeys.detail(id ?? ''), queryFn: () => callApi(autoDeductionCalls.charges, { params: { id: id ?? '' } }), enabled: id !== null });
}
