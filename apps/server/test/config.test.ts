import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, parseConfig, REPO_ROOT } from '../src/config';

const SPAWN_TIMEOUT_MS = 100_000;

describe('config', () => {
  it('has working defaults', () => {
    const c = parseConfig({});
    expect(c).toMatchObject({
      port: 8080,
      host: '0.0.0.0',
      dataDir: path.join(REPO_ROOT, 'data'),
      databaseUrl: undefined,
      logLevel: 'info',
      publicUrl: 'http://localhost:8080',
      nodeEnv: 'development',
      rateLimitPerMinute: 600,
      // Issue 39: platform staff's sessions end after 30 idle minutes, merchants' after 8 hours.
      sessionIdleMs: { platform: 30 * 60_000, merchant: 8 * 3_600_000 },
    });
  });

  it('reads what several instances share (issue 41): limits store, Redis, key file, object storage', () => {
    expect(parseConfig({})).toMatchObject({ rateLimitStore: 'database', rateLimitLeases: true, redisUrl: undefined, secretKeyFile: undefined, fileStorageUrl: undefined });
    expect(parseConfig({ REDIS_URL: 'redis://127.0.0.1:6379' })).toMatchObject({ rateLimitStore: 'redis', redisUrl: 'redis://127.0.0.1:6379' });
    expect(parseConfig({ RATE_LIMIT_STORE: 'memory', RATE_LIMIT_LEASE: 'off' })).toMatchObject({ rateLimitStore: 'memory', rateLimitLeases: false });
    expect(parseConfig({ SECRET_KEY_FILE: '/run/secrets/mg.key' }).secretKeyFile).toBe('/run/secrets/mg.key');
    expect(parseConfig({ FILE_STORAGE_URL: 's3://mg-files/prod?region=eu-west-1' }).fileStorageUrl).toBe('s3://mg-files/prod?region=eu-west-1');
    expect(() => parseConfig({ RATE_LIMIT_STORE: 'redis' })).toThrow('RATE_LIMIT_STORE redis needs REDIS_URL');
    expect(() => parseConfig({ REDIS_URL: 'http://x' })).toThrow('Invalid configuration: REDIS_URL must be a redis:// or rediss:// URL');
    expect(() => parseConfig({ FILE_STORAGE_URL: '/tmp/files' })).toThrow('FILE_STORAGE_URL must be an s3://');
  });

  it('reads a pooler in front of the database: transaction pooling needs PostgreSQL itself beside it', () => {
    const db = 'postgres://mg@127.0.0.1:6432/mg';
    const direct = 'postgres://mg@127.0.0.1:5432/mg';
    expect(parseConfig({ DATABASE_URL: db })).toMatchObject({ databasePooler: 'none', databaseDirectUrl: db });
    expect(parseConfig({ DATABASE_URL: db, DATABASE_POOLER: 'session' })).toMatchObject({ databasePooler: 'session', databaseDirectUrl: db });
    expect(parseConfig({ DATABASE_URL: db, DATABASE_POOLER: 'Transaction', DATABASE_DIRECT_URL: direct })).toMatchObject({ databasePooler: 'transaction', databaseDirectUrl: direct });
    expect(() => parseConfig({ DATABASE_URL: db, DATABASE_POOLER: 'transaction' })).toThrow('DATABASE_POOLER transaction needs DATABASE_DIRECT_URL');
    expect(() => parseConfig({ DATABASE_POOLER: 'session' })).toThrow('DATABASE_POOLER session needs DATABASE_URL');
    expect(() => parseConfig({ DATABASE_URL: db, DATABASE_POOLER: 'statement' })).toThrow('DATABASE_POOLER must be one of none, session, transaction');
    expect(() => parseConfig({ DATABASE_URL: db, DATABASE_DIRECT_URL: 'postgres://u:secret@[bad' })).toThrow(/^Invalid configuration: DATABASE_DIRECT_URL must be a postgres:\/\/ or postgresql:\/\/ URL$/);
  });

  it('reads the variables', () => {
    const c = parseConfig({
      PORT: '9090',
      HOST: '127.0.0.1',
      DATA_DIR: '/var/lib/mg',
      DATABASE_URL: 'postgres://u:p@db:5432/mg',
      LOG_LEVEL: 'debug',
      NODE_ENV: 'production',
      RATE_LIMIT_PER_MINUTE: '50',
    });
    expect(c).toMatchObject({ port: 9090, host: '127.0.0.1', dataDir: '/var/lib/mg', databaseUrl: 'postgres://u:p@db:5432/mg' });
    expect(c.publicUrl).toBe('http://localhost:9090');
    expect(c.logLevel).toBe('debug');
    expect(c.rateLimitPerMinute).toBe(50);
    expect(parseConfig({ SESSION_IDLE_MINUTES_PLATFORM: '15', SESSION_IDLE_MINUTES_MERCHANT: '60' }).sessionIdleMs).toEqual({ platform: 15 * 60_000, merchant: 3_600_000 });
  });

  it('resolves a relative DATA_DIR against the repository root', () => {
    expect(parseConfig({ DATA_DIR: 'var/x' }).dataDir).toBe(path.join(REPO_ROOT, 'var/x'));
  });

  it.each([
    [{ PORT: 'abc' }, 'Invalid configuration: PORT must be an integer 1-65535 (got "abc")'],
    [{ PORT: '70000' }, 'Invalid configuration: PORT must be an integer 1-65535 (got "70000")'],
    [{ LOG_LEVEL: 'loud' }, 'Invalid configuration: LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent (got "loud")'],
    [{ PUBLIC_URL: 'localhost' }, 'Invalid configuration: PUBLIC_URL must be an http:// or https:// URL (got "localhost")'],
    [{ RATE_LIMIT_PER_MINUTE: '0' }, 'Invalid configuration: RATE_LIMIT_PER_MINUTE must be an integer 1-1000000 (got "0")'],
    [{ SESSION_IDLE_MINUTES_PLATFORM: '0' }, 'Invalid configuration: SESSION_IDLE_MINUTES_PLATFORM must be an integer 1-10080 (got "0")'],
    [{ SESSION_IDLE_MINUTES_MERCHANT: '8h' }, 'Invalid configuration: SESSION_IDLE_MINUTES_MERCHANT must be an integer 1-10080 (got "8h")'],
  ])('refuses %o with one line naming the variable', (env, line) => {
    expect(() => parseConfig(env)).toThrow(ConfigError);
    expect(() => parseConfig(env)).toThrow(line);
    try {
      parseConfig(env);
    } catch (e) {
      expect((e as Error).message).not.toContain('\n');
    }
  });

  it('never echoes a bad DATABASE_URL (it may hold a password)', () => {
    expect(() => parseConfig({ DATABASE_URL: 'mysql://root:hunter2@db/x' })).toThrow(
      /^Invalid configuration: DATABASE_URL must be a postgres:\/\/ or postgresql:\/\/ URL$/,
    );
  });

  it('stops the process with exit code 1 and one line on stderr', async () => {
    const { spawnSync } = await import('node:child_process');
    const r = spawnSync(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: path.join(REPO_ROOT, 'apps/server'),
      env: { ...process.env, PORT: 'abc' },
      encoding: 'utf8',
      // tsx compiles the server's entry first: 3 s when quiet, over 20 s on a loaded CI machine.
      timeout: SPAWN_TIMEOUT_MS,
    });
    expect(r.status).toBe(1);
    expect(r.stderr.trim()).toBe('Invalid configuration: PORT must be an integer 1-65535 (got "abc")');
  }, SPAWN_TIMEOUT_MS + 10_000);
});
