/**
 * Batch payouts from the dashboard (docs/payments-api.md "Batch payouts"): the template of a currency, the check of
 * an uploaded file (every row with its problems per cell; nothing written), the submit of the checked rows (the
 * batch held whole or refused whole), the batches with their counts, their review, and the per-row result file.
 */
import {
  ApiKeyMode,
  PAYOUT_BATCH_CELL_MAX_CHARS,
  PAYOUT_BATCH_FORMATS,
  PAYOUT_BATCH_MAX_BYTES,
  PAYOUT_BATCH_MAX_COLUMNS,
  PAYOUT_BATCH_MAX_ROWS,
  PAYOUT_REJECT_REASON_MAX_LENGTH,
  Perm,
  batchColumnsOf,
  cleanFileName,
  parseAmount,
  parseBatchAmount,
  toMajorString,
  type BatchColumn,
  type CurrencyCode,
} from '@mg/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeOf, ok } from '../../lib/envelope';
import { fieldError } from '../../lib/errors';
import { currencyField } from '../../lib/fields';
import { t } from '../../lib/i18n';
import { notFound } from '../../lib/admin';
import { audit, requireAuth } from '../auth';
import { googleCodeField } from '../auth/second-factor';
import { ownMerchant } from '../auth/scope';
import { approveBatch, assertRowsValid, checkBatchRows, quoteBatchReview, quoteBatchRows, rejectBatch, submitBatch, type BatchQuote, type BatchRowInput } from './batch';
import { batchFileTooBig, batchResultFile, readBatchFile } from './batch-file';
import { templateFile } from './batch-template';
import { selectBatchPayouts, selectBatches, selectScopedBatch, type PayoutBatchRow } from './queries';

const tags = ['payouts'];
/** A JSON submit of 10 000 rows, with room. */
const SUBMIT_BODY_LIMIT = 32 * 1024 * 1024;
const BATCH_LIST_LIMIT = 50;
/** The batch's file_name column. */
const BATCH_FILE_NAME_MAX = 255;
const idParams = z.object({ id: z.string().min(1).max(32) });
const valuesSchema = z.record(z.string(), z.string().max(PAYOUT_BATCH_CELL_MAX_CHARS));
const rowSchema = z.object({
  row: z.number().int().min(1),
  values: valuesSchema,
  formulas: z.array(z.string().max(32)).max(PAYOUT_BATCH_MAX_COLUMNS).optional(),
  outside: z.array(z.string().max(8)).max(PAYOUT_BATCH_MAX_COLUMNS + 1).optional().describe("the check's `outside` of the row: a row with any is refused"),
});
const issueSchema = z.object({ column: z.string().describe('a column, or `row` for the row as a whole'), key: z.string(), params: z.record(z.string(), z.union([z.string(), z.number()])).optional() });

/** The figures of a batch confirmation (issue 40): what it pays, the server's fee, the debit, and from which balance. */
export const batchQuoteSchema = z.object({
  currency: z.string(),
  count: z.number().int().describe('payouts'),
  payees: z.number().int().describe('distinct destinations (bank code and account)'),
  payee: z.object({ bankCode: z.string(), bankName: z.string(), accountNumber: z.string(), accountName: z.string() }).nullable().describe('the one payee when payees is 1'),
  amount: z.string(),
  fee: z.string().describe('by the merchant fee rules of batch payouts (payment type 9), as the submit holds it'),
  totalDebit: z.string().describe('amount + fee'),
  available: z.string().describe("the currency's available balance now"),
  held: z.string().describe('already held for it (a submitted batch: its payouts still waiting for review); 0 before the submit'),
  sufficient: z.boolean().describe('before the submit: available covers totalDebit; a submitted batch: its hold does'),
});

function quoteView(currency: CurrencyCode, q: BatchQuote): z.infer<typeof batchQuoteSchema> {
  const m = (v: bigint) => toMajorString(v, currency);
  return { currency, count: q.count, payees: q.payees, payee: q.payee, amount: m(q.amount), fee: m(q.fee), totalDebit: m(q.totalDebit), available: m(q.available), held: m(q.held), sufficient: q.sufficient };
}

