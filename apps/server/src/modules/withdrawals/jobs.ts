/** Background job of withdrawals: the sandbox channel answers the ones sent at least one period ago. */
import { WITHDRAWAL_JOB_MS } from '@mg/domain';
import type { FastifyInstance } from 'fastify';
import { completeDueWithdrawals } from './service';

export function registerWithdrawalJobs(app: FastifyInstance): void {
  app.jobs.every('withdrawals.complete', WITHDRAWAL_JOB_MS, async () => {
    const now = new Date();
    await completeDueWithdrawals(app.db, new Date(now.getTime() - WITHDRAWAL_JOB_MS), now);
  });
}
