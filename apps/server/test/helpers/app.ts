import type { FastifyInstance } from 'fastify';
import { buildApp, type BuildAppOptions } from '../../src/app';
import type { TestDatabase } from './db';

export async function buildTestApp(tdb: TestDatabase, opts: Partial<BuildAppOptions> = {}): Promise<FastifyInstance> {
  return buildApp({ pool: tdb.pool, db: tdb.db, logLevel: 'silent', webDistDir: null, ...opts });
}
