/**
 * Batch payouts from the dashboard (docs/payments-api.md "Batch payouts"): the template of a currency, the check of
 * an uploaded file (every row with its problems per cell; nothing written), the submit of the checked rows (the
 * batch held whole or refused whole), the batches with their counts, their review, and the per-row result file.
 * The JSON calls are declared in the domain (payoutCalls); the check (its body is the file), the template and the
 * result file are not calls.
 */
import { ApiKeyMode, PAYOUT_BATCH_FORMATS, PAYOUT_BATCH_MAX_BYTES, Perm, batchColumnsOf, cleanFileName, parseBatchAmount, payoutCalls, toMajorString, type BatchColumn, type CurrencyCode } from '@mg/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { callRoute } from '../../lib/call-route';
import { ok } from '../../lib/envelope';
import { fieldError } from '../../lib/errors';
import { currencyField } from '../../lib/fields';
import { t } from '../../lib/i18n';
import { notFound } from '../../lib/admin';
import { audit, requireAuth } from '../auth';
import { ownMerchant } from '../auth/scope';
import { checkBatchRows, quoteBatchReview, quoteBatchRows, reviewBatch, submitUploadedBatch, type BatchRowInput } from './batch';
import { batchFileTooBig, batchResultFile, readBatchFile } from './batch-file';
import { templateFile } from './batch-template';
import { selectBatchPayouts, selectBatches, selectScopedBatch } from './queries';
import { batchQuoteView, batchView } from './views';

const tags = ['payouts'];
/** A JSON submit of 10 000 rows, with room. */
const SUBMIT_BODY_LIMIT = 32 * 1024 * 1024;
const BATCH_LIST_LIMIT = 50;
/** The batch's file_name column. */
const BATCH_FILE_NAME_MAX = 255;
const idParams = z.object({ id: z.string().min(1).max(32) });

function sendFile(reply: FastifyReply, buf: Buffer, name: string, type: string) {
  return reply
    .header('content-type', type)
    .header('content-disposition', `attachment; filename="${name.replace(/[^\w.-]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(name)}`)
    .send(buf);
}

/** The sum of the amounts that parse (what the file says it pays out), minor units. */
function totalOf(rows: readonly { values: Partial<Record<BatchColumn, string>> }[], currency: CurrencyCode): bigint {
  return rows.reduce((acc, r) => {
    const p = parseBatchAmount(r.values.amount ?? '', currency);
    return p.ok ? acc + p.minor : acc;
  }, 0n);
}

/**
 * The bytes of an upload, counted as they arrive: refused (413, naming the limit) by its declared length before any
 * is read, or at the first chunk over PAYOUT_BATCH_MAX_BYTES; what follows is read and dropped, never kept, so the
 * client still gets the answer.
 */
