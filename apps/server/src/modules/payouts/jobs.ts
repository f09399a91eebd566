/** Background jobs of payouts: send approved ones, take the sandbox channel's answers, expire unreviewed ones, move batches on. */
import { PAYOUT_JOB_BATCH, PAYOUT_JOB_MS } from '@mg/domain';
import type { FastifyInstance } from 'fastify';
import { advanceBatches } from './batch';
import { completeDue, expireUnreviewed, sendApproved } from './service';

export function registerPayoutJobs(app: FastifyInstance): void {
  app.jobs.every('payouts.advance', PAYOUT_JOB_MS, async () => {
    const now = new Date();
    await sendApproved(app.db, PAYOUT_JOB_BATCH, now);
    await completeDue(app.db, PAYOUT_JOB_BATCH, now);
    await expireUnreviewed(app.db, PAYOUT_JOB_BATCH, now);
    await advanceBatches(app.db, now);
  });
}
