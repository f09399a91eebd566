/**
 * Data of the staff review of onboarding applications (docs/onboarding-api.md "Staff"): one application with its
 * internal notes, and the review's calls. Every call answers the application as it now is (shown at once) and
 * reloads the queue; a refusal shows the server's message (in the dialog that sent it, else as a notice).
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { onboardingCalls, type CallBody } from '@mg/domain';
import { callApi } from '../../../api';
import { queryKeys } from '../../../components/list/keys';

/** The area's keys: the queue (ListPage of `onboarding`) reads under `lists()`, an application under `detail(id)`. */
export const onboardingKeys = queryKeys('onboarding');

export function useApplication(merchantId: number | null) {
  return useQuery({
    queryKey: onboardingKeys.detail(merchantId ?? 0),
    queryFn: () => callApi(onboardingCalls.staffView, { params: { merchantId: merchantId ?? 0 } }),
    enabled: merchantId !== null,
  });
}

/** The review calls of one application (domain onboardingCalls), each a POST under `/onboarding/applications/:merchantId`. */
const REVIEW_CALLS = {
  review: onboardingCalls.review,
  decisions: onboardingCalls.decide,
  requests: onboardingCalls.requestInfo,
  'accept-unchanged': onboardingCalls.acceptUnchanged,
  'request-changes': onboardingCalls.requestChanges,
  comments: onboardingCalls.staffComment,
  approve: onboardingCalls.approve,
  reject: onboardingCalls.reject,
} as const;

type ReviewCallKey = keyof typeof REVIEW_CALLS;

/**
 * What each review call sends: its declared body (`decisions`: a section, or one document of it by its dotted path
 * `field`; a reason to refuse. `requests`: `field` '' for the whole section, `dueDate` a day of the session zone);
 * nothing for those that take no body.
 */
export type ReviewCalls = { [K in ReviewCallKey]: [CallBody<(typeof REVIEW_CALLS)[K]>] extends [never] ? Record<string, never> : CallBody<(typeof REVIEW_CALLS)[K]> };
export type DecisionInput = ReviewCalls['decisions'];
export type InfoRequestInput = ReviewCalls['requests'];

/**
 * One review call of the application. Each answers the application as it now is, which replaces the one shown; the
 * queue is read again. `silent` when a dialog shows the refusal itself (otherwise the API client's notice shows
 * the server's message).
 */
export function useReviewCall<K extends ReviewCallKey>(merchantId: number, call: K, silent = false) {
  const queryClient = useQueryClient();
  return useMutation({
    // Every review call takes the merchant and answers the view; each body is its own call's (ReviewCalls), sent as
    // the screens give it (`{}` for those without one, as before): one cast of the declaration for all of them.
    mutationFn: (body: ReviewCalls[K]) => callApi(REVIEW_CALLS[call] as typeof onboardingCalls.decide, { params: { merchantId }, body: body as DecisionInput }, { silent }),
    onSuccess: (answer) => {
      if (answer && answer.merchantId === merchantId) {
        queryClient.setQueryData(onboardingKeys.detail(merchantId), answer);
        return queryClient.invalidateQueries({ queryKey: onboardingKeys.lists() });
      }
      return queryClient.invalidateQueries({ queryKey: onboardingKeys.all });
    },
  });
}
