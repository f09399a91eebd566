/**
 * Data of the developer area: the merchant's parameters (keys, callback addresses, IP whitelist, webhook secret)
 * and their writes. Every write refreshes the parameters; key and secret actions carry the Google code when asked.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ApiKeyModeValue } from '@mg/domain';
import { queryKeys } from '../../components/list/keys';
import { api } from '../../api';
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
  return useMutation({ mutationFn: ({ name, mode, googleCode }: { name: string; mode: ApiKeyModeValue; googleCode?: string }) => developerApi.createKey({ name, mode }, googleCode), onSuccess });
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

export interface EndpointHealth {
  windowDays: number;
  endpoints: {
    url: string;
    configuredFor: ('collection' | 'payout')[];
    attempts: number;
    succeeded: number;
    successRate: number | null;
    lastAttemptAt: string | null;
    lastSuccessAt: string | null;
    failedDeliveries: number;
    disabledAt: string | null;
    recentErrors: { at: string; responseStatus: number | null; error: string | null; eventType: string }[];
  }[];
}

export function useEndpointHealth() {
  return useQuery({ queryKey: developerKeys.other('endpoints'), queryFn: () => api.get<EndpointHealth>('/callbacks/endpoints', undefined, { silent: true }) });
}

function useRefreshEndpoints() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: developerKeys.other('endpoints') });
}

export function useSendTestEvent() {
  const onSuccess = useRefreshEndpoints();
  return useMutation({
    mutationFn: (target: 'collection' | 'payout') => api.post<{ status: string; lastResponseStatus: number | null; attemptsLog: { id: number; error: string | null; errorKey: string | null; errorDetail: string | null; responseStatus: number | null }[] }>('/callbacks/test', { target }, { silent: true }),
    onSuccess,
  });
}

export function useReplayFailed() {
  const onSuccess = useRefreshEndpoints();
  return useMutation({ mutationFn: (range: { from: string; to: string; url: string | null }) => api.post<{ replayed: number }>('/callbacks/replay', range, { silent: true }), onSuccess });
}

export function useEnableEndpoint() {
  const onSuccess = useRefreshEndpoints();
  return useMutation({ mutationFn: (url: string) => api.post<{ released: number }>('/callbacks/endpoints/enable', { url }, { silent: true }), onSuccess });
}

