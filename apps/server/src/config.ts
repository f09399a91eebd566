import fs from 'node:fs';
import path from 'node:path';
import { API_LOG_RETENTION_DAYS, OPEN_API_RATE_LIMIT_PER_MINUTE, READ_REPLICA_MAX_LAG_MS, SESSION_IDLE_MINUTES_MERCHANT, SESSION_IDLE_MINUTES_PLATFORM, TOKEN_TTL_MS } from '@mg/domain';
import { z } from 'zod';
import { ApiBasesError, parseApiBases, parseWebOrigins, type ApiBaseMap } from './lib/api-bases';
import { SERVER_DIR } from './lib/server-dir';

/** Repository root (apps/server -> ../..). Relative DATA_DIR values resolve against it. */
export const REPO_ROOT = path.resolve(SERVER_DIR, '..', '..');
/** Where the built web app lives; served when it exists. */
export const WEB_DIST_DIR = path.join(REPO_ROOT, 'apps', 'web', 'dist');

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

export interface Config {
  port: number;
  host: string;
  /** Absolute path. */
  dataDir: string;
  /** Unset: the server starts its own embedded PostgreSQL in `${dataDir}/pg`. */
  databaseUrl: string | undefined;
  /**
   * What DATABASE_URL points at (docs/operations.md "Behind PgBouncer"): PostgreSQL itself or a session pooler
   * (`none`, `session`: nothing changes), or a transaction pooler (`transaction`): statements go unnamed, and what needs
   * one server connection for longer than a transaction (migrations' advisory lock, LISTEN) uses DATABASE_DIRECT_URL.
   */
  databasePooler: 'none' | 'session' | 'transaction';
  /** PostgreSQL itself, past the pooler: required with DATABASE_POOLER=transaction; else DATABASE_URL. */
  databaseDirectUrl: string | undefined;
  /** A streaming replica of the database for lists, search and reports (db/read-replica.ts); unset: none. */
  databaseReadUrl: string | undefined;
  /** How far behind the primary, ms, the replica may be and still answer reads. */
  databaseReadMaxLagMs: number;
  logLevel: (typeof LOG_LEVELS)[number];
  publicUrl: string;
  nodeEnv: 'development' | 'production' | 'test';
  rateLimitPerMinute: number;
  /** Open API requests per minute per key. */
  openApiRateLimitPerMinute: number;
  /** CAPTCHA=off turns the sign-in captcha check off (local automation only). */
  captcha: boolean;
  /** S3-compatible object storage for stored files (s3://bucket[/prefix]?endpoint=&region=&forcePathStyle=); unset: the database. */
  fileStorageUrl: string | undefined;
  /** Redis for the request limits' counters (redis:// or rediss://); unset: they are counted in PostgreSQL. */
  redisUrl: string | undefined;
  /** Where the request limits count: the database (default), Redis (REDIS_URL set), or this process (one instance only). */
  rateLimitStore: 'database' | 'redis' | 'memory';
  /** Instances take requests from the shared counter in leases (lib/rate-limit.ts); off: a counter write per request. */
  rateLimitLeases: boolean;
  /** SMTP server for outgoing mail (smtp:// or smtps://); unset: mail only goes to the outbox table. */
  mailUrl: string | undefined;
  /** 32-byte key sealing API secrets and webhook secrets (hex); unset: SECRET_KEY_FILE, else `${dataDir}/secret.key`. */
  secretKey: string | undefined;
  /** Absolute path of a file holding the key (64 hex), read by every instance (a mounted secret). */
  secretKeyFile: string | undefined;
  /** Callbacks to loopback/private addresses are refused unless this is true (local testing). */
  allowPrivateCallbacks: boolean;
  /** Background jobs (callback delivery, expiry, settlement, exports); JOBS=off for a read-only instance. */
  jobs: boolean;
  /** /api/health also answers how many statements this process sent to PostgreSQL (bench:api counts per op). */
  dbRoundTrips: boolean;
  /** The open API's request log (modules/api-logs): API_LOG=off keeps none; kept API_LOG_RETENTION_DAYS. */
  apiLog: { enabled: boolean; retentionDays: number };
  /** A session unused this long ends (401 TOKEN_EXPIRED): platform staff's, and every merchant user's. */
  sessionIdleMs: { platform: number; merchant: number };
  /** Bearer token of GET /metrics; unset: metrics off (plugins/metrics.ts). */
  metricsToken: string | undefined;
  /** The regional map (API_BASES or API_BASES_FILE): the API base of each brand's countries; null: this server for all. */
  apiBases: ApiBaseMap | null;
  /** Origins the web app is served from that call this server from another origin (WEB_ORIGINS): CORS for these only. */
  webOrigins: string[];
}

