/**
 * buildApp: the Fastify application, without listening and without owning the database (the pool is injected,
 * so tests give each file its own database and main.ts decides the lifecycle).
 */
import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import cors from '@fastify/cors';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { documentOptions } from './modules/api-docs/document';
import { ApiLogWriter } from './modules/api-logs/writer';
import type pg from 'pg';
import type { DestinationStream, Logger } from 'pino';
import { API_LOG_RETENTION_DAYS, CROSS_ORIGIN_EXPOSED_HEADERS, CROSS_ORIGIN_REQUEST_HEADERS, OPEN_API_ADDRESS_LIMIT_FACTOR, OPEN_API_PREFIX, OPEN_API_RATE_LIMIT_PER_MINUTE, READ_REPLICA_MAX_LAG_MS, SESSION_IDLE_MINUTES_MERCHANT, SESSION_IDLE_MINUTES_PLATFORM } from '@mg/domain';
import { apiOrigins, type ApiBaseMap } from './lib/api-bases';
import { WEB_DIST_DIR } from './config';
import { ChangeListener } from './db/change-listener';
import type { ReadReplica } from './db/read-replica';
import { registerReadReplica } from './plugins/read-replica';
import { ConfigCache } from './db/config-cache';
import { databaseUrlOf, dbOf, type Db } from './db/pool';
import { createLogger } from './lib/logger';
import { memoryWindowCounter, pgWindowCounter, redisWindowCounter, SharedRateLimiter } from './lib/rate-limit';
import { SecretBox } from './lib/secret-box';
import { JobScheduler } from './jobs/scheduler';
import { RealtimeHub } from './modules/realtime/hub';
import type { ListRegistry } from './lib/list/route';
import { AREA_ROUTES } from './modules';
import { openApiRoutes } from './modules/open-api/routes';
import { SERVER_VERSION } from './lib/version';
import { DictService } from './modules/dictionaries/service';
import { registerAuth } from './modules/auth/plugin';
import { recordRoutes } from './lib/call-route';
import { registerSecondFactor } from './modules/auth/second-factor';
import { tellMerchantAdmins } from './modules/announcements/tell-admins';
import { CaptchaService, type CaptchaGenerator } from './modules/auth/captcha';
import { Mailer } from './modules/mail/mailer';
import { registerErrorHandling } from './plugins/error-handler';
import { registerInputGuard } from './plugins/input-guard';
import { registerMetrics } from './plugins/metrics';
import { pgFileStorage, type FileStorage } from './lib/files/storage';
import { registerRequestContext } from './plugins/request-context';

export { SERVER_VERSION };

