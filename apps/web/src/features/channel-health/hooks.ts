/** Calls of the channel health page (docs/api.md "Channel health"). */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CHANNEL_HEALTH, type ChannelHealthView, type ChannelMark, type CurrencyCode, type HealthBucket, type HealthThresholds, type OutcomeKindValue } from '@mg/domain';
import { api } from '../../api';
import { queryKeys } from '../../components/list/keys';
import { productKeys } from '../products/hooks';

export const channelHealthKeys = queryKeys('channel-health');
const PATH = '/channel-health';

/** The currency's channels, reloaded every CHANNEL_HEALTH.REFRESH_MS while the page is open. */
export function useChannelHealth(currency: CurrencyCode) {
  return useQuery({
    queryKey: channelHealthKeys.other('view', currency),
    queryFn: () => api.get<ChannelHealthView>(PATH, { currency }),
    refetchInterval: CHANNEL_HEALTH.REFRESH_MS,
  });
}

export function useChannelSeries(currency: CurrencyCode, kind: OutcomeKindValue, channel: number) {
  return useQuery({
    queryKey: channelHealthKeys.other('series', currency, kind, channel),
    queryFn: () => api.get<HealthBucket[]>(`${PATH}/series`, { currency, kind, channel }),
    refetchInterval: CHANNEL_HEALTH.REFRESH_MS,
  });
}

export function useMarkChannel() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (mark: ChannelMark) => api.put<null>(`${PATH}/mark`, mark, { silent: true }),
    // The product lists show the mark too.
    onSuccess: () => Promise.all([queryClient.invalidateQueries({ queryKey: channelHealthKeys.all }), queryClient.invalidateQueries({ queryKey: productKeys.all })]),
  });
}

export function useSaveThresholds() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (t: HealthThresholds) => api.put<null>(`${PATH}/thresholds`, t, { silent: true }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: channelHealthKeys.all }),
  });
}