/** Thrown by parseConfig; `message` is the one line shown to the operator. */
export class ConfigError extends Error {
  override readonly name = 'ConfigError';
}

const blankToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);

function intIn(min: number, max: number) {
  return z.preprocess(
    blankToUndefined,
    z
      .string()
      .regex(/^\d+$/, `must be an integer ${min}-${max}`)
      .transform(Number)
      .refine((n) => n >= min && n <= max, `must be an integer ${min}-${max}`)
      .optional(),
  );
}

function urlOf(protocols: readonly string[], what: string) {
  return z.preprocess(
    blankToUndefined,
    z
      .string()
      .refine((s) => {
        try {
          return protocols.includes(new URL(s).protocol);
        } catch {
          return false;
        }
      }, `must be ${what}`)
      .optional(),
  );
}

function onOff(yes: string, no: string) {
  return z.preprocess(
    (v) => (typeof v === 'string' ? (v.trim() === '' ? undefined : v.trim().toLowerCase()) : v),
    z.enum([yes, no], { error: `must be ${yes} or ${no}` }).optional(),
  );
}

/** An idle limit is at most the session's whole life (7 days). */
const IDLE_MINUTES_MAX = TOKEN_TTL_MS / 60_000;

const envSchema = z.object({
  PORT: intIn(1, 65535),
  HOST: z.preprocess(blankToUndefined, z.string().regex(/^[\w.:[\]-]+$/, 'must be a host name or address').optional()),
  DATA_DIR: z.preprocess(blankToUndefined, z.string().optional()),
  DATABASE_URL: urlOf(['postgres:', 'postgresql:'], 'a postgres:// or postgresql:// URL'),
  DATABASE_POOLER: z.preprocess(
    (v) => (typeof v === 'string' ? (v.trim() === '' ? undefined : v.trim().toLowerCase()) : v),
    z.enum(['none', 'session', 'transaction'], { error: 'must be one of none, session, transaction' }).optional(),
  ),
  DATABASE_DIRECT_URL: urlOf(['postgres:', 'postgresql:'], 'a postgres:// or postgresql:// URL'),
  DATABASE_READ_URL: urlOf(['postgres:', 'postgresql:'], 'a postgres:// or postgresql:// URL'),
  DATABASE_READ_MAX_LAG_MS: intIn(0, 3_600_000),
  LOG_LEVEL: z.preprocess(
    blankToUndefined,
    z.enum(LOG_LEVELS, { error: `must be one of ${LOG_LEVELS.join(', ')}` }).optional(),
  ),
  PUBLIC_URL: urlOf(['http:', 'https:'], 'an http:// or https:// URL'),
  NODE_ENV: z.preprocess(
    blankToUndefined,
    z.enum(['development', 'production', 'test'], { error: 'must be one of development, production, test' }).optional(),
  ),
  RATE_LIMIT_PER_MINUTE: intIn(1, 1_000_000),
  OPEN_API_RATE_LIMIT_PER_MINUTE: intIn(1, 10_000_000),
  CAPTCHA: z.preprocess(
    (v) => (typeof v === 'string' ? (v.trim() === '' ? undefined : v.trim().toLowerCase()) : v),
    z.enum(['on', 'off'], { error: 'must be on or off' }).optional(),
  ),
  MAIL_URL: urlOf(['smtp:', 'smtps:'], 'an smtp:// or smtps:// URL'),
  REDIS_URL: urlOf(['redis:', 'rediss:'], 'a redis:// or rediss:// URL'),
  FILE_STORAGE_URL: urlOf(['s3:'], 'an s3://<bucket>[/<prefix>] URL'),
  RATE_LIMIT_STORE: z.preprocess(
    (v) => (typeof v === 'string' ? (v.trim() === '' ? undefined : v.trim().toLowerCase()) : v),
    z.enum(['database', 'redis', 'memory'], { error: 'must be one of database, redis, memory' }).optional(),
  ),
  RATE_LIMIT_LEASE: onOff('on', 'off'),
  SECRET_KEY: z.preprocess(blankToUndefined, z.string().regex(/^[0-9a-fA-F]{64}$/, 'must be 64 hex characters (32 bytes)').optional()),
  SECRET_KEY_FILE: z.preprocess(blankToUndefined, z.string().optional()),
  ALLOW_PRIVATE_CALLBACKS: onOff('true', 'false'),
  JOBS: onOff('on', 'off'),
  DB_ROUND_TRIPS: onOff('on', 'off'),
  API_LOG: onOff('on', 'off'),
  API_LOG_RETENTION_DAYS: intIn(1, 400),
  SESSION_IDLE_MINUTES_PLATFORM: intIn(1, IDLE_MINUTES_MAX),
  SESSION_IDLE_MINUTES_MERCHANT: intIn(1, IDLE_MINUTES_MAX),
  // Long enough not to be guessed; printable without spaces, as it travels in an Authorization header.
  METRICS_TOKEN: z.preprocess(blankToUndefined, z.string().regex(/^[\x21-\x7e]{32,256}$/, 'must be 32-256 printable characters, no spaces').optional()),
  // Checked below (JSON of their own, a file to read): here only read.
  API_BASES: z.preprocess(blankToUndefined, z.string().optional()),
  API_BASES_FILE: z.preprocess(blankToUndefined, z.string().optional()),
  WEB_ORIGINS: z.preprocess(blankToUndefined, z.string().optional()),
});

