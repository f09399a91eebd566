/**
 * Data of the announcements area: the bell's released announcements with read flags, marking one read, and the
 * writes of the publishing screen (draft, edit, release, revoke). Every write refreshes the list and the bell.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AnnouncementPriority, AnnouncementStatusValue, ListRecord, announcementsList } from '@mg/domain';
import { AnnouncementStatus } from '@mg/domain';
import { api } from '../../api';
import { queryKeys } from '../../components/list/keys';

export const announcementKeys = queryKeys('announcements');
const BELL_KEY = announcementKeys.other('bell');
/** The bell asks again this often, besides on focus. */
export const BELL_REFETCH_MS = 60_000;

export type AnnouncementRecord = ListRecord<typeof announcementsList>;
export type UserAnnouncement = AnnouncementRecord & { read: boolean };

export interface AnnouncementInput {
  title: string;
  content: string;
  priority: AnnouncementPriority;
  merchantId: number | null;
}

const BASE = '/sys/annountCement';

export function useAnnouncementsOfUser() {
  return useQuery({
    queryKey: BELL_KEY,
    queryFn: () => api.get<{ unreadCount: number; records: UserAnnouncement[] }>(`${BASE}/listByUser`, undefined, { silent: true }),
    refetchInterval: BELL_REFETCH_MS,
    refetchOnWindowFocus: true,
  });
}

export function useMarkRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.put<null>(`${BASE}/read`, { id }, { silent: true }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: BELL_KEY }),
  });
}

/** Writes a draft (new, or an edit of `id`). Silent: the dialog shows the server's message on the fields. */
export function useSaveAnnouncement() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: AnnouncementInput & { id?: number }) =>
      id === undefined ? api.post<AnnouncementRecord>(`${BASE}/add`, body, { silent: true }) : api.put<AnnouncementRecord>(`${BASE}/edit`, { id, ...body }, { silent: true }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: announcementKeys.all }),
  });
}

/** Releases a draft or revokes a released announcement. */
export function useAnnouncementTransition() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, to }: { id: number; to: AnnouncementStatusValue }) =>
      api.get<AnnouncementRecord>(`${BASE}/${to === AnnouncementStatus.RELEASED ? 'doReleaseData' : 'doReovkeData'}`, { id }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: announcementKeys.all }),
  });
}