export interface BuildAppOptions {
  pool: pg.Pool;
  /**
   * PostgreSQL itself when `pool` goes through a transaction pooler (config DATABASE_DIRECT_URL): the change
   * listener's LISTEN and the export jobs' long reads use it. Default: the pool's own connection string.
   */
  directUrl?: string;
  /** A streaming replica lists, search and reports may read from (config DATABASE_READ_URL; db/read-replica.ts). */
  readUrl?: string;
  /** How far behind the primary the replica may be and still answer (DATABASE_READ_MAX_LAG_MS). */
  readMaxLagMs?: number;
  db?: Db;
  logLevel?: string;
  /** Capture logs (tests); default stdout. */
  logStream?: DestinationStream;
  /** Or a ready logger. */
  logger?: Logger;
  /** Requests per minute per client address. */
  rateLimitPerMinute?: number;
  /** Open API requests per minute per key (default OPEN_API_RATE_LIMIT_PER_MINUTE). */
  openApiRateLimitPerMinute?: number;
  /** Where the request limits count (lib/rate-limit.ts): the database (default), Redis (`redisUrl`), or this process. */
  rateLimitStore?: 'database' | 'redis' | 'memory';
  /** The Redis of `rateLimitStore: 'redis'` (REDIS_URL). */
  redisUrl?: string;
  /** Prefix of the limits' keys in Redis (default `mg:rl:`): deployments, or tests, that share one Redis. */
  redisKeyPrefix?: string;
  /** Leases of the shared counter (default on); off: one counter write per request. */
  rateLimitLeases?: boolean;
  /** Built web app to serve; null: none. Default apps/web/dist when it has an index.html. */
  webDistDir?: string | null;
  publicUrl?: string;
  /** Behind a reverse proxy: trust X-Forwarded-For for the client address (rate limit, logs). */
  trustProxy?: boolean;
  /** development (default): mail codes are also logged; production: never. */
  nodeEnv?: 'development' | 'production' | 'test';
  /** Sign-in captcha check; default on (CAPTCHA=off turns it off). */
  captcha?: boolean;
  /** Tests: a captcha generator whose text they know. */
  captchaGenerator?: CaptchaGenerator;
  /** SMTP URL; unset: mail only goes to the outbox table. */
  mailUrl?: string;
  /** Tests: a ready mailer. */
  mailer?: Mailer;
  /** Key of the secret box (32 bytes); default: a random one (tests). main.ts passes the configured key. */
  secretKey?: Buffer;
  /** This instance's scratch space (uploads being checked, exports being written); default: a temporary directory. */
  dataDir?: string;
  /** Where stored files live; default: the database (lib/files/storage.ts). */
  fileStorage?: FileStorage;
  /** Allow callbacks to loopback and private addresses (local testing). */
  /** /api/health reports the statements sent to PostgreSQL (DB_ROUND_TRIPS=on, for bench:api). */
  dbRoundTrips?: boolean;
  /** The open API's request log (API_LOG, API_LOG_RETENTION_DAYS); default on, kept API_LOG_RETENTION_DAYS. */
  apiLog?: { enabled: boolean; retentionDays: number };
  allowPrivateCallbacks?: boolean;
  /** Run background jobs (callbacks, expiry, settlement, exports). Default false; main.ts turns them on. */
  jobs?: boolean;
  /** Idle limits of sessions (default SESSION_IDLE_MINUTES_PLATFORM / _MERCHANT of the domain). */
  sessionIdleMs?: { platform: number; merchant: number };
  /** Bearer token of `GET /metrics` (METRICS_TOKEN); unset: no metrics are collected and /metrics answers 404. */
  metricsToken?: string;
  /** The regional map (API_BASES): served at GET /api/sys/apiBases; its other origins join the page's CSP. */
  apiBases?: ApiBaseMap | null;
  /** Origins the web app calls this server from (WEB_ORIGINS): CORS, with credentials, for these only. */
  webOrigins?: readonly string[];
}

/** How long a shutdown waits for running background jobs (they start stopping as the shutdown begins). */
export const JOBS_STOP_WAIT_MS = 5_000;

export const CSP_DIRECTIVES = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  // antd's CSS-in-JS injects <style> elements.
  styleSrc: ["'self'", "'unsafe-inline'"],
  // blob: the upload widget's previews of a picked file and the video identification's recording before upload.
  imgSrc: ["'self'", 'data:', 'blob:'],
  mediaSrc: ["'self'", 'blob:'],
  connectSrc: ["'self'", 'ws:', 'wss:'],
  fontSrc: ["'self'", 'data:'],
  objectSrc: ["'none'"],
  frameAncestors: ["'self'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
};

/**
 * The page's policy where the regional map sends its calls to other origins: those origins may be fetched (and their
 * signed file links shown as images and videos); nothing else changes.
 */