export const batchSchema = z.object({
  id: z.string(),
  merchantId: z.number().int(),
  currency: z.string(),
  status: z.string().describe('PayoutBatchStatus'),
  fileName: z.string(),
  uploadedCount: z.number().int(),
  uploadedTotal: z.string(),
  rowCount: z.number().int(),
  totalAmount: z.string(),
  totalFee: z.string(),
  totalDebit: z.string(),
  createdBy: z.string(),
  reviewedBy: z.string().nullable(),
  createdAt: z.string(),
  completedAt: z.string().nullable(),
});

function batchView(b: PayoutBatchRow): z.infer<typeof batchSchema> {
  const c = b.currency as CurrencyCode;
  return {
    id: b.id,
    merchantId: b.merchantId,
    currency: b.currency,
    status: b.status,
    fileName: b.fileName,
    uploadedCount: b.uploadedCount,
    uploadedTotal: toMajorString(b.uploadedTotal, c),
    rowCount: b.rowCount,
    totalAmount: toMajorString(b.totalAmount, c),
    totalFee: toMajorString(b.totalFee, c),
    totalDebit: toMajorString(b.totalAmount + b.totalFee, c),
    createdBy: b.createdBy,
    reviewedBy: b.reviewedBy,
    createdAt: b.createdAt.toISOString(),
    completedAt: b.completedAt ? b.completedAt.toISOString() : null,
  };
}

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

  r.post(
    '/payouts/batches/check',
    {
      config: { permission: Perm.PAYOUT_ADD },
      schema: {
        tags,
        summary: `Check an uploaded batch file (body: its bytes; XLSX or CSV, up to ${PAYOUT_BATCH_MAX_ROWS} rows): every row with its problems; nothing is written`,
        querystring: z.object({ currency: z.string().min(1).max(8), fileName: z.string().max(255).optional() }),
        response: { 200: envelopeOf(z.object({ currency: z.string(), fileName: z.string(), columns: z.array(z.string()), uploadedCount: z.number().int(), uploadedTotal: z.string(), rows: z.array(z.object({ row: z.number().int(), values: valuesSchema, formulas: z.array(z.string()), outside: z.array(z.string()).describe('spreadsheet columns holding a value under no header (a row problem)'), issues: z.array(issueSchema) })) })) },
      },
    },
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

  r.post(
    '/payouts/batches/quote',
    {
      config: { permission: Perm.PAYOUT_ADD },
      bodyLimit: SUBMIT_BODY_LIMIT,
      schema: {
        tags,
        summary: 'Quote the rows about to be submitted for the confirmation: count, payees, amount, fee, total debit, the available balance and whether it covers it; checked as the submit checks them (400 naming rows[n].column); nothing is written',
        body: z.object({ currency: z.string().min(1).max(8), rows: z.array(rowSchema).max(PAYOUT_BATCH_MAX_ROWS) }),
        response: { 200: envelopeOf(batchQuoteSchema) },
      },
    },
    async (req) => {
      const currency = currencyField(req.body.currency);
      return ok(quoteView(currency, await quoteBatchRows(app.db, ownMerchant(req), currency, req.body.rows as BatchRowInput[])));
    },
  );

  r.post(
    '/payouts/batches',
    {
      config: { permission: Perm.PAYOUT_ADD },
      bodyLimit: SUBMIT_BODY_LIMIT,
      schema: {
        tags,
        summary: 'Submit checked rows as one batch: all payouts created and their total held at once, or nothing (400 naming rows[n].column, 422 INSUFFICIENT_BALANCE)',
        body: z.object({
          currency: z.string().min(1).max(8),
          fileName: z.string().max(255),
          uploadedCount: z.number().int().min(0).max(PAYOUT_BATCH_MAX_ROWS).describe('rows of the upload: rows + excluded'),
          uploadedTotal: z.string().max(40),
          rows: z.array(rowSchema).max(PAYOUT_BATCH_MAX_ROWS),
          excluded: z.array(rowSchema).max(PAYOUT_BATCH_MAX_ROWS).default([]).describe("the upload's other rows, left out in the preview: listed in the result file with their problems"),
          googleCode: googleCodeField,
        }),
        response: { 200: envelopeOf(batchSchema) },
      },
    },
    async (req) => {
      const auth = requireAuth(req);
      const currency = currencyField(req.body.currency);
      const merchantId = ownMerchant(req);
      const rows = req.body.rows as BatchRowInput[];
      const excluded = req.body.excluded as BatchRowInput[];
      // Every row of the upload is accounted for, once: the result file lists each with its fate.
      const numbers = new Set([...rows, ...excluded].map((r) => r.row));
      if (req.body.uploadedCount !== rows.length + excluded.length || numbers.size !== rows.length + excluded.length) throw fieldError('uploadedCount', 'payouts.batch.rowsUnaccounted', { params: { count: req.body.uploadedCount, rows: rows.length, excluded: excluded.length } });
      assertRowsValid(await checkBatchRows(app.db, merchantId, currency, rows));
      const uploadedTotal = parseAmount(req.body.uploadedTotal, currency, { allowZero: true });
      const b = await submitBatch(app.db, {
        merchantId,
        mode: ApiKeyMode.SANDBOX,
        currency,
        fileName: cleanFileName(req.body.fileName, 'batch', BATCH_FILE_NAME_MAX),
        uploadedCount: req.body.uploadedCount,
        uploadedTotal: uploadedTotal.ok ? uploadedTotal.minor : 0n,
        rows,
        excluded,
        createdBy: auth.username,
      });
      await audit(app.db, req, 'payout_created', { success: true, merchantId, detail: { payoutId: b.id, currency, amount: toMajorString(b.totalAmount, currency), status: b.status } });
      return ok(batchView(b), t(req.lang, 'error.operationSucceeded'));
    },
  );

  r.get(
    '/payouts/batches',
    { config: { permission: Perm.PAYOUT_MENU }, schema: { tags, summary: 'The newest batches of the merchant', response: { 200: envelopeOf(z.array(batchSchema)) } } },
    async (req) => ok((await selectBatches(app.db, req, BATCH_LIST_LIMIT)).map(batchView)),
  );

  r.post(
    '/payouts/batches/:id/review',
    {
      config: { permission: Perm.PAYOUT_REVIEW },
      schema: {
        tags,
        summary: 'Approve or reject a whole batch (every payout still pending review); the maker cannot; the Google code when 2FA is on',
        params: idParams,
        body: z.object({ action: z.enum(['approve', 'reject']), reason: z.string().trim().max(PAYOUT_REJECT_REASON_MAX_LENGTH).optional(), googleCode: googleCodeField }),
        response: { 200: envelopeOf(batchSchema) },
      },
    },
    async (req) => {
      const auth = requireAuth(req);
      const found = await selectScopedBatch(app.db, req, req.params.id);
      if (!found) throw notFound();
      if (req.body.action === 'reject' && !req.body.reason) throw fieldError('reason', 'payouts.rejectReasonRequired');
      const a = { merchantId: found.merchantId, id: found.id, approver: auth.username };
      const b = req.body.action === 'approve' ? await approveBatch(app.db, a) : await rejectBatch(app.db, { ...a, reason: req.body.reason ?? '' });
      await audit(app.db, req, req.body.action === 'approve' ? 'payout_approved' : 'payout_rejected', { success: true, merchantId: b.merchantId, detail: { payoutId: b.id, reason: req.body.reason ?? null } });
      return ok(batchView(b), t(req.lang, 'error.operationSucceeded'));
    },
  );

  r.get(
    '/payouts/batches/:id/quote',
    {
      config: { permission: Perm.PAYOUT_REVIEW },
      schema: {
        tags,
        summary: "Quote a batch's review for its confirmation: its payouts still waiting for review, their amount, fee and total debit, the hold that pays them and the available balance; nothing is written",
        params: idParams,
        response: { 200: envelopeOf(batchQuoteSchema) },
      },
    },
    async (req) => {
      const b = await selectScopedBatch(app.db, req, req.params.id);
      if (!b) throw notFound();
      return ok(quoteView(b.currency as CurrencyCode, await quoteBatchReview(app.db, b)));
    },
  );

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
