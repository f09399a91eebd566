/**
 * Payouts from the dashboard (docs/payments-api.md "Payouts"): the records list, the destinations of a currency,
 * one payout with its history and callbacks, the fee quote of the confirmation step, create, review (approve or
 * reject, one or many; maker-checker, the Google code when 2FA is on), cancel, and the approval policy.
 */
import {
  ApiKeyMode,
  CallbackOrderKind,
  DomainError,
  PAYOUT_REJECT_REASON_MAX_LENGTH,
  PAYOUT_REVIEW_BATCH_MAX,
  Perm,
  answerRecordOf,
  payoutBodySchema,
  payoutCalls,
  payoutsList,
  toMajorString,
  type CurrencyCode,
} from '@mg/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { amountOf } from '../../lib/amounts';
import { envelopeOf, ok } from '../../lib/envelope';
import { fieldError } from '../../lib/errors';
import { t } from '../../lib/i18n';
import { registerList } from '../../lib/list/route';
import { notFound } from '../../lib/admin';
import { audit, requireAuth } from '../auth';
import { ownMerchant } from '../auth/scope';
import { deliveriesForOrder, deliverySchema } from '../callbacks/service';
import { googleCodeField } from '../auth/second-factor';
import { currencyField } from '../../lib/fields';
import { batchRoutes } from './batch-routes';
import { registerPayoutJobs } from './jobs';
import { payoutsSource, selectPolicies, selectScopedPayout, toPayoutRecord, upsertPolicy } from './queries';
import { countWaitingForReview, selectReviewQueue, type ReviewQueueRow } from './queries/review';
import { destinationsSchema, destinationsView, policySchema, policyView, timelineOf, timelineSchema } from './views';
import { approvePayout, cancelPayout, createPayout, rejectPayout, type CreatePayoutInput } from './service';
import { quotePayout } from './quote';
import { callRoute } from '../../lib/call-route';

const tags = ['payouts'];
const record = answerRecordOf(payoutsList);
const googleCode = googleCodeField;

const payoutBody = payoutBodySchema;
type PayoutBody = z.infer<typeof payoutBody>;

/** One decision of a reviewer's queue: a payout, or a batch as one. */
const queueItemSchema = z.object({
  kind: z.enum(['payout', 'batch']),
  id: z.string(),
  merchantId: z.number().int(),
  currency: z.string(),
  count: z.number().int().describe('payouts decided by it: 1, or the batch\'s'),
  amount: z.string(),
  fee: z.string(),
  totalDebit: z.string(),
  name: z.string().describe("the payee's name, or the batch's file name"),
  bankCode: z.string().nullable(),
  accountNumber: z.string().nullable(),
  createdBy: z.string(),
  createdAt: z.string(),
});
const REVIEW_QUEUE_PAGE_MAX = 100;

function queueItemView(r: ReviewQueueRow): z.infer<typeof queueItemSchema> {
  const c = r.currency as CurrencyCode;
  return { ...r, amount: toMajorString(r.amount, c), fee: toMajorString(r.fee, c), totalDebit: toMajorString(r.amount + r.fee, c), createdAt: r.createdAt.toISOString() };
}

const reviewBody = z.object({
  action: z.enum(['approve', 'reject']),
  ids: z.array(z.string().min(1).max(32)).min(1).max(PAYOUT_REVIEW_BATCH_MAX),
  reason: z.string().trim().max(PAYOUT_REJECT_REASON_MAX_LENGTH).optional(),
  googleCode,
});

function inputOf(req: FastifyRequest, b: PayoutBody, merchantOrderId: string): CreatePayoutInput {
  const auth = requireAuth(req);
  const currency = currencyField(b.currency);
  return {
    merchantId: ownMerchant(req),
    mode: ApiKeyMode.SANDBOX,
    merchantOrderId,
    amount: amountOf(b.amount, currency, 'amount'),
    currency,
    bankCode: b.bankCode.toUpperCase(),
    accountName: b.accountName,
    accountNumber: b.accountNumber,
    accountType: b.accountType,
    documentId: b.documentId,
    bankAgency: b.bankAgency,
    pixKeyType: b.pixKeyType,
    description: b.description,
    createdBy: auth.username,
  };
}

