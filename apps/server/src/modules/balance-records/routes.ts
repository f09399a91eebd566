/** Balance records (docs/payments-api.md "Balance records"): the entries of the merchant's own ledger accounts. */
import { Perm, pagingSchema } from '@mg/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ledgerEntry } from '../../db/schema';
import { envelopeOf, ok } from '../../lib/envelope';
import { balanceRecordFilters, type balanceRecordFilterSchema } from '../collections/filters';
import { readListPage, type ListSource } from '../collections/list-page';
import { balanceRecordsFrom, listBalanceRecords, listPageSchema, type BalanceRecord } from '../collections/queries';

const BALANCE_RECORD_LIST: ListSource<typeof balanceRecordFilterSchema, BalanceRecord> = {
  filter: balanceRecordFilters,
  sort: { createdAt: ledgerEntry.createdAt, createTime: ledgerEntry.createdAt },
  read: listBalanceRecords,
  countFrom: balanceRecordsFrom,
};

const money = z.string().describe('decimal string in the currency units');

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

export const balanceRecordRoutes: FastifyPluginAsyncZod = async (app) => {
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
