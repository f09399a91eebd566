/**
 * Payouts from the dashboard (docs/payments-api.md "Payouts"): the records list, the destinations of a currency,
 * one payout with its history and callbacks, the fee quote of the confirmation step, create, review (approve or
 * reject, one or many; maker-checker, the Google code when 2FA is on), cancel, and the approval policy. Each call is
 * declared once in the domain (payoutCalls).
 */
import { ApiKeyMode, CallbackOrderKind, payoutCalls, type CallBody, type CurrencyCode } from '@mg/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { amountOf } from '../../lib/amounts';
import { callRoute } from '../../lib/call-route';
import { ok } from '../../lib/envelope';
import { t } from '../../lib/i18n';
import { registerList } from '../../lib/list/route';
import { notFound } from '../../lib/admin';
import { audit, requireAuth } from '../auth';
import { ownMerchant } from '../auth/scope';
import { deliveriesForOrder } from '../callbacks/service';
import { currencyField } from '../../lib/fields';
import { batchRoutes } from './batch-routes';
import { registerPayoutJobs } from './jobs';
import { payoutsSource, selectScopedPayout, toPayoutRecord } from './queries';
import { countWaitingForReview, selectReviewQueue } from './queries/review';
import { destinationsView, queueItemView, timelineOf } from './views';
import { cancelPayout, createPayout, dashboardOrderId, type CreatePayoutInput } from './service';
import { quotePayout } from './quote';
import { reviewPayouts } from './review';
import { payoutPolicyOf, savePayoutPolicy } from './policy';

const tags = ['payouts'];

type PayoutBody = CallBody<typeof payoutCalls.create>;

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

  app.get(payoutCalls.destinations.path, callRoute(payoutCalls.destinations, { tags }), async (req) => ok(destinationsView(currencyField(req.query.currency), req.lang)));

  app.post(payoutCalls.quote.path, callRoute(payoutCalls.quote, { tags }), async (req) =>
    ok(await quotePayout(app.db, inputOf(req, req.body, req.body.merchantOrderId || 'QUOTE'))),
  );

  app.post(payoutCalls.create.path, callRoute(payoutCalls.create, { tags }), async (req) => {
    const orderId = req.body.merchantOrderId?.trim();
    const input = inputOf(req, req.body, orderId || dashboardOrderId());
    const detail = { amount: req.body.amount, currency: input.currency, bankCode: input.bankCode, merchantOrderId: input.merchantOrderId };
    try {
      const row = await createPayout(app.db, input);
      await audit(app.db, req, 'payout_created', { success: true, merchantId: row.merchantId, detail: { ...detail, payoutId: row.id, status: row.status } });
      return ok(toPayoutRecord(row), t(req.lang, 'error.operationSucceeded'));
    } catch (e) {
      await audit(app.db, req, 'payout_created', { success: false, merchantId: input.merchantId, detail });
      throw e;
    }
  });

  app.get(payoutCalls.detail.path, callRoute(payoutCalls.detail, { tags }), async (req) => {
    const row = await selectScopedPayout(app.db, req, req.params.id);
    if (!row) throw notFound();
    const callbacks = await deliveriesForOrder(app.db, { merchantIds: [row.merchantId], orderKind: CallbackOrderKind.PAYOUT, orderId: row.id });
    return ok({ payout: toPayoutRecord(row), timeline: timelineOf(row), callbacks });
  });

  app.post(payoutCalls.cancel.path, callRoute(payoutCalls.cancel, { tags }), async (req) => {
    const found = await selectScopedPayout(app.db, req, req.params.id);
    if (!found) throw notFound();
    const row = await cancelPayout(app.db, { merchantId: found.merchantId, id: found.id });
    await audit(app.db, req, 'payout_cancelled', { success: true, merchantId: row.merchantId, detail: { payoutId: row.id } });
    return ok(toPayoutRecord(row), t(req.lang, 'error.operationSucceeded'));
  });

  app.post(payoutCalls.review.path, callRoute(payoutCalls.review, { tags }), async (req) => ok(await reviewPayouts(app.db, req, req.body), t(req.lang, 'error.operationSucceeded')));

  app.get(payoutCalls.reviewWaiting.path, callRoute(payoutCalls.reviewWaiting, { tags }), async (req) => ok(await countWaitingForReview(app.db, req, requireAuth(req).username)));

  app.get(payoutCalls.reviewQueue.path, callRoute(payoutCalls.reviewQueue, { tags }), async (req) => {
    const username = requireAuth(req).username;
    const { page, pageSize } = req.query;
    const [counted, rows] = await Promise.all([countWaitingForReview(app.db, req, username), selectReviewQueue(app.db, req, username, { limit: pageSize, offset: (page - 1) * pageSize })]);
    return ok({ total: counted.total, page, pageSize, items: rows.map(queueItemView) });
  });

  // One payout by its path (the contract): the same review, a refusal answered as the error it is.
  for (const [action, call] of [['approve', payoutCalls.approve], ['reject', payoutCalls.reject]] as const) {
    app.post(call.path, callRoute(call, { tags }), async (req) => {
      const out = await reviewPayouts(app.db, req, { ...req.body, action, ids: [req.params.id] }, { throwSkipped: true });
      return ok(out.changed[0]!, t(req.lang, 'error.operationSucceeded'));
    });
  }

  app.get(payoutCalls.policy.path, callRoute(payoutCalls.policy, { tags }), async (req) => ok(await payoutPolicyOf(app.db, ownMerchant(req))));

  app.put(payoutCalls.savePolicy.path, callRoute(payoutCalls.savePolicy, { tags }), async (req) => {
    const auth = requireAuth(req);
    const merchantId = ownMerchant(req);
    const currency: CurrencyCode = currencyField(req.body.currency);
    const policy = await savePayoutPolicy(app.db, { merchantId, currency, autoApproveMax: req.body.autoApproveMax, dailyAutoMax: req.body.dailyAutoMax, updatedBy: auth.username });
    await audit(app.db, req, 'payout_policy_changed', { success: true, merchantId, detail: { currency, autoApproveMax: req.body.autoApproveMax, dailyAutoMax: req.body.dailyAutoMax } });
    return ok(policy, t(req.lang, 'error.operationSucceeded'));
  });
};