export const payoutRoutes: FastifyPluginAsyncZod = async (app) => {
  registerPayoutJobs(app);
  await batchRoutes(app);
  registerList(app, payoutsSource, { tags, summary: 'Payouts, newest first' });

  /** Approves or rejects each payout (maker-checker in the service); a refused one is skipped with its message. */
  const review = async (req: FastifyRequest, b: z.infer<typeof reviewBody>, opts: { throwSkipped?: boolean } = {}) => {
    const auth = requireAuth(req);
    if (b.action === 'reject' && !b.reason) throw fieldError('reason', 'payouts.rejectReasonRequired');
    const changed: z.infer<typeof record>[] = [];
    const skipped: { id: string; message: string }[] = [];
    for (const id of [...new Set(b.ids)]) {
      const found = await selectScopedPayout(app.db, req, id);
      try {
        if (!found) throw notFound();
        const a = { merchantId: found.merchantId, id, approver: auth.username };
        const row = b.action === 'approve' ? await approvePayout(app.db, a) : await rejectPayout(app.db, { ...a, reason: b.reason ?? '' });
        changed.push(toPayoutRecord(row));
        await audit(app.db, req, b.action === 'approve' ? 'payout_approved' : 'payout_rejected', { success: true, merchantId: row.merchantId, detail: { payoutId: id, reason: b.reason ?? null } });
      } catch (e) {
        if (!(e instanceof DomainError) || opts.throwSkipped) throw e;
        skipped.push({ id, message: t(req.lang, e.messageKey, e.params) });
      }
    }
    return { changed, skipped };
  };

  app.get(
    '/payouts/banks',
    {
      config: { permission: Perm.PAYOUT_MENU },
      schema: { tags, summary: 'The payout destinations of a currency: code, name, kind, fields, limits', querystring: z.object({ currency: z.string().min(1).max(8) }), response: { 200: envelopeOf(destinationsSchema) } },
    },
    async (req) => ok(destinationsView(currencyField(req.query.currency), req.lang)),
  );

  app.post(payoutCalls.quote.path, callRoute(payoutCalls.quote, { tags }), async (req) =>
    ok(await quotePayout(app.db, inputOf(req, req.body, req.body.merchantOrderId || 'QUOTE'))),
  );

  app.post(
    '/payouts',
    {
      config: { permission: Perm.PAYOUT_ADD },
      schema: { tags, summary: 'Create a payout: amount + fee are held at once; reviewed unless the approval policy lets it through', body: payoutBody, response: { 200: envelopeOf(record) } },
    },
    async (req) => {
      const orderId = req.body.merchantOrderId?.trim();
      const input = inputOf(req, req.body, orderId || `DASH-${Date.now().toString(36).toUpperCase()}-${Math.random().toString(36).slice(2, 8).toUpperCase()}`);
      const detail = { amount: req.body.amount, currency: input.currency, bankCode: input.bankCode, merchantOrderId: input.merchantOrderId };
      try {
        const row = await createPayout(app.db, input);
        await audit(app.db, req, 'payout_created', { success: true, merchantId: row.merchantId, detail: { ...detail, payoutId: row.id, status: row.status } });
        return ok(toPayoutRecord(row), t(req.lang, 'error.operationSucceeded'));
      } catch (e) {
        await audit(app.db, req, 'payout_created', { success: false, merchantId: input.merchantId, detail });
        throw e;
      }
    },
  );

  app.get(
    '/payouts/:id',
    {
      config: { permission: Perm.PAYOUT_MENU },
      schema: {
        tags,
        summary: 'One payout with its status history and callback deliveries',
        params: z.object({ id: z.string().min(1).max(32) }),
        response: { 200: envelopeOf(z.object({ payout: record, timeline: timelineSchema, callbacks: z.array(deliverySchema) })) },
      },
    },
    async (req) => {
      const row = await selectScopedPayout(app.db, req, req.params.id);
      if (!row) throw notFound();
      const callbacks = await deliveriesForOrder(app.db, { merchantIds: [row.merchantId], orderKind: CallbackOrderKind.PAYOUT, orderId: row.id });
      return ok({ payout: toPayoutRecord(row), timeline: timelineOf(row), callbacks });
    },
  );

  app.post(
    '/payouts/:id/cancel',
    {
      config: { permission: Perm.PAYOUT_CANCEL },
      schema: { tags, summary: 'Cancel a payout pending review or not yet sent; its hold returns to available', params: z.object({ id: z.string().min(1).max(32) }), response: { 200: envelopeOf(record) } },
    },
    async (req) => {
      const found = await selectScopedPayout(app.db, req, req.params.id);
      if (!found) throw notFound();
      const row = await cancelPayout(app.db, { merchantId: found.merchantId, id: found.id });
      await audit(app.db, req, 'payout_cancelled', { success: true, merchantId: row.merchantId, detail: { payoutId: row.id } });
      return ok(toPayoutRecord(row), t(req.lang, 'error.operationSucceeded'));
    },
  );

  app.post(
    '/payouts/review',
    {
      config: { permission: Perm.PAYOUT_REVIEW },
      schema: {
        tags,
        summary: 'Approve or reject payouts pending review (one or many); each is changed or skipped with its reason',
        body: reviewBody,
        response: { 200: envelopeOf(z.object({ changed: z.array(record), skipped: z.array(z.object({ id: z.string(), message: z.string() })) })) },
      },
    },
    async (req) => ok(await review(req, req.body), t(req.lang, 'error.operationSucceeded')),
  );

  app.get(
    '/payouts/review/waiting',
    {
      config: { permission: Perm.PAYOUT_REVIEW },
      schema: {
        tags,
        summary: "What waits for the caller's review in the session currency: single payouts and batches pending review made by someone else; a batch counts once (its payouts are reviewed with it), total = the length of the queue",
        response: { 200: envelopeOf(z.object({ payouts: z.number().int(), batches: z.number().int(), total: z.number().int() })) },
      },
    },
    async (req) => ok(await countWaitingForReview(app.db, req, requireAuth(req).username)),
  );

  app.get(
    '/payouts/review/queue',
    {
      config: { permission: Perm.PAYOUT_REVIEW },
      schema: {
        tags,
        summary: "The caller's review queue, oldest first: each single payout and each batch as one item (its payouts are reviewed with it), the same items /payouts/review/waiting counts",
        querystring: z.object({ page: z.coerce.number().int().min(1).default(1), pageSize: z.coerce.number().int().min(1).max(REVIEW_QUEUE_PAGE_MAX).default(20) }),
        response: { 200: envelopeOf(z.object({ total: z.number().int(), page: z.number().int(), pageSize: z.number().int(), items: z.array(queueItemSchema) })) },
      },
    },
    async (req) => {
      const username = requireAuth(req).username;
      const { page, pageSize } = req.query;
      const [counted, rows] = await Promise.all([countWaitingForReview(app.db, req, username), selectReviewQueue(app.db, req, username, { limit: pageSize, offset: (page - 1) * pageSize })]);
      return ok({ total: counted.total, page, pageSize, items: rows.map(queueItemView) });
    },
  );

  // One payout by its path (the contract): the same review, a refusal answered as the error it is.
  for (const action of ['approve', 'reject'] as const) {
    app.post(
      `/payouts/:id/${action}`,
      {
        config: { permission: Perm.PAYOUT_REVIEW },
        schema: {
          tags,
          summary: action === 'approve' ? 'Approve one payout pending review (not its maker; the Google code when 2FA is on)' : 'Reject one payout pending review with a reason; its hold is released',
          params: z.object({ id: z.string().min(1).max(32) }),
          body: reviewBody.omit({ action: true, ids: true }),
          response: { 200: envelopeOf(record) },
        },
      },
      async (req) => {
        const out = await review(req, { ...req.body, action, ids: [req.params.id] }, { throwSkipped: true });
        return ok(out.changed[0]!, t(req.lang, 'error.operationSucceeded'));
      },
    );
  }

  app.get(
    '/payouts/policy',
    {
      config: { permission: Perm.PAYOUT_MENU },
      schema: { tags, summary: "The merchant's payout approval policy per currency (none: every payout is reviewed)", response: { 200: envelopeOf(policySchema) } },
    },
    async (req) => {
      const merchantId = ownMerchant(req);
      return ok(policyView(merchantId, await selectPolicies(app.db, merchantId)));
    },
  );

  app.put(
    '/payouts/policy',
    {
      config: { permission: Perm.PAYOUT_REVIEW },
      schema: {
        tags,
        summary: 'Set the auto-approval limits of one currency (empty: that currency is always reviewed)',
        body: z.object({ currency: z.string().min(1).max(8), autoApproveMax: z.string().max(40).nullable(), dailyAutoMax: z.string().max(40).nullable(), googleCode }),
        response: { 200: envelopeOf(policySchema) },
      },
    },
    async (req) => {
      const auth = requireAuth(req);
      const merchantId = ownMerchant(req);
      const currency: CurrencyCode = currencyField(req.body.currency);
      const amount = (v: string | null, field: string) => (v === null || v.trim() === '' ? null : amountOf(v, currency, field));
      const autoApproveMax = amount(req.body.autoApproveMax, 'autoApproveMax');
      const dailyAutoMax = amount(req.body.dailyAutoMax, 'dailyAutoMax');
      await upsertPolicy(app.db, { merchantId, currency, autoApproveMax, dailyAutoMax, updatedBy: auth.username });
      await audit(app.db, req, 'payout_policy_changed', { success: true, merchantId, detail: { currency, autoApproveMax: req.body.autoApproveMax, dailyAutoMax: req.body.dailyAutoMax } });
      return ok(policyView(merchantId, await selectPolicies(app.db, merchantId)), t(req.lang, 'error.operationSucceeded'));
    },
  );
};
