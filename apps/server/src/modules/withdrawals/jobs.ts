/**
 * Background jobs of withdrawals: the sandbox channel answers the ones sent at least one period ago; the daily
 * auto-withdrawals whose hour has come.
 */
import { WITHDRAWAL_AUTO_JOB_MS, WITHDRAWAL_JOB_MS } from '@mg/domain';
import type { FastifyInstance } from 'fastify';
import { runAutoWithdrawals } from './auto';
import { completeDueWithdrawals } from './service';

export function registerWithdrawalJobs(app: FastifyInstance): void {
  app.jobs.every('withdrawals.complete', WITHDRAWAL_JOB_MS, async () => {
    const now = new Date();
    await completeDueWithdrawals(app.db, new Date(now.getTime() - WITHDRAWAL_JOB_MS), now);
  });
  app.jobs.every('withdrawals.auto', WITHDRAWAL_AUTO_JOB_MS, async () => {
    await runAutoWithdrawals(app.db, new Date(), app.log);
  });
}
