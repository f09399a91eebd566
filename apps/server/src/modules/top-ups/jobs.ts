/** Background job of top-ups: an open top-up past its deadline is closed. */
import { TOP_UP_EXPIRY_JOB_MS } from '@mg/domain';
import type { FastifyInstance } from 'fastify';
import { expireDueTopUps } from './service';

export function registerTopUpJobs(app: FastifyInstance): void {
  app.jobs.every('top-ups.expire', TOP_UP_EXPIRY_JOB_MS, async () => {
    await expireDueTopUps(app.db);
  });
}
