/**
 * Start-up: config -> embedded PostgreSQL when DATABASE_URL is unset -> migrate -> seed -> listen.
 * SIGINT/SIGTERM: stop accepting, finish in-flight requests, close the pool, then stop embedded PostgreSQL.
 */
import { buildApp } from './app';
import { loadConfigOrExit } from './config';
import { EmbeddedInUseError, startEmbeddedPostgres, type EmbeddedPostgres } from './db/embedded';
import { runMigrations, seedDictionaries } from './db/migrate';
import { createDatabase } from './db/pool';
import { seedDemoSecrets, seedIdentity } from './db/seed';
import { createLogger } from './lib/logger';
import { loadSecretKey, SecretBox } from './lib/secret-box';

const config = loadConfigOrExit();
const logger = createLogger(config.logLevel);

let embedded: EmbeddedPostgres | undefined;
let shuttingDown = false;
let closeApp: (() => Promise<void>) | undefined;
let closePool: (() => Promise<void>) | undefined;

async function shutdown(reason: string, code: number): Promise<never> {
  if (shuttingDown) process.exit(code);
  shuttingDown = true;
  logger.info({ reason }, 'shutting down');
  const force = setTimeout(() => {
    logger.error('shutdown took longer than 20 s, exiting');
    process.exit(code || 1);
  }, 20_000);
  force.unref();
  try {
    await closeApp?.();
    await closePool?.();
    await embedded?.stop();
  } catch (err) {
    logger.error({ err }, 'error during shutdown');
  }
  logger.flush();
  process.exit(code);
}

process.on('SIGINT', () => void shutdown('SIGINT', 0));
process.on('SIGTERM', () => void shutdown('SIGTERM', 0));

try {
  let url = config.databaseUrl;
  if (!url) {
    embedded = await startEmbeddedPostgres({ dataDir: config.dataDir, log: (m) => logger.info(m) });
    url = embedded.url;
  }
  const { pool, db } = createDatabase(url);
  closePool = () => pool.end();
  await runMigrations(pool);
  const seeded = await seedDictionaries(pool);
  logger.info(seeded, 'migrations applied, dictionaries seeded');
  const identity = await seedIdentity(pool, { demo: config.nodeEnv !== 'production' });
  logger.info(identity, identity.demo ? 'permissions and roles seeded, demo data loaded' : 'permissions and roles seeded');
  const secretKey = loadSecretKey(config.secretKey, config.dataDir);
  // The demo open API key and webhook secret are sealed with the server key, so they are seeded once it is loaded.
  if (config.nodeEnv !== 'production' && (await seedDemoSecrets(pool, new SecretBox(secretKey)))) {
    logger.info('demo open API key and webhook secret seeded (README: DEMO_KEY_ID)');
  }

  const app = await buildApp({
    pool,
    db,
    logger,
    rateLimitPerMinute: config.rateLimitPerMinute,
    openApiRateLimitPerMinute: config.openApiRateLimitPerMinute,
    publicUrl: config.publicUrl,
    nodeEnv: config.nodeEnv,
    captcha: config.captcha,
    mailUrl: config.mailUrl,
    secretKey,
    dataDir: config.dataDir,
    allowPrivateCallbacks: config.allowPrivateCallbacks,
    jobs: config.jobs,
    dbRoundTrips: config.dbRoundTrips,
    sessionIdleMs: config.sessionIdleMs,
  });
  closeApp = () => app.close();
  if (shuttingDown) process.exit(0);
  await app.listen({ port: config.port, host: config.host });
  logger.info({ url: config.publicUrl, docs: `${config.publicUrl}/api/docs`, database: embedded ? 'embedded' : 'DATABASE_URL' }, 'server ready');
} catch (err) {
  if (err instanceof EmbeddedInUseError) {
    // Not a fault of this process: one line that says who holds the data directory, no stack.
    process.stderr.write(`${err.message}\n`);
    process.exit(1);
  }
  logger.error({ err }, `start-up failed: ${err instanceof Error ? err.message : String(err)}`);
  await shutdown('start-up failure', 1);
}
