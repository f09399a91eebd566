/**
 * Start-up: config -> embedded PostgreSQL when DATABASE_URL is unset -> migrate -> seed -> listen.
 *
 * SIGINT / SIGTERM drain within SHUTDOWN.TOTAL_MS (10 s) whatever a client or a socket does (docs/operations.md
 * "Stopping"): readiness answers 503 and the listener closes at once (a proxy sends new connections elsewhere); no
 * job starts, running ones get JOBS_STOP_WAIT_MS; realtime sockets are told GOING_AWAY and cut after 1 s; requests in
 * flight get SHUTDOWN.IN_FLIGHT_MS, then their connections are cut (a client that sends half a request and waits
 * holds nothing); the pool is closed (SHUTDOWN.POOL_MS); embedded PostgreSQL gets a fast shutdown, then an immediate
 * one. Should any step still hang, the deadline stops embedded PostgreSQL immediately before the process exits, so a
 * shutdown never leaves its database running (it did: a frozen-then-resumed server hit the old 20 s forced exit
 * with its sockets waiting for close frames, and exited past `embedded.stop()`).
 */
import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import { buildApp } from './app';
import { loadConfigOrExit } from './config';
import { EmbeddedInUseError, EmbeddedVersionError, startEmbeddedPostgres, type EmbeddedPostgres } from './db/embedded';
import { runMigrations, seedDictionaries } from './db/migrate';
import { createDatabase, useNamedStatements } from './db/pool';
import { seedDemoSecrets, seedIdentity } from './db/seed';
import { claimSecretKey, SecretKeyMismatchError } from './db/secret-key';
import { createLogger } from './lib/logger';
import { s3FileStorage, s3LocationOf } from './lib/files/s3-storage';
import { loadSecretKey, SecretBox, SecretKeyFileError } from './lib/secret-box';
import { importLocalExports } from './modules/exports/service';
import { importLocalUploads } from './modules/files/service';

/** The shutdown's budget (ms from the signal). */
const SHUTDOWN = {
  /** Everything, embedded PostgreSQL included; past it the process stops PostgreSQL immediately and exits 1. */
  TOTAL_MS: 9_500,
  /** Requests in flight finish within this; then the connections still open are cut. */
  IN_FLIGHT_MS: 5_000,
  /** The pool's connections are closed by then, or left to PostgreSQL's own shutdown. */
  POOL_MS: 1_000,
  /** What embedded PostgreSQL's fast shutdown may take at most, then an immediate shutdown. */
  POSTGRES_FAST_MS: 2_000,
} as const;

const config = loadConfigOrExit();
const logger = createLogger(config.logLevel);

let embedded: EmbeddedPostgres | undefined;
let app: FastifyInstance | undefined;
let pool: pg.Pool | undefined;
let shuttingDown = false;
/** Every open connection of the listener, whatever it became (HTTP, WebSocket, a refused upgrade). */
const sockets = new Set<Socket>();

/** Resolves with `work` or after `ms`, whichever comes first (true: `work` finished). */
function within(work: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    work.then(
      () => true,
      () => true,
    ),
    new Promise<boolean>((r) => {
      timer = setTimeout(() => r(false), Math.max(0, ms));
    }),
  ]).finally(() => clearTimeout(timer));
}

async function shutdown(reason: string, code: number): Promise<never> {
  if (shuttingDown) {
    // A second signal: the operator does not want to wait. Never leave PostgreSQL behind.
    embedded?.killNow();
    process.exit(code || 1);
  }
  shuttingDown = true;
  const start = Date.now();
  const left = () => SHUTDOWN.TOTAL_MS - (Date.now() - start);
  logger.info({ reason }, 'shutting down');
  const force = setTimeout(() => {
    logger.error({ ms: SHUTDOWN.TOTAL_MS }, 'shutdown out of time: immediate shutdown of embedded PostgreSQL, exiting');
    embedded?.killNow();
    logger.flush();
    process.exit(code || 1);
  }, SHUTDOWN.TOTAL_MS);
  force.unref();
  try {
    if (app) {
      const instance = app;
      instance.lifecycle.draining = true;
      // close(): preClose (no new jobs, sockets told GOING_AWAY), the listener closed, in-flight requests awaited,
      // then the onClose hooks (jobs, realtime, metrics). A connection still open after IN_FLIGHT_MS is cut.
      const cut = setTimeout(() => {
        logger.warn({ connections: sockets.size }, 'shutdown: connections still open after the grace period are cut');
        // closeAllConnections covers the HTTP connections; a socket taken over by an upgrade is no longer one of
        // them, yet the listener's close still waits for it.
        instance.server.closeAllConnections();
        for (const s of sockets) s.destroy();
      }, SHUTDOWN.IN_FLIGHT_MS);
      cut.unref();
      const closed = await within(instance.close(), left() - SHUTDOWN.POOL_MS - SHUTDOWN.POSTGRES_FAST_MS);
      clearTimeout(cut);
      if (!closed) logger.warn('shutdown: the application did not finish closing in time');
    }
    if (pool && !(await within(pool.end(), SHUTDOWN.POOL_MS))) {
      logger.warn('shutdown: pool connections still in use were left to the database shutdown');
    }
    await embedded?.stop({ fastMs: Math.min(SHUTDOWN.POSTGRES_FAST_MS, Math.max(0, left() - 2_500)) });
  } catch (err) {
    logger.error({ err }, 'error during shutdown');
  }
  logger.info({ ms: Date.now() - start }, 'stopped');
  logger.flush();
  process.exit(code);
}