function readUpload(req: FastifyRequest, payload: NodeJS.ReadableStream, done: (err: Error | null, body?: Buffer) => void): void {
  if (Number(req.headers['content-length']) > PAYOUT_BATCH_MAX_BYTES) {
    done(batchFileTooBig());
    return;
  }
  const chunks: Buffer[] = [];
  let size = 0;
  let over = false;
  payload.on('data', (chunk: Buffer) => {
    if (over) return;
    size += chunk.length;
    if (size > PAYOUT_BATCH_MAX_BYTES) {
      over = true;
      chunks.length = 0;
      done(batchFileTooBig());
    } else chunks.push(chunk);
  });
  payload.on('end', () => {
    if (!over) done(null, Buffer.concat(chunks, size));
  });
  payload.on('error', (e: Error) => {
    if (!over) done(e);
    over = true;
  });
}

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export async function batchRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // An uploaded file arrives as it is (the dashboard sends its bytes); its kind is read from the content.
  app.addContentTypeParser('application/octet-stream', readUpload);

  r.get(
    '/payouts/batches/template',
    {
      config: { permission: Perm.PAYOUT_ADD },
      schema: { tags, summary: "A currency's batch template (XLSX or CSV): localised header labels, an example row", querystring: z.object({ currency: z.string().min(1).max(8), format: z.enum(PAYOUT_BATCH_FORMATS).default('xlsx') }) },
    },
    async (req, reply) => {
      const currency = currencyField(req.query.currency);
      const buf = await templateFile(currency, req.lang, req.query.format);
      return sendFile(reply, buf, `payouts-${currency}.${req.query.format}`, req.query.format === 'csv' ? 'text/csv; charset=utf-8' : XLSX_TYPE);
    },
  );

  // Its body is the file's bytes (the octet-stream parser above), so the call declares only its query.
  r.post(payoutCalls.batchCheck.path, callRoute(payoutCalls.batchCheck, { tags }),
    async (req) => {
      const currency = currencyField(req.query.currency);
      if (!Buffer.isBuffer(req.body)) throw fieldError('file', 'payouts.batch.badFormat');
      const rows = await readBatchFile(req.body, currency);
      const checked = await checkBatchRows(app.db, ownMerchant(req), currency, rows);
      return ok({
        currency,
        fileName: cleanFileName(req.query.fileName, 'batch', BATCH_FILE_NAME_MAX),
        columns: batchColumnsOf(currency),
        uploadedCount: rows.length,
        uploadedTotal: toMajorString(totalOf(rows, currency), currency),
        rows: checked.map((c, i) => ({ ...c, values: c.values as Record<string, string>, formulas: rows[i]?.formulas ?? [], outside: rows[i]?.outside ?? [] })),
      });
    },
  );

  // The quote and the submit carry every row: their body may be larger than the server's default.
  r.post(payoutCalls.batchQuote.path, { ...callRoute(payoutCalls.batchQuote, { tags }), bodyLimit: SUBMIT_BODY_LIMIT }, async (req) => {
    const currency = currencyField(req.body.currency);
    return ok(batchQuoteView(currency, await quoteBatchRows(app.db, ownMerchant(req), currency, req.body.rows as BatchRowInput[])));
  });

  r.post(payoutCalls.batchSubmit.path, { ...callRoute(payoutCalls.batchSubmit, { tags }), bodyLimit: SUBMIT_BODY_LIMIT }, async (req) => {
    const auth = requireAuth(req);
    const currency = currencyField(req.body.currency);
    const merchantId = ownMerchant(req);
    const b = await submitUploadedBatch(app.db, {
      merchantId,
      mode: ApiKeyMode.SANDBOX,
      currency,
      fileName: cleanFileName(req.body.fileName, 'batch', BATCH_FILE_NAME_MAX),
      uploadedCount: req.body.uploadedCount,
      uploadedTotal: req.body.uploadedTotal,
      rows: req.body.rows as BatchRowInput[],
      excluded: req.body.excluded as BatchRowInput[],
      createdBy: auth.username,
    });
    await audit(app.db, req, 'payout_created', { success: true, merchantId, detail: { payoutId: b.id, currency, amount: toMajorString(b.totalAmount, currency), status: b.status } });
    return ok(batchView(b), t(req.lang, 'error.operationSucceeded'));
  });

  r.get(payoutCalls.batches.path, callRoute(payoutCalls.batches, { tags }), async (req) => ok((await selectBatches(app.db, req, BATCH_LIST_LIMIT)).map(batchView)));

  r.post(payoutCalls.batchReview.path, callRoute(payoutCalls.batchReview, { tags }), async (req) => {
    const auth = requireAuth(req);
    const found = await selectScopedBatch(app.db, req, req.params.id);
    if (!found) throw notFound();
    const b = await reviewBatch(app.db, { merchantId: found.merchantId, id: found.id, approver: auth.username, action: req.body.action, reason: req.body.reason });
    await audit(app.db, req, req.body.action === 'approve' ? 'payout_approved' : 'payout_rejected', { success: true, merchantId: b.merchantId, detail: { payoutId: b.id, reason: req.body.reason ?? null } });
    return ok(batchView(b), t(req.lang, 'error.operationSucceeded'));
  });

  r.get(payoutCalls.batchReviewQuote.path, callRoute(payoutCalls.batchReviewQuote, { tags }), async (req) => {
    const b = await selectScopedBatch(app.db, req, req.params.id);
    if (!b) throw notFound();
    return ok(batchQuoteView(b.currency as CurrencyCode, await quoteBatchReview(app.db, b)));
  });

  r.get(
    '/payouts/batches/:id/result',
    {
      config: { permission: Perm.PAYOUT_MENU },
      schema: { tags, summary: 'The result file of a batch (XLSX): every row of the upload with its fate: submitted (payout, status, reason), failed the check (its problems) or excluded', params: idParams },
    },
    async (req: FastifyRequest<{ Params: { id: string } }>, reply) => {
      const b = await selectScopedBatch(app.db, req, req.params.id);
      if (!b) throw notFound();
      return sendFile(reply, await batchResultFile(req.lang, b, await selectBatchPayouts(app.db, b)), `payout-batch-${b.id}.xlsx`, XLSX_TYPE);
    },
  );
}
