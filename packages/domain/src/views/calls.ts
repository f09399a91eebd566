/**
 * The saved views calls (issue 15; docs/api.md "Saved views") declared once (calls/define.ts): a list's views (the
 * caller's own and those shared with the merchant's users), saving the current filters under a name, deleting one's
 * own. Signed-in users; each call needs the list's own permission too (the server checks the list named).
 */
import { z } from 'zod';
import { defineCall } from '../calls/define';
import { savedViewInputSchema, savedViewSchema } from '../lists/views';

export const viewCalls = {
  list: defineCall({
    method: 'GET',
    path: '/views',
    summary: "A list's saved views: the caller's own and those shared with the merchant's users",
    query: z.object({ list: z.string().max(40) }),
    answer: z.array(savedViewSchema),
  }),
  save: defineCall({
    method: 'POST',
    path: '/views',
    summary: "Saves a list's filters under a name (shared: every user of the merchant sees it)",
    body: savedViewInputSchema,
    answer: savedViewSchema,
  }),
  remove: defineCall({
    method: 'DELETE',
    path: '/views/:id',
    summary: "Deletes one of the caller's own views",
    params: z.object({ id: z.coerce.number().int().positive() }),
    answer: z.null(),
  }),
};
