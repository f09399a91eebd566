/**
 * Data of the developer area: the merchant's parameters (keys, callback addresses, IP whitelist, webhook secret)
 * and their writes. Every write refreshes the parameters; key and secret actions carry the Google code when asked.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callbackCalls, developerCalls, type CallAnswer, type CallBody, type CallbackTestTargetValue } from '@mg/domain';
import { queryKeys } from '../../components/list/keys';
import { callApi } from '../../api';
import { developerApi } from './api';

export const developerKeys = queryKeys('developer');

export function useDeveloperParameters() {
  return useQuery({ queryKey: developerKeys.all, queryFn: developerApi.get });
}

/** The documentation's data: fixed while the server runs, except the keys (refreshed with the parameters). */
export function useDocumentation() {
  return useQuery({ queryKey: developerKeys.other('documentation'), queryFn: developerApi.documentation });
}

function useRefresh() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: developerKeys.all });
}

export function useCreateKey() {
  const onSuccess = useRefresh();
  return useMutation({ mutationFn: ({ googleCode, ...body }: CallBody<typeof developerCalls.createKey>) => developerApi.createKey(body, googleCode), onSuccess });
}

export function useRollKey() {
  const onSuccess = useRefresh();
  return useMutation({ mutationFn: ({ id, googleCode }: { id: string; googleCode?: string }) => developerApi.rollKey(id, googleCode), onSuccess });
}

export function useRevokeKey() {
  const onSuccess = useRefresh();
  return useMutation({ mutationFn: ({ id, googleCode }: { id: string; googleCode?: string }) => developerApi.revokeKey(id, googleCode), onSuccess });
}

export function useSaveCallbacks() {
  const onSuccess = useRefresh();
  return useMutation({ mutationFn: developerApi.saveCallbacks, onSuccess });
}

export function useSaveWhitelist() {
  const onSuccess = useRefresh();
  return useMutation({ mutationFn: developerApi.saveWhitelist, onSuccess });
}

/** Shows the webhook secret once (nothing changes). */
export function useRevealWebhookSecret() {
  return useMutation({ mutationFn: (googleCode?: string) => developerApi.revealWebhookSecret(googleCode) });
}

export function useRollWebhookSecret() {
  const onSuccess = useRefresh();
  return useMutation({ mutationFn: (googleCode?: string) => developerApi.rollWebhookSecret(googleCode), onSuccess });
}

/* Webhook endpoint health (issue 15) ------------------------------------------------------------------------- */

/** Each callback address with its figures (domain developerCalls.callbackEndpoints). */
export type EndpointHealth = CallAnswer<typeof developerCalls.callbackEndpoints>;

export function useEndpointHealth() {
  return useQuery({ queryKey: developerKeys.other('endpoints'), queryFn: () => callApi(developerCalls.callbackEndpoints, {}, { silent: true }) });
}

function useRefreshEndpoints() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: developerKeys.other('endpoints') });
}

export function useSendTestEvent() {
  const onSuccess = useRefreshEndpoints();
  return useMutation({
    mutationFn: (target: CallbackTestTargetValue) => callApi(developerCalls.callbackTest, { body: { target } }, { silent: true }),
    onSuccess,
  });
}

export function useReplayFailed() {
  const onSuccess = useRefreshEndpoints();
  return useMutation({ mutationFn: (range: CallBody<typeof callbackCalls.replay>) => callApi(callbackCalls.replay, { body: range }, { silent: true }), onSuccess });
}

export function useEnableEndpoint() {
  const onSuccess = useRefreshEndpoints();
  return useMutation({ mutationFn: (url: string) => callApi(developerCalls.enableCallbackEndpoint, { body: { url } }, { silent: true }), onSuccess });
}

