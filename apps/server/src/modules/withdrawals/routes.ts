/**
 * Withdrawals from the dashboard (docs/payments-api.md "Withdrawals"): the records list; the merchant's accounts (its
 * admin adds and deletes them with the Google code when 2FA is on; provider staff verify them); the limits and arrival
 * date the form shows; the quote of the confirmation step; the withdrawal; the daily auto-withdrawal; provider
 * staff's review and limits.
 */
import {
  MONEY_ERROR_KEYS,
  Perm,
  WITHDRAWAL_REJECT_REASON_MAX_LENGTH,
  decimalsOf,
  parseAmount,
  answerRecordOf,
  findPayoutDestination,
  toMajorString,
  withdrawalAccountSchema,
  withdrawalAutoSchema,
  withdrawalLimitsSchema,
  withdrawalBodySchema,
  withdrawalCalls,
  withdrawalsList,
  expectedArrivalDate,
  type CurrencyCode,
  type WithdrawalAccountView,
} from '@mg/domain';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { forbidden, notFound } from '../../lib/admin';
import { amountOf } from '../../lib/amounts';
import { envelopeOf, ok } from '../../lib/envelope';
import { fieldError } from '../../lib/errors';
import { currencyField } from '../../lib/fields';
import { t } from '../../lib/i18n';
import { registerList } from '../../lib/list/route';
import { audit, requireAuth } from '../auth';
import { ownMerchant, ownScope } from '../auth/scope';
import { googleCodeField } from '../auth/second-factor';
import { balancesOf } from '../ledger/service';
import { autoWithdrawalView, setAutoWithdrawal } from './auto';
import { registerWithdrawalJobs } from './jobs';
import { quoteView } from './quote-view';
import { callRoute } from '../../lib/call-route';
import { countWaiting, selectAccounts, selectWithdrawal, toWithdrawalRecord, withdrawalsSource, type WithdrawalAccountRow } from './queries';
import { addAccount, createWithdrawal, isUsable, limitsOf, quoteWithdrawal, removeAccount, reviewWithdrawal, setLimits, verifyAccount } from './service';

const tags = ['withdrawals'];
const record = answerRecordOf(withdrawalsList);
const googleCode = googleCodeField;

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

const withdrawalBody = withdrawalBodySchema;