process.on('SIGINT', () => void shutdown('SIGINT', 0));
process.on('SIGTERM', () => void shutdown('SIGTERM', 0));

try {
  // Before the database: a key file that holds no key stops the start at once.
  const secret = loadSecretKey({ secretKey: config.secretKey, secretKeyFile: config.secretKeyFile, dataDir: config.dataDir });
  const secretBox = new SecretBox(secret.key);
  let url = config.databaseUrl;
  if (!url) {
    embedded = await startEmbeddedPostgres({ dataDir: config.dataDir, log: (m) => logger.info(m) });
    url = embedded.url;
  }
  // Behind a transaction pooler statements go unnamed, and the migrations' session lock needs PostgreSQL itself.
  const directUrl = embedded ? url : (config.databaseDirectUrl ?? url);
  if (config.databasePooler === 'transaction') useNamedStatements(false);
  const database = createDatabase(url);
  pool = database.pool;
  if (directUrl === url) await runMigrations(pool);
  else {
    const direct = createDatabase(directUrl, { max: 2, applicationName: 'mg-migrate' });
    try {
      await runMigrations(direct.pool);
    } finally {
      await direct.pool.end();
    }
  }
  const seeded = await seedDictionaries(pool);
  logger.info(seeded, 'migrations applied, dictionaries seeded');
  const identity = await seedIdentity(pool, { demo: config.nodeEnv !== 'production' });
  logger.info(identity, identity.demo ? 'permissions and roles seeded, demo data loaded' : 'permissions and roles seeded');
  // Every instance on the database has the database's key, or none starts (db/secret-key.ts).
  const claimed = await claimSecretKey(pool, secretBox, secret.source);
  logger.info({ fingerprint: secretBox.fingerprint().slice(0, 16), source: secret.source }, claimed === 'recorded' ? 'secret key recorded for this database' : 'secret key is the database’s');
  // The demo open API key and webhook secret are sealed with the server key, so they are seeded once it is checked.
  if (config.nodeEnv !== 'production' && (await seedDemoSecrets(pool, secretBox))) {
    logger.info('demo open API key and webhook secret seeded (README: DEMO_KEY_ID)');
  }

  // The SDK is loaded only by a server that uses object storage (lib/files/s3-storage.ts).
  const fileStorage = config.fileStorageUrl
    ? await s3FileStorage(s3LocationOf(config.fileStorageUrl))
    : undefined;
  const built = await buildApp({
    fileStorage,
    pool,
    directUrl,
    readUrl: config.databaseReadUrl,
    readMaxLagMs: config.databaseReadMaxLagMs,
    db: database.db,
    logger,
    rateLimitPerMinute: config.rateLimitPerMinute,
    openApiRateLimitPerMinute: config.openApiRateLimitPerMinute,
    rateLimitStore: config.rateLimitStore,
    redisUrl: config.redisUrl,
    rateLimitLeases: config.rateLimitLeases,
    publicUrl: config.publicUrl,
    nodeEnv: config.nodeEnv,
    captcha: config.captcha,
    mailUrl: config.mailUrl,
    secretKey: secret.key,
    dataDir: config.dataDir,
    allowPrivateCallbacks: config.allowPrivateCallbacks,
    jobs: config.jobs,
    dbRoundTrips: config.dbRoundTrips,
    apiLog: config.apiLog,
    sessionIdleMs: config.sessionIdleMs,
    metricsToken: config.metricsToken,
    apiBases: config.apiBases,
    webOrigins: config.webOrigins,
  });
  if (shuttingDown) {
    await built.close();
  } else {
    app = built;
    app.server.on('connection', (s: Socket) => {
      sockets.add(s);
      s.once('close', () => sockets.delete(s));
    });
    // Files an instance of before issue 41 kept in its own DATA_DIR go where every instance reads them.
    const imported = { uploads: await importLocalUploads(built.db, built.fileStorage, config.dataDir), exports: await importLocalExports(built.db, built.fileStorage) };
    if (imported.uploads + imported.exports > 0) logger.info(imported, 'files of this DATA_DIR moved into the shared file store');
    await app.listen({ port: config.port, host: config.host });
    logger.info(
      { url: config.publicUrl, docs: `${config.publicUrl}/api/docs`, database: embedded ? 'embedded' : 'DATABASE_URL', metrics: Boolean(config.metricsToken) },
      'server ready',
    );
  }
} catch (err) {
  if (err instanceof EmbeddedInUseError || err instanceof EmbeddedVersionError || err instanceof SecretKeyFileError) {
    // Not a fault of this process: one line that says what to do, no stack.
    process.stderr.write(`${err.message}\n`);
    process.exit(1);
  }
  if (err instanceof SecretKeyMismatchError) {
    // One line that says what to do; the embedded database (if any) is stopped as at any failed start.
    process.stderr.write(`${err.message}\n`);
    logger.error(err.message);
    await shutdown('secret key refused', 1);
  }
  logger.error({ err }, `start-up failed: ${err instanceof Error ? err.message : String(err)}`);
  await shutdown('start-up failure', 1);
}
