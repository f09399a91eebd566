/**
 * The read replica on the app (db/read-replica.ts): `app.readReplica` (null without DATABASE_READ_URL), its poller
 * started and stopped with the app, and the write half of its rule: a signed-in person's successful non-GET request
 * records where the primary's WAL is before the answer leaves, so their next read, on whichever instance, waits for
 * a replica that holds it (or goes to the primary). Signed open API calls have no user: they always read the primary.
 */
import type { FastifyInstance } from 'fastify';
import { ReadReplica } from '../db/read-replica';
import { recordUserWrite } from '../modules/auth/queries';

export function registerReadReplica(app: FastifyInstance, url: string | undefined, maxLagMs: number): void {
  if (!url) {
    app.decorate('readReplica', null);
    return;
  }
  const replica = new ReadReplica(url, app.pool, maxLagMs, (status) => app.log.warn({ replica: status }, `read replica: ${status.state}`));
  app.decorate('readReplica', replica);
  app.addHook('onReady', async () => replica.start());
  app.addHook('onClose', async () => replica.stop());
  app.addHook('onSend', async (req, reply, payload) => {
    if (req.auth && req.method !== 'GET' && req.method !== 'HEAD' && reply.statusCode < 400) await recordUserWrite(app.db, req.auth.userId);
    return payload;
  });
}
