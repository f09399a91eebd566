/**
 * The files call declared once (calls/define.ts): a stored file with a fresh authorised URL. The upload (multipart)
 * and the static read (a file's bytes) are no calls. Exported by the domain's root (index.ts): `./index` holds the
 * file view this call answers, and an area index that re-exports its calls cannot be imported by them.
 */
import { z } from 'zod';
import { defineCall } from '../calls/define';
import { fileViewSchema } from './index';

export const fileCalls = {
  view: defineCall({
    method: 'GET',
    path: '/sys/common/files/:id',
    summary: 'A file the caller may read, with a fresh authorised URL',
    params: z.object({ id: z.uuid() }),
    answer: fileViewSchema,
  }),
};