/** Only these variables are read; everything else in the environment is ignored. */
const KEYS = Object.keys(envSchema.shape) as (keyof typeof envSchema.shape)[];

/**
 * Pure: environment in, config out. Throws ConfigError with ONE line naming the first bad variable, e.g.
 * `Invalid configuration: PORT must be an integer 1-65535 (got "abc")`.
 */
export function parseConfig(env: Record<string, string | undefined>): Config {
  const input: Record<string, string | undefined> = {};
  for (const k of KEYS) input[k] = env[k];
  const parsed = envSchema.safeParse(input);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const key = String(issue?.path[0] ?? 'environment');
    const got = input[key];
    // DATABASE_URL, MAIL_URL and REDIS_URL may carry a password, the keys and the token are secrets: never echo them.
    const shown = key === 'DATABASE_URL' || key === 'DATABASE_DIRECT_URL' || key === 'DATABASE_READ_URL' || key === 'MAIL_URL' || key === 'REDIS_URL' || key === 'SECRET_KEY' || key === 'METRICS_TOKEN' ? '' : ` (got ${JSON.stringify(got ?? '')})`;
    throw new ConfigError(`Invalid configuration: ${key} ${issue?.message ?? 'is invalid'}${shown}`);
  }
  const e = parsed.data;
  if (e.RATE_LIMIT_STORE === 'redis' && !e.REDIS_URL) throw new ConfigError('Invalid configuration: RATE_LIMIT_STORE redis needs REDIS_URL');
  const pooler = e.DATABASE_POOLER ?? 'none';
  if (pooler !== 'none' && !e.DATABASE_URL) throw new ConfigError(`Invalid configuration: DATABASE_POOLER ${pooler} needs DATABASE_URL (the embedded PostgreSQL has no pooler)`);
  // A transaction pooler gives each transaction any server connection: a session's lock or LISTEN would be lost.
  if (pooler === 'transaction' && !e.DATABASE_DIRECT_URL) throw new ConfigError('Invalid configuration: DATABASE_POOLER transaction needs DATABASE_DIRECT_URL (PostgreSQL itself, for migrations and LISTEN)');
  // A replica of the embedded cluster would be the operator's own second server, with DATABASE_URL pointing at it.
  if (e.DATABASE_READ_URL && !e.DATABASE_URL) throw new ConfigError('Invalid configuration: DATABASE_READ_URL needs DATABASE_URL (a replica of the embedded PostgreSQL is not supported)');
  const port = e.PORT ?? 8080;
  const apiBases = regionalMap(e.API_BASES, e.API_BASES_FILE);
  const webOrigins = e.WEB_ORIGINS === undefined ? [] : checked('WEB_ORIGINS', e.WEB_ORIGINS, () => parseWebOrigins(e.WEB_ORIGINS as string));
  // Cross-origin calls exist only where a map sends the web app to another server: without one CORS stays closed.
  if (webOrigins.length && !apiBases) throw new ConfigError('Invalid configuration: WEB_ORIGINS needs API_BASES or API_BASES_FILE (without a regional map no call comes from another origin)');
  return {
    port,
    host: e.HOST ?? '0.0.0.0',
    dataDir: path.resolve(REPO_ROOT, e.DATA_DIR ?? 'data'),
    databaseUrl: e.DATABASE_URL,
    databasePooler: pooler,
    databaseDirectUrl: e.DATABASE_DIRECT_URL ?? e.DATABASE_URL,
    databaseReadUrl: e.DATABASE_READ_URL,
    databaseReadMaxLagMs: e.DATABASE_READ_MAX_LAG_MS ?? READ_REPLICA_MAX_LAG_MS,
    logLevel: e.LOG_LEVEL ?? 'info',
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/+$/, ''),
    nodeEnv: e.NODE_ENV ?? 'development',
    rateLimitPerMinute: e.RATE_LIMIT_PER_MINUTE ?? 600,
    openApiRateLimitPerMinute: e.OPEN_API_RATE_LIMIT_PER_MINUTE ?? OPEN_API_RATE_LIMIT_PER_MINUTE,
    captcha: e.CAPTCHA !== 'off',
    mailUrl: e.MAIL_URL,
    redisUrl: e.REDIS_URL,
    fileStorageUrl: e.FILE_STORAGE_URL,
    rateLimitStore: e.RATE_LIMIT_STORE ?? (e.REDIS_URL ? 'redis' : 'database'),
    rateLimitLeases: e.RATE_LIMIT_LEASE !== 'off',
    secretKey: e.SECRET_KEY,
    secretKeyFile: e.SECRET_KEY_FILE === undefined ? undefined : path.resolve(REPO_ROOT, e.SECRET_KEY_FILE),
    allowPrivateCallbacks: e.ALLOW_PRIVATE_CALLBACKS === 'true',
    jobs: e.JOBS !== 'off',
    dbRoundTrips: e.DB_ROUND_TRIPS === 'on',
    apiLog: { enabled: e.API_LOG !== 'off', retentionDays: e.API_LOG_RETENTION_DAYS ?? API_LOG_RETENTION_DAYS },
    sessionIdleMs: {
      platform: (e.SESSION_IDLE_MINUTES_PLATFORM ?? SESSION_IDLE_MINUTES_PLATFORM) * 60_000,
      merchant: (e.SESSION_IDLE_MINUTES_MERCHANT ?? SESSION_IDLE_MINUTES_MERCHANT) * 60_000,
    },
    metricsToken: e.METRICS_TOKEN,
    apiBases,
    webOrigins,
  };
}

