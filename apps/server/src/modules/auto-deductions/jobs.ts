/** Background job of auto-deduction: the due charges, then the notices of the coming ones. */
import { MANDATE_JOB_MS } from '@mg/domain';
import type { FastifyInstance } from 'fastify';
import { runMandates } from './service';

export function registerMandateJobs(app: FastifyInstance): void {
  app.jobs.every('auto-deductions.run', MANDATE_JOB_MS, async () => {
    await runMandates({ db: app.db, publicUrl: app.publicUrl }, { mailer: app.mailer, log: app.log });
  });
}
