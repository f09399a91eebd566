/**
 * Withdrawals from the dashboard (docs/payments-api.md "Withdrawals"): the records list; the merchant's accounts (its
 * admin adds and deletes them with the Google code when 2FA is on; provider staff verify them); the limits and arrival
 * date the form shows; the quote of the confirmation step; the withdrawal; the daily auto-withdrawal; provider
 * staff's review and limits.
 */
import { findPayoutDestination, withdrawalCalls, type CurrencyCode, type WithdrawalAccountView } from '@mg/domain';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { forbidden, notFound } from '../../lib/admin';
import { amountOf } from '../../lib/amounts';
import { callRoute } from '../../lib/call-route';
import { ok } from '../../lib/envelope';
import { currencyField } from '../../lib/fields';
import { t } from '../../lib/i18n';
import { registerList } from '../../lib/list/route';
import { audit, requireAuth } from '../auth';
import { ownMerchant, ownScope } from '../auth/scope';
import { autoFloorOf, autoWithdrawalView, setAutoWithdrawal } from './auto';
import { registerWithdrawalJobs } from './jobs';
import { quoteView } from './quote-view';
import { countWaiting, selectAccounts, selectWithdrawal, toWithdrawalRecord, withdrawalsSource, type WithdrawalAccountRow } from './queries';
import { addAccount, createWithdrawal, isUsable, limitsView, quoteWithdrawal, removeAccount, reviewWithdrawal, setLimits, verifyAccount } from './service';

const tags = ['withdrawals'];

/**
 * Provider staff only, whatever codes a role was given: a merchant may never review its own withdrawals, verify its
 * own accounts or move its own limits.
 */
function staffOnly(req: FastifyRequest): string {
  const auth = requireAuth(req);
  if (!auth.isPlatform) throw forbidden('withdrawals.platformOnly');
  return auth.username;
}

function accountView(a: WithdrawalAccountRow, now = new Date()): WithdrawalAccountView {
  return {
    id: a.id,
    merchantId: a.merchantId,
    currency: a.currency,
    bankCode: a.bankCode,
    bankName: findPayoutDestination(a.currency as CurrencyCode, a.bankCode)?.name ?? a.bankCode,
    accountName: a.accountName,
    accountNumber: a.accountNumber,
    status: a.status as WithdrawalAccountView['status'],
    usable: isUsable(a, now),
    usableAt: a.usableAt.toISOString(),
    createdBy: a.createdBy,
    createdAt: a.createdAt.toISOString(),
  };
}

