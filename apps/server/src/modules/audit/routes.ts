/** The security history (GET /sys/audit/list). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { registerList } from '../../lib/list/route';
import { auditSource } from './queries';

export const auditRoutes: FastifyPluginAsyncZod = async (app) => {
  registerList(app, auditSource, { tags: ['audit'], summary: 'Security history, newest first; dates in the session zone, at most 3 months apart' });
};
