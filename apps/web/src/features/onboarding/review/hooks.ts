/**
 * Data of the staff review of onboarding applications (docs/onboarding-api.md "Staff"): one application with its
 * internal notes, and the review's calls. Every call answers the application as it now is (shown at once) and
 * reloads the queue; a refusal shows the server's message (in the dialog that sent it, else as a notice).
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ApplicationView, OnboardingSectionValue, SectionDecisionValue } from '@mg/domain';
import { api } from '../../../api';
import { queryKeys } from '../../../components/list/keys';

/** The area's keys: the queue (ListPage of `onboarding`) reads under `lists()`, an application under `detail(id)`. */
export const onboardingKeys = queryKeys('onboarding');

const PATH = '/onboarding/applications';

export function useApplication(merchantId: number | null) {
  return useQuery({
    queryKey: onboardingKeys.detail(merchantId ?? 0),
    queryFn: () => api.get<ApplicationView>(`${PATH}/${merchantId}`),
    enabled: merchantId !== null,
  });
}

export interface DecisionInput {
  section: OnboardingSectionValue;
  /**
   * One document of the section by its dotted path (`documents.bankStatement`, `directors.<key>.idDocuments`): the
   * decision is about that document, kept under domain `decisionKey(section, field)`. Absent: the whole section.
   */
  field?: string;
  decision: SectionDecisionValue;
  /** Required to refuse a section or a document. */
  reason?: string;
}

export interface InfoRequestInput {
  section: OnboardingSectionValue;
  /** Dotted path inside the section; '' for the whole section. */
  field: string;
  message: string;
  /** `YYYY-MM-DD`, a day of the session zone. */
  dueDate: string;
}

/** The review calls of one application, each a POST under `/onboarding/applications/:merchantId`. */
export interface ReviewCalls {
  review: Record<string, never>;
  decisions: DecisionInput;
  requests: InfoRequestInput;
  /** The sections the reviewer was shown (the view's `round.acceptable`); the server accepts those still unchanged. */
  'accept-unchanged': { sections: OnboardingSectionValue[] };
  'request-changes': { message: string };
  comments: { message: string; internal: boolean };
  approve: Record<string, never>;
  reject: { reason: string };
}

/**
 * One review call of the application. Each answers the application as it now is, which replaces the one shown; the
 * queue is read again. `silent` when a dialog shows the refusal itself (otherwise the API client's notice shows
 * the server's message).
 */
export function useReviewCall<K extends keyof ReviewCalls>(merchantId: number, call: K, silent = false) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ReviewCalls[K]) => api.post<ApplicationView | null>(`${PATH}/${merchantId}/${call}`, body, { silent }),
    onSuccess: (answer) => {
      if (answer && answer.merchantId === merchantId) {
        queryClient.setQueryData(onboardingKeys.detail(merchantId), answer);
        return queryClient.invalidateQueries({ queryKey: onboardingKeys.lists() });
      }
      return queryClient.invalidateQueries({ queryKey: onboardingKeys.all });
    },
  });
}