export const withdrawalRoutes: FastifyPluginAsyncZod = async (app) => {
  registerWithdrawalJobs(app);
  registerList(app, withdrawalsSource, { tags, summary: "The merchant's withdrawals, newest first" });

  const available = async (merchantId: number, currency: CurrencyCode) =>
    (await balancesOf(app.db, merchantId)).find((b) => b.currency === currency && b.kind === 'available')?.balance ?? 0n;

  app.get(
    '/withdrawals/review/waiting',
    {
      config: { permission: Perm.WITHDRAWAL_REVIEW },
      schema: { tags, summary: "Provider staff's queues: withdrawals waiting for review, accounts waiting for verification", response: { 200: envelopeOf(z.object({ withdrawals: z.number(), accounts: z.number() })) } },
    },
    async (req) => {
      staffOnly(req);
      return ok(await countWaiting(app.db));
    },
  );

  app.get(
    '/withdrawals/accounts',
    {
      config: { permission: Perm.WITHDRAWAL_MENU },
      schema: {
        tags,
        summary: "The merchant's withdrawal accounts (provider staff: every merchant's, or one; `status=pending` is their verification queue)",
        querystring: z.object({ currency: z.string().max(8).optional(), status: z.enum(['pending', 'verified', 'rejected']).optional(), merchantId: z.coerce.number().int().positive().optional() }),
        response: { 200: envelopeOf(z.array(withdrawalAccountSchema)) },
      },
    },
    async (req) => {
      const scope = ownScope(req, req.query.merchantId);
      const rows = await selectAccounts(app.db, scope.all ? null : scope.ids, { currency: req.query.currency?.toUpperCase(), status: req.query.status });
      const now = new Date();
      return ok(rows.map((a) => accountView(a, now)));
    },
  );

  app.post(
    '/withdrawals/accounts',
    {
      config: { permission: Perm.WITHDRAWAL_ACCOUNT_EDIT },
      schema: {
        tags,
        summary: 'Add a withdrawal account (a bank of the currency, with its country fields); every admin of the merchant is told; usable once verified',
        body: z.object({
          currency: z.string().min(1).max(8),
          bankCode: z.string().trim().max(32),
          accountName: z.string().max(200).optional(),
          accountNumber: z.string().max(120).optional(),
          accountType: z.string().max(16).optional(),
          documentId: z.string().max(32).optional(),
          bankAgency: z.string().max(16).optional(),
          googleCode,
        }),
        response: { 200: envelopeOf(withdrawalAccountSchema) },
      },
    },
    async (req) => {
      const auth = requireAuth(req);
      const b = req.body;
      const currency = currencyField(b.currency);
      const merchantId = ownMerchant(req);
      const row = await addAccount(app.db, { ...b, currency, bankCode: b.bankCode.toUpperCase(), merchantId, createdBy: auth.username }, { mailer: app.mailer, log: req.log });
      await audit(app.db, req, 'withdrawal_account_added', { success: true, merchantId, detail: { currency, bankCode: row.bankCode, accountId: row.id } });
      return ok(accountView(row), t(req.lang, 'withdrawals.form.accountAdded'));
    },
  );

  app.delete(
    '/withdrawals/accounts/:id',
    {
      config: { permission: Perm.WITHDRAWAL_ACCOUNT_EDIT },
      schema: { tags, summary: 'Delete a withdrawal account at once (withdrawals made to it keep it)', params: z.object({ id: z.coerce.number().int().positive() }), querystring: z.object({ googleCode }) },
    },
    async (req) => {
      const merchantId = ownMerchant(req);
      await removeAccount(app.db, merchantId, req.params.id);
      await audit(app.db, req, 'withdrawal_account_deleted', { success: true, merchantId, detail: { accountId: req.params.id } });
      return ok(null, t(req.lang, 'error.operationSucceeded'));
    },
  );

  app.post(
    '/withdrawals/accounts/:id/verify',
    {
      config: { permission: Perm.WITHDRAWAL_REVIEW },
      schema: { tags, summary: 'Provider staff: verify (usable at once) or reject a pending account', params: z.object({ id: z.coerce.number().int().positive() }), body: z.object({ verify: z.boolean(), googleCode }), response: { 200: envelopeOf(withdrawalAccountSchema) } },
    },
    async (req) => {
      const row = await verifyAccount(app.db, req.params.id, req.body.verify, staffOnly(req));
      await audit(app.db, req, 'withdrawal_account_verified', { success: true, merchantId: row.merchantId, detail: { accountId: row.id, status: row.status } });
      return ok(accountView(row), t(req.lang, 'error.operationSucceeded'));
    },
  );

  app.get(
    '/withdrawals/auto/:currency',
    {
      config: { permission: Perm.WITHDRAWAL_MENU },
      schema: { tags, summary: 'The auto-withdrawal of a currency (off until set)', params: z.object({ currency: z.string().min(1).max(8) }), response: { 200: envelopeOf(withdrawalAutoSchema) } },
    },
    async (req) => ok(await autoWithdrawalView(app.db, ownMerchant(req), currencyField(req.params.currency))),
  );

  app.put(
    '/withdrawals/auto/:currency',
    {
      config: { permission: Perm.WITHDRAWAL_ACCOUNT_EDIT },
      schema: {
        tags,
        summary: "Set the auto-withdrawal of a currency: daily at `hour` (the currency's zone), what is above `floor` goes to the account",
        params: z.object({ currency: z.string().min(1).max(8) }),
        body: z.object({ enabled: z.boolean(), accountId: z.coerce.number().int().positive(), floor: z.string().max(40), hour: z.coerce.number().int().min(0).max(23), googleCode }),
        response: { 200: envelopeOf(withdrawalAutoSchema) },
      },
    },
    async (req) => {
      const currency = currencyField(req.params.currency);
      const merchantId = ownMerchant(req);
      const parsed = parseAmount(req.body.floor, currency, { allowZero: true });
      if (!parsed.ok) throw fieldError('floor', MONEY_ERROR_KEYS[parsed.error], { params: { digits: decimalsOf(currency) } });
      const floor = parsed.minor;
      const view = await setAutoWithdrawal(app.db, { merchantId, currency, enabled: req.body.enabled, accountId: req.body.accountId, floor, hour: req.body.hour, by: requireAuth(req).username });
      await audit(app.db, req, 'withdrawal_auto_changed', { success: true, merchantId, detail: { currency, accountId: req.body.accountId, status: req.body.enabled ? 'on' : 'off', after: `${req.body.floor}@${req.body.hour}` } });
      return ok(view, t(req.lang, 'error.operationSucceeded'));
    },
  );

  app.get(
    '/withdrawals/limits',
    {
      config: { permission: Perm.WITHDRAWAL_MENU },
      schema: { tags, summary: 'Minimum and maximum of one withdrawal in a currency, the available balance, and the arrival date if asked now', querystring: z.object({ currency: z.string().min(1).max(8) }), response: { 200: envelopeOf(withdrawalLimitsSchema) } },
    },
    async (req) => {
      const currency = currencyField(req.query.currency);
      const { min, max } = await limitsOf(app.db, currency);
      const money = (v: bigint) => toMajorString(v, currency);
      return ok({ currency, min: money(min), max: max === null ? null : money(max), available: money(await available(ownMerchant(req), currency)), expectedArrival: expectedArrivalDate(new Date(), currency) });
    },
  );

  app.put(
    '/withdrawals/limits/:currency',
    {
      config: { permission: Perm.WITHDRAWAL_REVIEW },
      schema: { tags, summary: 'Provider staff: the minimum and maximum of one withdrawal in a currency', params: z.object({ currency: z.string().min(1).max(8) }), body: z.object({ minAmount: z.string().max(40), maxAmount: z.string().max(40) }) },
    },
    async (req) => {
      const by = staffOnly(req);
      const currency = currencyField(req.params.currency);
      await setLimits(app.db, currency, amountOf(req.body.minAmount, currency, 'minAmount'), amountOf(req.body.maxAmount, currency, 'maxAmount'), by);
      await audit(app.db, req, 'withdrawal_limits_changed', { success: true, detail: { currency, before: null, after: `${req.body.minAmount}-${req.body.maxAmount}` } });
      return ok(null, t(req.lang, 'error.operationSucceeded'));
    },
  );

  app.post(withdrawalCalls.quote.path, callRoute(withdrawalCalls.quote, { tags }), async (req) => {
    const currency = currencyField(req.body.currency);
    const input = { merchantId: ownMerchant(req), currency, amount: amountOf(req.body.amount, currency, 'amount'), accountId: req.body.accountId ?? 0 };
    return ok(quoteView(input, await quoteWithdrawal(app.db, input)));
  });

  app.post(
    '/withdrawals',
    {
      config: { permission: Perm.WITHDRAWAL_ADD },
      schema: { tags, summary: 'Withdraw: amount + fee held at once, waiting for provider staff (400 naming the field with spec §5 messages, 422 INSUFFICIENT_BALANCE)', body: withdrawalBody, response: { 200: envelopeOf(record) } },
    },
    async (req) => {
      const auth = requireAuth(req);
      const b = req.body;
      const currency = currencyField(b.currency);
      const merchantId = ownMerchant(req);
      const row = await createWithdrawal(app.db, { merchantId, currency, amount: amountOf(b.amount, currency, 'amount'), accountId: b.accountId ?? 0, createdBy: auth.username });
      await audit(app.db, req, 'withdrawal_created', { success: true, merchantId, detail: { withdrawalId: row.id, amount: b.amount, currency } });
      return ok(toWithdrawalRecord(row), t(req.lang, 'error.operationSucceeded'));
    },
  );

  app.post(
    '/withdrawals/:id/review',
    {
      config: { permission: Perm.WITHDRAWAL_REVIEW },
      schema: {
        tags,
        summary: 'Provider staff: approve (sent to the channel) or reject with a reason (the hold released)',
        params: z.object({ id: z.string().min(1).max(32) }),
        body: z.object({ action: z.enum(['approve', 'reject']), reason: z.string().max(WITHDRAWAL_REJECT_REASON_MAX_LENGTH).optional(), googleCode }),
        response: { 200: envelopeOf(record) },
      },
    },
    async (req) => {
      const by = staffOnly(req);
      const found = await selectWithdrawal(app.db, req.params.id);
      if (!found) throw notFound();
      const approve = req.body.action === 'approve';
      const row = await reviewWithdrawal(app.db, { merchantId: found.merchantId, id: found.id, approve, reason: req.body.reason, by });
      await audit(app.db, req, approve ? 'withdrawal_approved' : 'withdrawal_rejected', { success: true, merchantId: row.merchantId, detail: { withdrawalId: row.id, reason: req.body.reason ?? null } });
      return ok(toWithdrawalRecord(row), t(req.lang, 'error.operationSucceeded'));
    },
  );
};
