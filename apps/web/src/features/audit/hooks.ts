/** Data of the audit area besides its list: a user's latest sign-ins (the home page). */
import { useQuery } from '@tanstack/react-query';
import { AUDIT_RECENT_SIGN_INS, auditList, type ListPage, type ListRecord } from '@mg/domain';
import { api } from '../../api';
import { queryKeys } from '../../components/list/keys';

export const auditKeys = queryKeys('audit');
export type AuditRecord = ListRecord<typeof auditList>;

const SIGN_IN = 'login';

/** The latest sign-ins of a user, newest first (the list's default range). Silent: the card says when it failed. */
export function useRecentSignIns(username: string | undefined) {
  return useQuery({
    queryKey: auditKeys.other('recentSignIns', username),
    queryFn: () =>
      api.get<ListPage<AuditRecord>>(auditList.api, { action: SIGN_IN, username, pageNo: 1, pageSize: AUDIT_RECENT_SIGN_INS, column: 'createdAt', order: 'desc' }, { silent: true }),
    enabled: Boolean(username),
  });
}
