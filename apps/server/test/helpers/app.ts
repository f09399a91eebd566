import type { FastifyInstance } from 'fastify';
import { buildApp, type BuildAppOptions } from '../../src/app';
import type { TestDatabase } from './db';
import { TEST_SECRET_KEY } from './secret-key';
import { checkCallbackData } from '../../src/modules/api-docs/webhooks';
import { setCallbackDataCheck } from '../../src/modules/callbacks/outbox';

// Every callback any test makes is checked against the webhook schema of the OpenAPI document.
setCallbackDataCheck(checkCallbackData);

export { TEST_SECRET_KEY };

export async function buildTestApp(tdb: TestDatabase, opts: Partial<BuildAppOptions> = {}): Promise<FastifyInstance> {
  // Captcha off by default (test/helpers/auth.ts signIn); auth tests turn it on with a known generator.
  // The fixed secret key opens the demo key and webhook secret sealed into the template (global-setup.ts).
  return buildApp({
    pool: tdb.pool,
    db: tdb.db,
    logLevel: (process.env.TEST_LOG_LEVEL as 'silent') ?? 'silent',
    webDistDir: null,
    captcha: false,
    nodeEnv: 'test',
    secretKey: TEST_SECRET_KEY,
    // The apps of one test file count their requests in the same database (lib/rate-limit.ts): a second app's
    // default limit would meet the first one's traffic. The limit tests set theirs.
    rateLimitPerMinute: 100_000,
    ...opts,
  });
}
