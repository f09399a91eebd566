/**
 * Balances per currency and the low-balance limit (docs/payments-api.md "Balances").
 */
import { balanceCalls } from '@mg/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { callRoute } from '../../lib/call-route';
import { ok } from '../../lib/envelope';
import { fieldError } from '../../lib/errors';
import { t } from '../../lib/i18n';
import { audit, requireAuth } from '../auth';
import { ownMerchant } from '../auth/scope';
import { checkLowBalance } from './limit';
import { allMerchantsBalancesView, balancesView, limitRequested, setLimit } from './service';

const tags = ['funds'];

export const balanceRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(balanceCalls.summary.path, callRoute(balanceCalls.summary, { tags }), async (req) => {
    const auth = requireAuth(req);
    if (auth.isPlatform && req.query.merchantId === undefined) return ok(await allMerchantsBalancesView(app.db, auth.merchantId));
    return ok(await balancesView(app.db, ownMerchant(req, req.query.merchantId)));
  });

  app.put(balanceCalls.setLimit.path, callRoute(balanceCalls.setLimit, { tags }), async (req) => {
    // A threshold is one merchant's: platform staff name the merchant (their own balances are not a merchant's).
    if (requireAuth(req).isPlatform && req.query.merchantId === undefined) throw fieldError('merchantId', 'balances.chooseMerchant');
    const merchantId = ownMerchant(req, req.query.merchantId);
    const { currency } = req.params;
    const raw = req.body.limitBalance;
    const threshold = await limitRequested(app.db, merchantId, currency, raw);
    await setLimit(app.db, merchantId, currency, threshold);
    await audit(app.db, req, 'balance_limit_changed', {
      success: true,
      merchantId,
      detail: { currency, limitBalance: raw === null ? null : String(raw).trim() },
    });
    // Already below the new limit: the notice goes out now, not at the next money movement.
    if (threshold !== null) await checkLowBalance(app.db, { mailer: app.mailer, log: req.log }, merchantId, currency);
    const view = (await balancesView(app.db, merchantId)).find((b) => b.currency === currency);
    return ok(view!, t(req.lang, 'error.operationSucceeded'));
  });
};
