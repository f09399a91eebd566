/**
 * Spec §7 upload and static calls (docs/onboarding-api.md "Uploads"). The upload answers the spec's `message` (the
 * stored path) and the file's view; the static call reads a file by an authorised URL, never by the session token.
 */
import multipart from '@fastify/multipart';
import { FILE_TYPE_MIME, FILE_URL_TTL_SECONDS, UPLOAD_MAX_BYTES, cleanFileName, fileCalls, fileViewSchema, type FileTypeValue } from '@mg/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { callPathUnder, callRoute } from '../../lib/call-route';
import { envelopeOf, ok } from '../../lib/envelope';
import { notFound } from '../../lib/admin';
import { requireAuth } from '../auth';
import { selectFile } from './queries';
import { readableFile, storeUpload } from './service';
import { fileView, urlIsValid } from './urls';

const tags = ['files'];

export const fileRoutes: FastifyPluginAsyncZod = async (app) => {
  // One file and a few fields (biz, the session fields the web adds) per request; a part over the largest biz limit is cut and refused (413).
  await app.register(multipart, { limits: { fileSize: UPLOAD_MAX_BYTES + 1, files: 1, fields: 12, fieldSize: 1024, parts: 16 } });

  app.post(
    '/upload',
    {
      config: { authenticated: true },
      bodyLimit: UPLOAD_MAX_BYTES + 64 * 1024,
      schema: {
        tags,
        summary: 'Upload one file (multipart: file, biz temp|document|image|video); its type is what its bytes are',
        consumes: ['multipart/form-data'],
        response: { 200: envelopeOf(fileViewSchema) },
      },
    },
    async (req) => {
      const view = await storeUpload(app, req);
      return { ...ok(view), message: `files/${view.id}` };
    },
  );

  // Mounted under /api/sys/common (modules/index.ts): the declared path without that prefix.

  app.get(callPathUnder(app, fileCalls.view), callRoute(fileCalls.view, { tags }), async (req) =>
    ok(fileView(app.fileUrlKey, await readableFile(app, req, req.params.id), requireAuth(req).userId)),
  );

  app.get(
    '/static/:id',
    {
      config: { public: true },
      schema: {
        tags,
        summary: 'The bytes of a file, by the authorised URL a file view carries (valid for a quarter of an hour)',
        params: z.object({ id: z.uuid() }),
        querystring: z.object({ exp: z.coerce.number().int(), u: z.coerce.number().int(), sig: z.string().max(64) }),
      },
    },
    async (req, reply) => {
      if (!urlIsValid(app.fileUrlKey, req.params.id, req.query)) throw notFound();
      const file = await selectFile(app.db, req.params.id);
      if (!file) throw notFound();
      // Any instance reads the shared store; bytes that are truly gone are a 404, as an unknown id.
      const bytes = await app.fileStorage.get(file.id);
      if (!bytes) throw notFound();
      return reply
        .header('content-type', FILE_TYPE_MIME[file.type as FileTypeValue] ?? 'application/octet-stream')
        .header('content-length', bytes.size)
        .header('x-content-type-options', 'nosniff')
        .header('content-disposition', `inline; filename*=UTF-8''${encodeURIComponent(cleanFileName(file.name))}`)
        .header('cache-control', `private, max-age=${FILE_URL_TTL_SECONDS}`)
        .send(bytes.stream);
    },
  );
};
