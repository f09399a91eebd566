/**
 * The announcements calls declared once (calls/define.ts), paths spelt as the spec spells them (`annountCement`,
 * `doReovkeData`): the bell's released announcements with read flags, marking one read, and the publishing screen's
 * writes (a draft, its edit, release, revoke), each answered as the announcement it wrote.
 */
import { z } from 'zod';
import { defineCall } from '../calls/define';
import { adminIdSchema } from '../validation';
import { ANNOUNCEMENT_PRIORITIES } from '../statuses';
import { ANNOUNCEMENT_CONTENT_MAX_LENGTH, ANNOUNCEMENT_TITLE_MAX_LENGTH, announcementsList } from './list';
import { ANNOUNCEMENTS_PERM } from './perm';


export const announcementBodySchema = z.object({
  title: z.string().trim().min(1).max(ANNOUNCEMENT_TITLE_MAX_LENGTH),
  content: z.string().min(1).max(ANNOUNCEMENT_CONTENT_MAX_LENGTH),
  priority: z.enum(ANNOUNCEMENT_PRIORITIES).optional(),
  merchantId: z.coerce
    .number()
    .int()
    .positive()
    .nullish()
    .describe('platform staff: one merchant, or null for all'),
});

/** The bell's page: the released announcements meant for the caller, each with its read flag. */
export const announcementsOfUserSchema = z.object({
  unreadCount: z.number(),
  records: z.array(announcementsList.record.extend({ read: z.boolean() })),
});

export const announcementCalls = {
  ofUser: defineCall({
    method: 'GET',
    path: '/sys/annountCement/listByUser',
    summary: "Released announcements for the caller's merchant or all, newest first, with read flags",
    query: z.object({ pageSize: z.coerce.number().int().min(1).max(100).default(20) }),
    answer: announcementsOfUserSchema,
  }),
  read: defineCall({
    method: 'PUT',
    path: '/sys/annountCement/read',
    summary: 'Mark one announcement read',
    body: z.object({ id: adminIdSchema }),
    answer: z.null(),
  }),
  add: defineCall({
    method: 'POST',
    path: '/sys/annountCement/add',
    permission: ANNOUNCEMENTS_PERM.ANNOUNCEMENT_PUBLISH,
    summary: 'Write a draft',
    body: announcementBodySchema,
    answer: announcementsList.record,
  }),
  edit: defineCall({
    method: 'PUT',
    path: '/sys/annountCement/edit',
    permission: ANNOUNCEMENTS_PERM.ANNOUNCEMENT_PUBLISH,
    summary: 'Edit a draft',
    body: announcementBodySchema.extend({ id: adminIdSchema }),
    answer: announcementsList.record,
  }),
  release: defineCall({
    method: 'GET',
    path: '/sys/annountCement/doReleaseData',
    permission: ANNOUNCEMENTS_PERM.ANNOUNCEMENT_PUBLISH,
    summary: 'Release a draft',
    query: z.object({ id: adminIdSchema }),
    answer: announcementsList.record,
  }),
  revoke: defineCall({
    method: 'GET',
    path: '/sys/annountCement/doReovkeData',
    permission: ANNOUNCEMENTS_PERM.ANNOUNCEMENT_PUBLISH,
    summary: 'Revoke a released announcement',
    query: z.object({ id: adminIdSchema }),
    answer: announcementsList.record,
  }),
};