/** An ApiBasesError of `key`'s value as the one line of ConfigError. */
function checked<T>(key: string, got: string, parse: () => T): T {
  try {
    return parse();
  } catch (err) {
    if (err instanceof ApiBasesError) throw new ConfigError(`Invalid configuration: ${key} ${err.message}${key === 'API_BASES' || key === 'WEB_ORIGINS' ? '' : ` (file ${JSON.stringify(got)})`}`);
    throw err;
  }
}

/** API_BASES (the JSON itself) or API_BASES_FILE (a file holding it, relative to the repository root); not both. */
function regionalMap(inline: string | undefined, file: string | undefined): ApiBaseMap | null {
  if (inline !== undefined && file !== undefined) throw new ConfigError('Invalid configuration: API_BASES and API_BASES_FILE are both set (give one)');
  if (inline !== undefined) return checked('API_BASES', inline, () => parseApiBases(inline));
  if (file === undefined) return null;
  const at = path.resolve(REPO_ROOT, file);
  let text: string;
  try {
    text = fs.readFileSync(at, 'utf8');
  } catch (err) {
    throw new ConfigError(`Invalid configuration: API_BASES_FILE cannot be read (${(err as NodeJS.ErrnoException).code ?? 'error'}: ${at})`);
  }
  return checked('API_BASES_FILE', at, () => parseApiBases(text));
}

/** For the entry points: parse process.env, or print the one line and exit 1. */
export function loadConfigOrExit(env: Record<string, string | undefined> = process.env): Config {
  try {
    return parseConfig(env);
  } catch (err) {
    if (err instanceof ConfigError) {
      process.stderr.write(`${err.message}\n`);
      process.exit(1);
    }
    throw err;
  }
}
