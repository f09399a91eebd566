/** The mail outbox (platform staff): what was sent, or, without MAIL_URL, what would have been. Newest first. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { registerList } from '../../lib/list/route';
import { mailOutboxSource } from './queries';

export const mailOutboxRoutes: FastifyPluginAsyncZod = async (app) => {
  registerList(app, mailOutboxSource, { tags: ['mail'], summary: 'Mail outbox, newest first' });
};