export function cspDirectives(map: ApiBaseMap | null | undefined): typeof CSP_DIRECTIVES {
  const others = apiOrigins(map ?? null);
  if (!others.length) return CSP_DIRECTIVES;
  // The sockets of another origin too: 'ws:'/'wss:' already allow any socket.
  return {
    ...CSP_DIRECTIVES,
    connectSrc: [...CSP_DIRECTIVES.connectSrc, ...others],
    imgSrc: [...CSP_DIRECTIVES.imgSrc, ...others],
    mediaSrc: [...CSP_DIRECTIVES.mediaSrc, ...others],
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The deployment's regional map (API_BASES); null: every brand and country on this server. */
    apiBases: ApiBaseMap | null;
    pool: pg.Pool;
    /** PostgreSQL past any pooler (BuildAppOptions.directUrl). */
    directUrl: string;
    /** The read replica and its rule (db/read-replica.ts); null without DATABASE_READ_URL. */
    readReplica: ReadReplica | null;
    db: Db;
    dict: DictService;
    captcha: CaptchaService;
    mailer: Mailer;
    nodeEnv: 'development' | 'production' | 'test';
    secretBox: SecretBox;
    dataDir: string;
    /** Stored files' bytes (lib/files/storage.ts), shared by every instance: the database unless given. */
    fileStorage: FileStorage;
    /** Signs authorised file URLs (modules/files/urls.ts). */
    fileUrlKey: Buffer;
    /** Base of links the server hands out (cashier, download links). */
    publicUrl: string;
    allowPrivateCallbacks: boolean;
    dbRoundTrips: boolean;
    /** Configuration rows the open API reads on every call (db/config-cache.ts). */
    configCache: ConfigCache;
    /** Staff's changes to what instances keep copies of, notified by the database (db/change-listener.ts). */
    changes: ChangeListener;
    jobs: JobScheduler;
    /** Hands the outbox's events to this instance's sockets (modules/realtime/hub.ts). */
    realtime: RealtimeHub;
    /** The list sources of the areas by list name (lib/list/route.ts registerList); exports read them. */
    lists: ListRegistry;
    /** Open API requests per minute per key (open-api/auth.ts counts them after the signature). */
    openApiRateLimitPerMinute: number;
    /** The writer of the open API's request log; null with API_LOG=off. */
    apiLog: ApiLogWriter | null;
    apiLogRetentionDays: number;
    /** The request limits' counter, shared by every instance (lib/rate-limit.ts). */
    rateLimiter: SharedRateLimiter;
    /** Every route registered (method and URL pattern), for the docs and the route-wide input tests. */
    /** Every route; `declared`: made from a domain call or list declaration, or an open-API call (its own table). */
    routeTable: readonly { method: string; url: string; declared: 'call' | 'list' | 'open-api' | null }[];
    /** A session unused this long ends (modules/auth/plugin.ts). */
    sessionIdleMs: { platform: number; merchant: number };
    /**
     * Where this instance is in its life: `draining` from the start of a shutdown (readiness answers 503 so a proxy
     * or orchestrator stops sending it work).
     */
    lifecycle: { draining: boolean };
  }
}

