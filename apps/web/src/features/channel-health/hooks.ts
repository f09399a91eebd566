/** Calls of the channel health page (docs/api.md "Channel health"; domain channelHealthCalls). */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CHANNEL_HEALTH, channelHealthCalls, type CallBody, type CurrencyCode, type OutcomeKindValue } from '@mg/domain';
import { callApi } from '../../api';
import { queryKeys } from '../../components/list/keys';
import { productKeys } from '../products/hooks';

export const channelHealthKeys = queryKeys('channel-health');

/** The currency's channels, reloaded every CHANNEL_HEALTH.REFRESH_MS while the page is open. */
export function useChannelHealth(currency: CurrencyCode) {
  return useQuery({
    queryKey: channelHealthKeys.other('view', currency),
    queryFn: () => callApi(channelHealthCalls.view, { query: { currency } }),
    refetchInterval: CHANNEL_HEALTH.REFRESH_MS,
  });
}

export function useChannelSeries(currency: CurrencyCode, kind: OutcomeKindValue, channel: number) {
  return useQuery({
    queryKey: channelHealthKeys.other('series', currency, kind, channel),
    queryFn: () => callApi(channelHealthCalls.series, { query: { currency, kind, channel } }),
    refetchInterval: CHANNEL_HEALTH.REFRESH_MS,
  });
}

export function useMarkChannel() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (mark: CallBody<typeof channelHealthCalls.mark>) => callApi(channelHealthCalls.mark, { body: mark }, { silent: true }),
    // The product lists show the mark too.
    onSuccess: () => Promise.all([queryClient.invalidateQueries({ queryKey: channelHealthKeys.all }), queryClient.invalidateQueries({ queryKey: productKeys.all })]),
  });
}

export function useSaveThresholds() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (t: CallBody<typeof channelHealthCalls.thresholds>) => callApi(channelHealthCalls.thresholds, { body: t }, { silent: true }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: channelHealthKeys.all }),
  });
}
