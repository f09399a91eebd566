/** The request log's calls declared once (calls/define.ts): one request with its masked bodies and verdict. */
import { z } from 'zod';
import { defineCall } from '../calls/define';
import { adminIdSchema } from '../validation';
import { apiLogDetailSchema } from './list';
import { API_LOGS_PERM } from './perm';

export const apiLogCalls = {
  detail: defineCall({
    method: 'GET',
    path: '/api-logs/:id',
    permission: API_LOGS_PERM.API_LOGS_MENU,
    summary: 'One request: its masked bodies and what the signature check found',
    params: z.object({ id: adminIdSchema }),
    answer: apiLogDetailSchema,
  }),
};