export async function buildApp(opts: BuildAppOptions): Promise<FastifyInstance> {
  const logger = opts.logger ?? createLogger(opts.logLevel ?? 'info', opts.logStream);
  const app = Fastify({
    loggerInstance: logger as FastifyBaseLogger,
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && /^[\w.:-]{8,64}$/.test(given) ? given : randomUUID();
    },
    trustProxy: opts.trustProxy ?? false,
    bodyLimit: 10 * 1024 * 1024,
    // A request this instance accepted is answered, also when it arrives after a shutdown began: the listener is
    // closed by then, so it came on a kept-alive connection or on one accepted in the instant of the signal (a
    // proxy's, test/proxy.test.ts). Fastify's default 503 would reach the client, since a proxy passes a POST it has
    // sent on to no other instance. Such answers say Connection: close (onSend below): the client does not come back.
    return503OnClosing: false,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 500 },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  app.decorate('apiBases', opts.apiBases ?? null);
  app.decorate('pool', opts.pool);
  app.decorate('directUrl', opts.directUrl ?? databaseUrlOf(opts.pool));
  app.decorate('db', opts.db ?? dbOf(opts.pool));
  app.decorate('dict', new DictService(app.db));
  // The open API's request log (modules/api-logs): written in batches; what is waiting is written before the end.
  const apiLog = opts.apiLog?.enabled === false ? null : new ApiLogWriter({ url: app.directUrl }, app.log);
  app.decorate('apiLog', apiLog);
  app.decorate('apiLogRetentionDays', opts.apiLog?.retentionDays ?? API_LOG_RETENTION_DAYS);
  if (apiLog) app.addHook('onClose', async () => apiLog.close());
  app.decorate('captcha', new CaptchaService(opts.captcha ?? true, opts.captchaGenerator));
  app.decorate('nodeEnv', opts.nodeEnv ?? 'development');
  app.decorate('mailer', opts.mailer ?? new Mailer({ mailUrl: opts.mailUrl, nodeEnv: opts.nodeEnv ?? 'development' }));
  app.decorate('secretBox', new SecretBox(opts.secretKey ?? randomBytes(32)));
  app.decorate('dataDir', opts.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'mg-data-')));
  app.decorate('fileStorage', opts.fileStorage ?? pgFileStorage(app.pool));
  app.decorate('fileUrlKey', app.secretBox.derive('file-url'));
  app.decorate('publicUrl', (opts.publicUrl ?? 'http://localhost:8080').replace(/\/+$/, ''));
  app.decorate('allowPrivateCallbacks', opts.allowPrivateCallbacks ?? false);
  app.decorate('dbRoundTrips', opts.dbRoundTrips ?? false);
  app.decorate('sessionIdleMs', opts.sessionIdleMs ?? { platform: SESSION_IDLE_MINUTES_PLATFORM * 60_000, merchant: SESSION_IDLE_MINUTES_MERCHANT * 60_000 });
  app.decorate('configCache', new ConfigCache());
  // Every instance's dictionary copy goes when staff change a dictionary on any instance (migration 0033's trigger).
  app.decorate('changes', new ChangeListener(app.directUrl, app.log));
  app.changes.on('dict', () => app.dict.clearCache());
  app.addHook('onReady', async () => app.changes.start());
  app.addHook('onClose', async () => app.changes.stop());
  registerReadReplica(app, opts.readUrl, opts.readMaxLagMs ?? READ_REPLICA_MAX_LAG_MS);
  app.decorate('jobs', new JobScheduler(opts.jobs ?? false, app.log));
  app.decorate('lists', new Map());
  recordRoutes(app);
  app.decorate('lifecycle', { draining: false });
  app.addHook('onReady', async () => app.jobs.start());
  // No job starts once a shutdown begins; the running ones get JOBS_STOP_WAIT_MS while the requests drain, and the
  // end of the shutdown waits for that same wait (scheduler.stop is one wait for every caller).
  app.addHook('preClose', (done) => {
    app.lifecycle.draining = true;
    // No new connection from here: Fastify closes the listener only after every preClose hook, and the sockets'
    // hook waits up to a second for their close frames. Fastify's own close of it later is then a no-op.
    if (app.server.listening) app.server.close();
    void app.jobs.stop(JOBS_STOP_WAIT_MS);
    done();
  });
  app.addHook('onClose', async () => {
    const done = await app.jobs.stop(JOBS_STOP_WAIT_MS);
    if (!done) app.log.warn({ jobs: app.jobs.running }, 'shutdown: jobs still running were left to the database (rolled back when their connection closes)');
  });
  app.decorate('realtime', new RealtimeHub(app.pool, app.db, app.log));
  app.addHook('onReady', async () => app.realtime.start());
  app.addHook('onClose', async () => app.realtime.stop());

  app.addHook('onSend', async (req, reply) => {
    reply.header('x-request-id', req.id);
    if (app.lifecycle.draining) reply.header('connection', 'close');
    // API answers are a user's data (sessions, keys, secrets, exports): never kept by a browser or a proxy.
    if (req.url.startsWith('/api/') && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
  });

  // Security headers first: answers refused by a later hook (401, 403, 404, 429) carry them too.
  const webOrigins = opts.webOrigins ?? [];
  await app.register(helmet, {
    contentSecurityPolicy: { useDefaults: false, directives: cspDirectives(opts.apiBases) },
    // A regional server's signed file links are shown by pages of the web origins (an <img> of another origin);
    // otherwise helmet's same-origin stands.
    crossOriginResourcePolicy: webOrigins.length ? { policy: 'cross-origin' } : { policy: 'same-origin' },
    // Served over plain http on a LAN too: no HSTS from the app (a TLS proxy in front sets it).
    strictTransportSecurity: false,
    // Browsers ignore COOP on plain-http origins other than localhost and say so in the console at every
    // load; send it only where it takes effect.
    crossOriginOpenerPolicy: opts.publicUrl?.startsWith('https:') ? { policy: 'same-origin' } : false,
  });

  // Regional servers (docs/operations.md "Regional servers"): the web app of another origin calls this one with its
  // session headers and credentials. Only the configured origins, and none without a map (config.ts refuses
  // WEB_ORIGINS alone). Registered before the auth check: a preflight carries no token and is answered here.
  if (webOrigins.length) {
    await app.register(cors, {
      origin: [...webOrigins],
      credentials: true,
      methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
      allowedHeaders: [...CROSS_ORIGIN_REQUEST_HEADERS],
      exposedHeaders: [...CROSS_ORIGIN_EXPOSED_HEADERS],
      maxAge: 600,
    });
  }

  registerRequestContext(app);
  // Before the routes, so that its latency hook times every one of them.
  registerMetrics(app, { token: opts.metricsToken });
  registerInputGuard(app);
  // Before every /api route: the route-declaration guard and the session / permission check.
  registerAuth(app);
  // The Google code of every call the domain's SECOND_FACTOR_CALLS names, before any /api route registers; a locked
  // step-up is told to the user's admins as the other notices of where money goes are.
  registerSecondFactor(app, (req, notice) => tellMerchantAdmins(app.db, notice, { mailer: app.mailer, log: req.log }, new Date()));

  // Dashboard: per signed-in user (colleagues behind one office address keep their own budget), else per address.
  // Open API: per key once its signature is verified (open-api/auth.ts); here only a wide per-address cap, since the
  // key a request names is not proven yet (counting it would let anyone spend a merchant's budget).
  const dashboardMax = opts.rateLimitPerMinute ?? 600;
  const openApiPerKey = opts.openApiRateLimitPerMinute ?? OPEN_API_RATE_LIMIT_PER_MINUTE;
  const isOpenApiUrl = (url: string) => url.startsWith(`${OPEN_API_PREFIX}/`);
  app.decorate('openApiRateLimitPerMinute', openApiPerKey);
  // Counted where every instance counts (lib/rate-limit.ts): two instances allow the limit, not twice it.
  const store = opts.rateLimitStore ?? (opts.redisUrl ? 'redis' : 'database');
  if (store === 'redis' && !opts.redisUrl) throw new Error('rateLimitStore redis needs redisUrl');
  const counter =
    store === 'redis'
      ? // Loaded only by a server that counts in Redis (a static import would load it into every server's bundle).
        redisWindowCounter(new (await import('ioredis')).Redis(opts.redisUrl!, { maxRetriesPerRequest: 1, commandTimeout: 1_000 }), opts.redisKeyPrefix)
      : store === 'memory'
        ? memoryWindowCounter()
        : pgWindowCounter(app.pool);
  const limiter = new SharedRateLimiter(counter, app.log, opts.rateLimitLeases ?? true);
  app.decorate('rateLimiter', limiter);
  app.addHook('onClose', async () => counter.close());
  app.jobs.every('rate-limit.purge', 600_000, () => counter.purge());
  await app.register(rateLimit, {
    global: true,
    // The one limiter instance serves every route (its `child` is itself).
    store: function SharedStore() {
      return limiter;
    } as unknown as NonNullable<Parameters<typeof rateLimit>[1]>['store'],
    max: (req) => (isOpenApiUrl(req.url) ? openApiPerKey * OPEN_API_ADDRESS_LIMIT_FACTOR : dashboardMax),
    keyGenerator: (req) => (isOpenApiUrl(req.url) ? `open-api-addr:${req.ip}` : req.auth ? `user:${req.auth.userId}` : `addr:${req.ip}`),
    timeWindow: '1 minute',
    // The limit guards the API; the web app's own files (one page load is a dozen of them) are not counted.
    allowList: (req) => !req.url.startsWith('/api/'),
    errorResponseBuilder: (_req, ctx) => Object.assign(new Error(`rate limit exceeded, retry in ${ctx.after}`), { statusCode: ctx.statusCode }),
  });

  await app.register(swagger, documentOptions({ version: SERVER_VERSION, publicUrl: opts.publicUrl }));
  await app.register(swaggerUi, { routePrefix: '/api/docs', uiConfig: { validatorUrl: null } as Record<string, unknown> });

  const webDir = opts.webDistDir === undefined ? WEB_DIST_DIR : opts.webDistDir;
  const spaIndex = Boolean(webDir && fs.existsSync(path.join(webDir, 'index.html')));
  if (webDir && spaIndex) {
    await app.register(fastifyStatic, {
      root: webDir,
      prefix: '/',
      wildcard: true,
      index: ['index.html'],
      // The build writes .br and .gz next to every asset (apps/web/build/compress-plugin.ts): sent as they are to a
      // browser that accepts them, with `Vary: Accept-Encoding`.
      preCompressed: true,
      cacheControl: false,
      setHeaders: (res, file) => {
        // The precompressed copy of a file is cached like the file.
        const rel = path.relative(webDir, file).split(path.sep).join('/').replace(/\.(br|gz)$/, '');
        res.header(
          'cache-control',
          rel.startsWith('assets/') ? 'public, max-age=31536000, immutable' : rel === 'index.html' ? 'no-cache' : 'public, max-age=3600',
        );
      },
    });
  }

  registerErrorHandling(app, { spaIndex });

  for (const area of AREA_ROUTES) await app.register(area.routes, { prefix: `/api${area.at ?? ''}` });
  // The signed open API for merchant integrations: its own prefix and authentication.
  await app.register(openApiRoutes, { prefix: OPEN_API_PREFIX });

  return app;
}
