/**
 * Balances and balance records (docs/payments-api.md "Balances", "Balance records"); registered by
 * modules/collections/routes.ts under /api.
 */
import { Perm, currencySchema, pagingSchema } from '@mg/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ledgerEntry } from '../../db/schema';
import { envelopeOf, ok } from '../../lib/envelope';
import { fieldError } from '../../lib/errors';
import { t } from '../../lib/i18n';
import { audit } from '../auth';
import { balanceRecordFilters, merchantOf, type balanceRecordFilterSchema } from '../collections/filters';
import { readListPage, type ListSource } from '../collections/list-page';
import { balanceRecordsFrom, listBalanceRecords, listPageSchema, type BalanceRecord } from '../collections/queries';
import { checkLowBalance } from './limit';
import { balancesView, merchantCurrencies, parseLimit, setLimit } from './service';

const BALANCE_RECORD_LIST: ListSource<typeof balanceRecordFilterSchema, BalanceRecord> = {
  filter: balanceRecordFilters,
  sort: { createdAt: ledgerEntry.createdAt, createTime: ledgerEntry.createdAt },
  read: listBalanceRecords,
  countFrom: balanceRecordsFrom,
};

const money = z.string().describe('decimal string in the currency units');

const balanceSchema = z.object({
  currency: z.string(),
  available: money,
  pending: money,
  frozen: money,
  limitBalance: money.nullable().describe('low-balance threshold; null: none'),
  belowLimit: z.boolean(),
});

const balanceRecordSchema = z.object({
  id: z.number(),
  merchantId: z.number(),
  transferId: z.number(),
  actionType: z.number().describe('spec §3 ActionType 1-7'),
  flow: z.string(),
  account: z.string().describe('available, pending, frozen'),
  reference: z.string(),
  amount: money.describe('signed movement of the account'),
  fee: money.describe('fee of the business operation'),
  balanceBefore: money,
  balanceAfter: money,
  currency: z.string(),
  createdAt: z.string(),
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
    async (req) => ok(await balancesView(app.db, merchantOf(req, req.query.merchantId))),
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
      const merchantId = merchantOf(req, req.query.merchantId);
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

  app.get(
    '/balance-records',
    {
      config: { permission: Perm.BALANCE_RECORD_MENU },
      schema: {
        tags: ['funds'],
        summary: "Balance records: the entries of the merchant's available, pending and frozen accounts, newest first",
        querystring: pagingSchema.extend(balanceRecordFilters.schema.shape),
        response: { 200: envelopeOf(listPageSchema(balanceRecordSchema)) },
      },
    },
    async (req) => ok(await readListPage(app.db, req, req.query, BALANCE_RECORD_LIST)),
  );
};
