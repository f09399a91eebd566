/** Background jobs of collections: expiry of collections and payment links. */
import { COLLECTION_EXPIRY_JOB_MS } from '@mg/domain';
import type { FastifyInstance } from 'fastify';
import { expireDueCollections, expireDuePaymentLinks, setCollectionPublicUrl } from './service';

export function registerCollectionJobs(app: FastifyInstance): void {
  setCollectionPublicUrl(app.publicUrl);
  app.jobs.every('collections.expire', COLLECTION_EXPIRY_JOB_MS, async () => {
    await expireDueCollections(app.db, new Date(), app.publicUrl);
    await expireDuePaymentLinks(app.db);
  });
}
