/**
 * Data of the announcements area: the bell's released announcements with read flags, marking one read, and the
 * writes of the publishing screen (draft, edit, release, revoke). Every write refreshes the list and the bell.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { AnnouncementStatus, announcementCalls, type AnnouncementStatusValue, type CallAnswer, type CallBody, type ListRecord, type announcementsList } from '@mg/domain';
import { callApi } from '../../api';
import { queryKeys } from '../../components/list/keys';

export const announcementKeys = queryKeys('announcements');
const BELL_KEY = announcementKeys.other('bell');
/** The bell asks again this often, besides on focus. */
export const BELL_REFETCH_MS = 60_000;

export type AnnouncementRecord = ListRecord<typeof announcementsList>;
/** One announcement of the bell, with its read flag (domain announcementCalls.ofUser). */
export type UserAnnouncement = CallAnswer<typeof announcementCalls.ofUser>['records'][number];

/** What the draft dialog sends (domain announcementCalls.add; an edit adds the `id`). */
export type AnnouncementInput = CallBody<typeof announcementCalls.add>;

export function useAnnouncementsOfUser() {
  return useQuery({
    queryKey: BELL_KEY,
    queryFn: () => callApi(announcementCalls.ofUser, {}, { silent: true }),
    refetchInterval: BELL_REFETCH_MS,
    refetchOnWindowFocus: true,
  });
}

export function useMarkRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => callApi(announcementCalls.read, { body: { id } }, { silent: true }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: BELL_KEY }),
  });
}

/** Writes a draft (new, or an edit of `id`). Silent: the dialog shows the server's message on the fields. */
export function useSaveAnnouncement() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: AnnouncementInput & { id?: number }) =>
      id === undefined ? callApi(announcementCalls.add, { body }, { silent: true }) : callApi(announcementCalls.edit, { body: { id, ...body } }, { silent: true }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: announcementKeys.all }),
  });
}

/** Releases a draft or revokes a released announcement. */
export function useAnnouncementTransition() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, to }: { id: number; to: AnnouncementStatusValue }) =>
      callApi(to === AnnouncementStatus.RELEASED ? announcementCalls.release : announcementCalls.revoke, { query: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: announcementKeys.all }),
  });
}
