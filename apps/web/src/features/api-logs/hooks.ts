/** One request of the API request log, with its bodies and verdict (the list itself is the declared list's). */
import { useQuery } from '@tanstack/react-query';
import { apiLogCalls } from '@mg/domain';
import { callApi } from '../../api';
import { queryKeys } from '../../components/list/keys';

export const apiLogKeys = queryKeys('api-logs');

export function useApiLogDetail(id: string | null) {
  return useQuery({
    queryKey: apiLogKeys.detail(id ?? ''),
    queryFn: () => callApi(apiLogCalls.detail, { params: { id: id ?? '' } }),
    enabled: id !== null,
  });
}
