/** Background jobs of collections: expiry of collections and payment links, the money in left queued for the ledger. */
import { COLLECTION_EXPIRY_JOB_MS, LEDGER_SWEEP_MS } from '@mg/domain';
import type { FastifyInstance } from 'fastify';
import { flushLedger } from '../ledger/writer';
import { expireDueCollections, expireDuePaymentLinks, setCollectionPublicUrl } from './service';

export function registerCollectionJobs(app: FastifyInstance): void {
  setCollectionPublicUrl(app.publicUrl);
  app.jobs.every('collections.expire', COLLECTION_EXPIRY_JOB_MS, async () => {
    await expireDueCollections(app.db, new Date(), app.publicUrl);
    await expireDuePaymentLinks(app.db);
  });
  // A paid collection's request posts its transfer before answering; a crash or a failed write in between leaves it
  // queued until this pass.
  app.jobs.every('ledger.post-queued', LEDGER_SWEEP_MS, () => flushLedger(app.db));
}
