/**
 * Balances per currency and the low-balance limit (docs/payments-api.md "Balances").
 */
import { Perm, currencySchema } from '@mg/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeOf, ok } from '../../lib/envelope';
import { fieldError } from '../../lib/errors';
import { t } from '../../lib/i18n';
import { audit, requireAuth } from '../auth';
import { ownMerchant } from '../auth/scope';
import { checkLowBalance } from './limit';
import { allMerchantsBalancesView, balancesView, merchantCurrencies, parseLimit, setLimit } from './service';

const money = z.string().describe('decimal string in the currency units');

const balanceSchema = z.object({
  currency: z.string(),
  available: money,
  pending: money,
  frozen: money,
  limitBalance: money.nullable().describe('low-balance threshold; null: none'),
  belowLimit: z.boolean(),
});

const merchantQuery = z.object({
  merchantId: z.coerce.number().int().positive().optional().describe('platform staff: this merchant'),
});

export const balanceRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/balances',
    {
      config: { permission: Perm.BALANCE_MENU },
      schema: {
        tags: ['funds'],
        summary: 'Available, pending and frozen balance per currency of the merchant, with the low-balance limit',
        querystring: merchantQuery,
        response: { 200: envelopeOf(z.array(balanceSchema)) },
      },
    },
    async (req) => {
      const auth = requireAuth(req);
      if (auth.isPlatform && req.query.merchantId === undefined) return ok(await allMerchantsBalancesView(app.db, auth.merchantId));
      return ok(await balancesView(app.db, ownMerchant(req, req.query.merchantId)));
    },
  );

  app.put(
    '/balances/:currency/limit',
    {
      config: { permission: Perm.BALANCE_LIMIT_EDIT },
      schema: {
        tags: ['funds'],
        summary: 'Set (positive whole amount) or clear (null) the low-balance limit of one currency',
        params: z.object({ currency: currencySchema }),
        querystring: merchantQuery,
        body: z.object({
          limitBalance: z.union([z.string().max(32), z.number(), z.null()]).describe('whole currency units; null removes it'),
        }),
        response: { 200: envelopeOf(balanceSchema) },
      },
    },
    async (req) => {
      // A threshold is one merchant's: platform staff name the merchant (their own balances are not a merchant's).
      if (requireAuth(req).isPlatform && req.query.merchantId === undefined) throw fieldError('merchantId', 'balances.chooseMerchant');
      const merchantId = ownMerchant(req, req.query.merchantId);
      const { currency } = req.params;
      if (!(await merchantCurrencies(app.db, merchantId)).includes(currency)) {
        throw fieldError('currency', 'validation.currency.invalid', { params: { value: currency } });
      }
      const raw = req.body.limitBalance;
      const threshold = raw === null ? null : parseLimit(raw, currency);
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
    },
  );
};
