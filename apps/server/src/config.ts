import path from 'node:path';
import { OPEN_API_RATE_LIMIT_PER_MINUTE, SESSION_IDLE_MINUTES_MERCHANT, SESSION_IDLE_MINUTES_PLATFORM, TOKEN_TTL_MS } from '@mg/domain';
import { z } from 'zod';
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
  logLevel: (typeof LOG_LEVELS)[number];
  publicUrl: string;
  nodeEnv: 'development' | 'production' | 'test';
  rateLimitPerMinute: number;
  /** Open API requests per minute per key. */
  openApiRateLimitPerMinute: number;
  /** CAPTCHA=off turns the sign-in captcha check off (local automation only). */
  captcha: boolean;
  /** SMTP server for outgoing mail (smtp:// or smtps://); unset: mail only goes to the outbox table. */
  mailUrl: string | undefined;
  /** 32-byte key sealing API secrets and webhook secrets (hex); unset: generated once into `${dataDir}/secret.key`. */
  secretKey: string | undefined;
  /** Callbacks to loopback/private addresses are refused unless this is true (local testing). */
  allowPrivateCallbacks: boolean;
  /** Background jobs (callback delivery, expiry, settlement, exports); JOBS=off for a read-only instance. */
  jobs: boolean;
  /** /api/health also answers how many statements this process sent to PostgreSQL (bench:api counts per op). */
  dbRoundTrips: boolean;
  /** A session unused this long ends (401 TOKEN_EXPIRED): platform staff's, and every merchant user's. */
  sessionIdleMs: { platform: number; merchant: number };
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
  SECRET_KEY: z.preprocess(blankToUndefined, z.string().regex(/^[0-9a-fA-F]{64}$/, 'must be 64 hex characters (32 bytes)').optional()),
  ALLOW_PRIVATE_CALLBACKS: onOff('true', 'false'),
  JOBS: onOff('on', 'off'),
  DB_ROUND_TRIPS: onOff('on', 'off'),
  SESSION_IDLE_MINUTES_PLATFORM: intIn(1, IDLE_MINUTES_MAX),
  SESSION_IDLE_MINUTES_MERCHANT: intIn(1, IDLE_MINUTES_MAX),
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
    // DATABASE_URL and MAIL_URL may carry a password: never echo it.
    const shown = key === 'DATABASE_URL' || key === 'MAIL_URL' || key === 'SECRET_KEY' ? '' : ` (got ${JSON.stringify(got ?? '')})`;
    throw new ConfigError(`Invalid configuration: ${key} ${issue?.message ?? 'is invalid'}${shown}`);
  }
  const e = parsed.data;
  const port = e.PORT ?? 8080;
  return {
    port,
    host: e.HOST ?? '0.0.0.0',
    dataDir: path.resolve(REPO_ROOT, e.DATA_DIR ?? 'data'),
    databaseUrl: e.DATABASE_URL,
    logLevel: e.LOG_LEVEL ?? 'info',
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/+$/, ''),
    nodeEnv: e.NODE_ENV ?? 'development',
    rateLimitPerMinute: e.RATE_LIMIT_PER_MINUTE ?? 600,
    openApiRateLimitPerMinute: e.OPEN_API_RATE_LIMIT_PER_MINUTE ?? OPEN_API_RATE_LIMIT_PER_MINUTE,
    captcha: e.CAPTCHA !== 'off',
    mailUrl: e.MAIL_URL,
    secretKey: e.SECRET_KEY,
    allowPrivateCallbacks: e.ALLOW_PRIVATE_CALLBACKS === 'true',
    jobs: e.JOBS !== 'off',
    dbRoundTrips: e.DB_ROUND_TRIPS === 'on',
    sessionIdleMs: {
      platform: (e.SESSION_IDLE_MINUTES_PLATFORM ?? SESSION_IDLE_MINUTES_PLATFORM) * 60_000,
      merchant: (e.SESSION_IDLE_MINUTES_MERCHANT ?? SESSION_IDLE_MINUTES_MERCHANT) * 60_000,
    },
  };
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
