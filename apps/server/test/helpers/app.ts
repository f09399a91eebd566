import type { FastifyInstance } from 'fastify';
import { buildApp, type BuildAppOptions } from '../../src/app';
import type { TestDatabase } from './db';

export async function buildTestApp(tdb: TestDatabase, opts: Partial<BuildAppOptions> = {}): Promise<FastifyInstance> {
  // Captcha off by default (test/helpers/auth.ts signIn); auth tests turn it on with a known generator.
  return buildApp({ pool: tdb.pool, db: tdb.db, logLevel: 'silent', webDistDir: null, captcha: false, nodeEnv: 'test', ...opts });
}