export const withdrawalRoutes: FastifyPluginAsyncZod = async (app) => {
  registerWithdrawalJobs(app);
  registerList(app, withdrawalsSource, { tags, summary: "The merchant's withdrawals, newest first" });

  app.get(withdrawalCalls.waiting.path, callRoute(withdrawalCalls.waiting, { tags }), async (req) => {
    staffOnly(req);
    return ok(await countWaiting(app.db));
  });

  app.get(withdrawalCalls.accounts.path, callRoute(withdrawalCalls.accounts, { tags }), async (req) => {
    const scope = ownScope(req, req.query.merchantId);
    const rows = await selectAccounts(app.db, scope.all ? null : scope.ids, { currency: req.query.currency?.toUpperCase(), status: req.query.status });
    const now = new Date();
    return ok(rows.map((a) => accountView(a, now)));
  });

  app.post(withdrawalCalls.addAccount.path, callRoute(withdrawalCalls.addAccount, { tags }), async (req) => {
    const auth = requireAuth(req);
    const b = req.body;
    const currency = currencyField(b.currency);
    const merchantId = ownMerchant(req);
    const row = await addAccount(app.db, { ...b, currency, bankCode: b.bankCode.toUpperCase(), merchantId, createdBy: auth.username }, { mailer: app.mailer, log: req.log });
    await audit(app.db, req, 'withdrawal_account_added', { success: true, merchantId, detail: { currency, bankCode: row.bankCode, accountId: row.id } });
    return ok(accountView(row), t(req.lang, 'withdrawals.form.accountAdded'));
  });

  app.delete(withdrawalCalls.deleteAccount.path, callRoute(withdrawalCalls.deleteAccount, { tags }), async (req) => {
    const merchantId = ownMerchant(req);
    await removeAccount(app.db, merchantId, req.params.id);
    await audit(app.db, req, 'withdrawal_account_deleted', { success: true, merchantId, detail: { accountId: req.params.id } });
    return ok(null, t(req.lang, 'error.operationSucceeded'));
  });

  app.post(withdrawalCalls.verifyAccount.path, callRoute(withdrawalCalls.verifyAccount, { tags }), async (req) => {
    const row = await verifyAccount(app.db, req.params.id, req.body.verify, staffOnly(req));
    await audit(app.db, req, 'withdrawal_account_verified', { success: true, merchantId: row.merchantId, detail: { accountId: row.id, status: row.status } });
    return ok(accountView(row), t(req.lang, 'error.operationSucceeded'));
  });

  app.get(withdrawalCalls.auto.path, callRoute(withdrawalCalls.auto, { tags }), async (req) =>
    ok(await autoWithdrawalView(app.db, ownMerchant(req), currencyField(req.params.currency))),
  );

  app.put(withdrawalCalls.setAuto.path, callRoute(withdrawalCalls.setAuto, { tags }), async (req) => {
    const currency = currencyField(req.params.currency);
    const merchantId = ownMerchant(req);
    const floor = autoFloorOf(req.body.floor, currency);
    const view = await setAutoWithdrawal(app.db, { merchantId, currency, enabled: req.body.enabled, accountId: req.body.accountId, floor, hour: req.body.hour, by: requireAuth(req).username });
    await audit(app.db, req, 'withdrawal_auto_changed', { success: true, merchantId, detail: { currency, accountId: req.body.accountId, status: req.body.enabled ? 'on' : 'off', after: `${req.body.floor}@${req.body.hour}` } });
    return ok(view, t(req.lang, 'error.operationSucceeded'));
  });

  app.get(withdrawalCalls.limits.path, callRoute(withdrawalCalls.limits, { tags }), async (req) => {
    const currency = currencyField(req.query.currency);
    return ok(await limitsView(app.db, ownMerchant(req), currency));
  });

  app.put(withdrawalCalls.setLimits.path, callRoute(withdrawalCalls.setLimits, { tags }), async (req) => {
    const by = staffOnly(req);
    const currency = currencyField(req.params.currency);
    await setLimits(app.db, currency, amountOf(req.body.minAmount, currency, 'minAmount'), amountOf(req.body.maxAmount, currency, 'maxAmount'), by);
    await audit(app.db, req, 'withdrawal_limits_changed', { success: true, detail: { currency, before: null, after: `${req.body.minAmount}-${req.body.maxAmount}` } });
    return ok(null, t(req.lang, 'error.operationSucceeded'));
  });

  app.post(withdrawalCalls.quote.path, callRoute(withdrawalCalls.quote, { tags }), async (req) => {
    const currency = currencyField(req.body.currency);
    const input = { merchantId: ownMerchant(req), currency, amount: amountOf(req.body.amount, currency, 'amount'), accountId: req.body.accountId ?? 0 };
    return ok(quoteView(input, await quoteWithdrawal(app.db, input)));
  });

  app.post(withdrawalCalls.create.path, callRoute(withdrawalCalls.create, { tags }), async (req) => {
    const auth = requireAuth(req);
    const b = req.body;
    const currency = currencyField(b.currency);
    const merchantId = ownMerchant(req);
    const row = await createWithdrawal(app.db, { merchantId, currency, amount: amountOf(b.amount, currency, 'amount'), accountId: b.accountId ?? 0, createdBy: auth.username });
    await audit(app.db, req, 'withdrawal_created', { success: true, merchantId, detail: { withdrawalId: row.id, amount: b.amount, currency } });
    return ok(toWithdrawalRecord(row), t(req.lang, 'error.operationSucceeded'));
  });

  app.post(withdrawalCalls.review.path, callRoute(withdrawalCalls.review, { tags }), async (req) => {
    const by = staffOnly(req);
    const found = await selectWithdrawal(app.db, req.params.id);
    if (!found) throw notFound();
    const approve = req.body.action === 'approve';
    const row = await reviewWithdrawal(app.db, { merchantId: found.merchantId, id: found.id, approve, reason: req.body.reason, by });
    await audit(app.db, req, approve ? 'withdrawal_approved' : 'withdrawal_rejected', { success: true, merchantId: row.merchantId, detail: { withdrawalId: row.id, reason: req.body.reason ?? null } });
    return ok(toWithdrawalRecord(row), t(req.lang, 'error.operationSucceeded'));
  });
};
