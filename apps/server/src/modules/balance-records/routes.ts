/** Balance records (docs/payments-api.md "Balance records"): the entries of the merchant's own ledger accounts. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { registerList } from '../../lib/list/route';
import { balanceRecordsSource } from './queries';

export const balanceRecordRoutes: FastifyPluginAsyncZod = async (app) => {
  registerList(app, balanceRecordsSource, { tags: ['balance-records'], summary: "The entries of the merchant's available, pending and frozen accounts, newest first" });
};
