/**
 * What the benchmarks read of processes from /proc: memory (RSS of a process, of its children, sampled peaks), the
 * process listening on a port, CPU seconds of a process and of a PostgreSQL cluster. Linux only, as the machines are.
 * Re-exported by common.ts, so a benchmark imports it from there with the rest.
 */
import fs from 'node:fs';
import path from 'node:path';
import type pg from 'pg';

/* ---------------------------------------------------------------------------------------------------------- */
/* Memory                                                                                                       */

/** VmRSS / VmHWM of a process from /proc/<pid>/status, in bytes. */
export function procMemory(pid: number): { rss: number; hwm: number } | null {
  try {
    const text = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (name: string) =>
      Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(text)?.[1] ?? NaN) * 1024;
    return { rss: kb('VmRSS'), hwm: kb('VmHWM') };
  } catch {
    return null;
  }
}

/**
 * RSS of the child processes of `pid` whose command line contains `match` (an export job's process, not the embedded
 * PostgreSQL the server also started), summed; 0 when none runs.
 */
export function childrenRss(pid: number, match: string): number {
  let sum = 0;
  // The children of the main thread (libuv spawns from it): one read, not a scan of /proc ten times a second on the
  // machine being measured.
  const children = fs.readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean);
  for (const child of children) {
    try {
      if (!fs.readFileSync(`/proc/${child}/cmdline`, 'utf8').includes(match)) continue;
      sum += procMemory(Number(child))?.rss ?? 0;
    } catch {
      // The process ended while it was read.
    }
  }
  return sum;
}

/**
 * Samples an RSS every `everyMs` and keeps the peak: of this process (no argument), of `pid`, or what a function
 * returns.
 */
export class RssSampler {
  peak = 0;
  first = 0;
  readonly #timer: NodeJS.Timeout;
  readonly #read: () => number;
  constructor(source?: number | (() => number), everyMs = 100) {
    this.#read =
      source === undefined
        ? () => process.memoryUsage().rss
        : typeof source === 'number'
          ? () => procMemory(source)?.rss ?? 0
          : source;
    this.sample();
    this.first = this.peak;
    this.#timer = setInterval(() => this.sample(), everyMs);
  }
  sample(): void {
    const rss = this.#read();
    if (rss > this.peak) this.peak = rss;
  }
  stop(): number {
    clearInterval(this.#timer);
    this.sample();
    return this.peak;
  }
}

/**
 * The pid of the process listening on a local TCP port: /proc/net/tcp{,6} gives the socket inode, /proc/<pid>/fd
 * the process holding it. Linux only; null when not found (then pass --server-pid).
 */
export function pidListeningOn(port: number): number | null {
  const hexPort = port.toString(16).toUpperCase().padStart(4, '0');
  const inodes = new Set<string>();
  for (const f of ['/proc/net/tcp', '/proc/net/tcp6']) {
    let text = '';
    try {
      text = fs.readFileSync(f, 'utf8');
    } catch {
      continue;
    }
    for (const line of text.split('\n').slice(1)) {
      const cols = line.trim().split(/\s+/);
      // local_address is HEXIP:HEXPORT; state 0A = LISTEN; inode is column 9.
      if (cols[1]?.endsWith(`:${hexPort}`) && cols[3] === '0A' && cols[9]) inodes.add(cols[9]);
    }
  }
  if (inodes.size === 0) return null;
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    let fds: string[];
    try {
      fds = fs.readdirSync(`/proc/${entry}/fd`);
    } catch {
      continue;
    }
    for (const fd of fds) {
      try {
        const m = /^socket:\[(\d+)\]$/.exec(fs.readlinkSync(`/proc/${entry}/fd/${fd}`));
        if (m && inodes.has(m[1]!)) return Number(entry);
      } catch {
        /* fd closed meanwhile */
      }
    }
  }
  return null;
}

export function sleep(ms: number): Promise<void> {
  return new Promise((r) => setTimeout(r, ms));
}

/* ---------------------------------------------------------------------------------------------------------- */
/* CPU time                                                                                                     */

const CLOCK_TICKS = 100; // USER_HZ on Linux

/** utime + stime of a process in seconds (/proc/<pid>/stat), 0 when it is gone. */
export function cpuSecondsOf(pid: number): number {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which is in parentheses and may contain spaces).
    const rest = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(rest[11]) + Number(rest[12])) / CLOCK_TICKS;
  } catch {
    return 0;
  }
}

/** The postmaster of a data directory (`<dir>/postmaster.pid`) and its current children (backends, workers). */
export function postgresPids(pgDir: string): number[] {
  let postmaster: number;
  try {
    postmaster = Number.parseInt(
      fs.readFileSync(path.join(pgDir, 'postmaster.pid'), 'utf8').split('\n')[0] ?? '',
      10,
    );
  } catch {
    return [];
  }
  const pids = [postmaster];
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid === postmaster) pids.push(Number(entry));
    } catch {
      /* gone */
    }
  }
  return pids;
}

/** CPU seconds used by a set of processes between start() and stop() (processes that exit meanwhile drop out). */
export class CpuMeter {
  readonly #start = new Map<number, number>();
  constructor(private readonly pids: () => number[]) {}
  start(): void {
    this.#start.clear();
    for (const pid of this.pids()) this.#start.set(pid, cpuSecondsOf(pid));
  }
  stop(): number {
    let used = 0;
    for (const pid of this.pids()) used += cpuSecondsOf(pid) - (this.#start.get(pid) ?? 0);
    return used;
  }
}

/** CPU seconds of each PostgreSQL backend of a benchmark's database (pg_stat_activity's pids), at one instant. */
export type PgCpuSnapshot = ReadonlyMap<number, number>;

/** `applicationName`: only the backends of connections made with that name (one server's writer, say). */
export async function pgCpu(db: pg.Client, dbName: string, applicationName?: string): Promise<PgCpuSnapshot> {
  const { rows } = await db.query<{ pid: number }>('select pid from pg_stat_activity where datname = $1 and ($2::text is null or application_name = $2)', [dbName, applicationName ?? null]);
  return new Map(rows.map((r) => [r.pid, cpuSecondsOf(r.pid)]));
}

/**
 * CPU the database's backends used since `before`, counted per backend: one that started since counts from zero;
 * one that ended since (a pool closing an idle connection) drops out with what it used, so the figure is a lower
 * bound, never the negative a difference of two totals gives when a busy backend exits between them.
 */
export async function pgCpuSince(db: pg.Client, dbName: string, before: PgCpuSnapshot, applicationName?: string): Promise<number> {
  const now = await pgCpu(db, dbName, applicationName);
  let used = 0;
  for (const [pid, cpu] of now) used += Math.max(0, cpu - (before.get(pid) ?? 0));
  return used;
}
