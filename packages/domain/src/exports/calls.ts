/**
 * The exports calls declared once (calls/define.ts): exporting a list with its filters (a download link, or a job
 * e-mailed when large) and a job's progress. The download itself answers a file, not JSON: it is no call.
 */
import { z } from 'zod';
import { defineCall } from '../calls/define';
import { EXPORTS_PERM } from './perm';

export const exportStartSchema = z.object({
  mode: z.enum(['download', 'job']),
  url: z.string().optional(),
  jobId: z.string().optional(),
  rows: z.number(),
});

export const exportJobSchema = z.object({
  id: z.string(),
  kind: z.string(),
  status: z.string(),
  totalRows: z.number().nullable(),
  doneRows: z.number(),
  url: z.string().nullable(),
  error: z.string().nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});

export const exportCalls = {
  start: defineCall({
    method: 'POST',
    path: '/exports',
    permission: EXPORTS_PERM.EXPORT,
    summary: 'Export a list with its filters (XLSX): a download link, or a job e-mailed when large',
    body: z.object({
      kind: z.string().max(64).describe('the list name (= its area): collections, refunds, settlements ...'),
      filters: z.record(z.string(), z.unknown()).default({}),
    }),
    answer: exportStartSchema,
  }),
  job: defineCall({
    method: 'GET',
    path: '/exports/:id',
    permission: EXPORTS_PERM.EXPORT,
    summary: 'Progress of an export job',
    params: z.object({ id: z.string().max(32) }),
    answer: exportJobSchema,
  }),
};
