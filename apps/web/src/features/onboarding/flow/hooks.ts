/**
 * Data of the applicant's onboarding flow (docs/onboarding-api.md "The applicant"): the application view, the
 * autosave of one section (with the version it was read at), video identification, replies to staff and submit.
 * Every call that answers the new view puts it in the cache, so each page reads one current view.
 */
import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { onboardingCalls, type ApplicationView, type CallBody, type CallParams } from '@mg/domain';
import { callApi, isApiError } from '../../../api';
import { queryKeys } from '../../../components/list/keys';

export const onboardingFlowKeys = queryKeys('onboarding-flow');
export const APPLICATION_KEY = onboardingFlowKeys.other('application');

/** Error codes of docs/onboarding-api.md the flow reacts to. */
export const FlowError = {
  VERSION_CONFLICT: 'APPLICATION_VERSION_CONFLICT',
  LOCKED: 'APPLICATION_LOCKED',
  INCOMPLETE: 'APPLICATION_INCOMPLETE',
  VIDEO_ATTEMPTS_EXHAUSTED: 'VIDEO_ATTEMPTS_EXHAUSTED',
} as const;

export function errorCodeOf(e: unknown): string | undefined {
  return isApiError(e) ? e.errorCode : undefined;
}

export function isApplicationView(v: unknown): v is ApplicationView {
  return typeof v === 'object' && v !== null && 'version' in v && 'data' in v && 'status' in v;
}

/** The applicant's calls (domain onboardingCalls); each but the video's start answers the new view. */
export const flowApi = {
  application: (silent = false) => callApi(onboardingCalls.application, {}, { silent }),
  /** Silent: the autosave says itself what went wrong (a conflict, a lock, no connection). */
  saveSection: (section: CallParams<typeof onboardingCalls.saveSection>['section'], version: number, data: CallBody<typeof onboardingCalls.saveSection>['data']) =>
    callApi(onboardingCalls.saveSection, { params: { section }, body: { version, data } }, { silent: true }),
  startVideo: () => callApi(onboardingCalls.startVideo, {}, { silent: true }),
  recordVideo: (fileId: string, seconds: number) => callApi(onboardingCalls.recordVideo, { body: { fileId, seconds } }, { silent: true }),
  comment: (message: string) => callApi(onboardingCalls.comment, { body: { message } }),
  submit: (version: number) => callApi(onboardingCalls.submit, { body: { version, agree: true } }, { silent: true }),
};

/** The merchant's application (a draft is created on the first read). */
export function useApplication(enabled = true) {
  return useQuery({ queryKey: APPLICATION_KEY, queryFn: () => flowApi.application(), enabled, staleTime: 30_000 });
}

/** Takes an answer into the cache when it is the new view; otherwise (or on doubt) reads the view again. */
export async function takeAnswer(queryClient: QueryClient, answer: unknown): Promise<void> {
  if (isApplicationView(answer)) queryClient.setQueryData(APPLICATION_KEY, answer);
  else await reloadApplication(queryClient);
}

export async function reloadApplication(queryClient: QueryClient): Promise<ApplicationView | undefined> {
  await queryClient.invalidateQueries({ queryKey: APPLICATION_KEY });
  return queryClient.getQueryData<ApplicationView>(APPLICATION_KEY);
}

/** The calls that change the application outside the autosave, each followed by the new view. */
export function useFlowActions() {
  const queryClient = useQueryClient();
  return {
    startVideo: flowApi.startVideo,
    recordVideo: async (fileId: string, seconds: number) => takeAnswer(queryClient, await flowApi.recordVideo(fileId, seconds)),
    comment: async (message: string) => takeAnswer(queryClient, await flowApi.comment(message)),
    submit: async (version: number) => takeAnswer(queryClient, await flowApi.submit(version)),
    reload: () => reloadApplication(queryClient),
    /** The view as last answered (after the autosave's flush, its saves' answers). */
    current: () => queryClient.getQueryData<ApplicationView>(APPLICATION_KEY),
  };
}
