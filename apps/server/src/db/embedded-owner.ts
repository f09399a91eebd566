/**
 * Who owns a DATA_DIR's embedded PostgreSQL (pg.owner: the pid of the server process that started it, and its port),
 * and what to do with a postmaster left behind. A second server must not touch a cluster whose owner is alive; a
 * cluster whose owner is dead is an orphan, stopped before a new start.
 */
import { execFile } from 'node:child_process';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';

const execFileAsync = promisify(execFile);

/** The data directory's cluster belongs to a live server: a second one must not touch it. */
export class EmbeddedInUseError extends Error {
  constructor(
    readonly dataDir: string,
    readonly ownerPid: number,
    readonly port: number,
  ) {
    super(
      `DATA_DIR ${dataDir} is in use by a running server (pid ${ownerPid}) with its PostgreSQL on 127.0.0.1:${port}: stop that server first, or set another DATA_DIR`,
    );
    this.name = 'EmbeddedInUseError';
  }
}

interface OwnerRecord {
  pid: number;
  port: number;
}

export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export const ownerFile = (dataDir: string) => path.join(dataDir, 'pg.owner');

async function readOwner(dataDir: string): Promise<OwnerRecord | undefined> {
  try {
    const rec = JSON.parse(await fsp.readFile(ownerFile(dataDir), 'utf8')) as Partial<OwnerRecord>;
    return Number.isInteger(rec.pid) && Number.isInteger(rec.port) ? { pid: rec.pid!, port: rec.port! } : undefined;
  } catch {
    return undefined;
  }
}

/** A live node process (a pid reused by another program does not own anything). */
async function isLiveServer(pid: number): Promise<boolean> {
  if (pid === process.pid || !isAlive(pid)) return false;
  try {
    const cmd = (await fsp.readFile(`/proc/${pid}/cmdline`, 'utf8')).split('\0');
    return /node|tsx/.test(path.basename(cmd[0] ?? ''));
  } catch {
    try {
      const { stdout } = await execFileAsync('ps', ['-p', String(pid), '-o', 'command=']);
      return /node|tsx/.test(stdout);
    } catch {
      return false;
    }
  }
}

/**
 * Takes DATA_DIR for this process: pg.owner is created exclusively, so two servers starting at once cannot both
 * win; a record left by a dead process is an orphan's and is replaced.
 */
export async function acquireOwnership(dataDir: string): Promise<void> {
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      await fsp.writeFile(ownerFile(dataDir), JSON.stringify({ pid: process.pid, port: 0 }), { flag: 'wx', mode: 0o600 });
      return;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
    const owner = await readOwner(dataDir);
    if (owner && (await isLiveServer(owner.pid))) {
      const port = owner.port || Number.parseInt(await fsp.readFile(path.join(dataDir, 'pg.port'), 'utf8').catch(() => '0'), 10);
      throw new EmbeddedInUseError(dataDir, owner.pid, port);
    }
    await fsp.rm(ownerFile(dataDir), { force: true });
  }
  throw new Error(`embedded PostgreSQL: could not take ${ownerFile(dataDir)}`);
}

export async function releaseOwnership(dataDir: string): Promise<void> {
  const owner = await readOwner(dataDir);
  if (owner?.pid === process.pid) await fsp.rm(ownerFile(dataDir), { force: true });
}

async function waitForExit(pid: number, ms: number): Promise<boolean> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (!isAlive(pid)) return true;
    await new Promise((r) => setTimeout(r, 50));
  }
  return !isAlive(pid);
}

/** True when `pid` is a postgres whose data directory is `pgDir` (postmaster chdirs into it). */
async function isOurPostmaster(pid: number, pgDir: string): Promise<boolean> {
  const real = await fsp.realpath(pgDir);
  try {
    const cwd = await fsp.readlink(`/proc/${pid}/cwd`);
    const cmd = (await fsp.readFile(`/proc/${pid}/cmdline`, 'utf8')).split('\0');
    return cwd === real && path.basename(cmd[0] ?? '').startsWith('postgres');
  } catch {
    // No /proc (macOS): fall back to the command line.
    try {
      const { stdout } = await execFileAsync('ps', ['-p', String(pid), '-o', 'command=']);
      return /postgres/.test(stdout) && (stdout.includes(pgDir) || stdout.includes(real));
    } catch {
      return false;
    }
  }
}

/**
 * Deals with a postmaster.pid left behind. Returns what it found, for logs and tests.
 */
export async function recoverOrphan(pgDir: string, log: (m: string) => void = () => {}): Promise<'none' | 'stale' | 'stopped'> {
  const pidFile = path.join(pgDir, 'postmaster.pid');
  let text: string;
  try {
    text = await fsp.readFile(pidFile, 'utf8');
  } catch {
    return 'none';
  }
  const pid = Number.parseInt(text.split('\n')[0] ?? '', 10);
  if (Number.isInteger(pid) && pid > 0 && isAlive(pid) && (await isOurPostmaster(pid, pgDir))) {
    log(`embedded PostgreSQL: stopping the server left running by a previous run (pid ${pid})`);
    process.kill(pid, 'SIGINT'); // fast shutdown: roll back, disconnect, checkpoint
    if (!(await waitForExit(pid, 30_000))) {
      log(`embedded PostgreSQL: pid ${pid} ignored fast shutdown, sending SIGQUIT`);
      process.kill(pid, 'SIGQUIT');
      await waitForExit(pid, 10_000);
    }
    await fsp.rm(pidFile, { force: true });
    return 'stopped';
  }
  log(`embedded PostgreSQL: removing stale ${pidFile} (pid ${pid} is not running it)`);
  await fsp.rm(pidFile, { force: true });
  return 'stale';
}
