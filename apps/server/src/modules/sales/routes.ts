/** Sales (docs/payments-api.md "Sales"): the day / payment type / channel summary of collections, and its export. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { registerList } from '../../lib/list/route';
import { salesSource } from './queries';

export const salesRoutes: FastifyPluginAsyncZod = async (app) => {
  registerList(app, salesSource, { tags: ['sales'], summary: 'Collections by local day, payment type and channel (one month at most)' });
};
