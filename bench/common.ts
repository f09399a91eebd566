/**
 * Shared plumbing of the benchmarks (docs/benchmarks.md). Benchmarks print figures; they are not tests.
 *
 *   databaseUrl()            DATABASE_URL, else the embedded cluster of DATA_DIR (default /tmp/bench-data)
 *   opt(name, fallback)      `--name=value` on the command line, else env NAME, else the fallback
 *   summarize(samples)       p50 / p95 / p99 / max of millisecond samples
 *   printTable(rows)         fixed-width table on stdout
 *   signIn(base, username)   dashboard session token (server started with CAPTCHA=off)
 *   RssSampler               peak RSS of this process, of another pid or of a function, sampled every 100 ms
 *   childrenRss              RSS of a process's children whose command line matches
 *   openApiPost(key, path)   a signed open API POST with a fresh nonce and Idempotency-Key
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import os from 'node:os';
import path from 'node:path';
import { OPEN_API_HEADERS, OPEN_API_PREFIX } from '@mg/domain';
import { bodyHash, signRequest } from '../apps/server/src/modules/open-api/signature';
import { embeddedUrl, socketDirFor } from '../apps/server/src/db/embedded';

export const DEFAULT_BASE_URL = 'http://127.0.0.1:18080';
export const DEFAULT_DATA_DIR = '/tmp/bench-data';
export const BENCH_MERCHANT_ID = 10001;
export const DEMO_PASSWORD = 'Demo#2026pay';

/** `--name=value` (or `--name value`) first, then the environment variable NAME_IN_CAPS, then the fallback. */
export function opt(name: string, fallback: string): string {
  const flag = `--${name}`;
  const argv = process.argv.slice(2);
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i] ?? '';
    if (a.startsWith(`${flag}=`)) return a.slice(flag.length + 1);
    if (a === flag && argv[i + 1] !== undefined && !argv[i + 1]!.startsWith('--')) return argv[i + 1]!;
    if (a === flag) return 'true';
  }
  const env = process.env[name.replace(/-/g, '_').toUpperCase()];
  return env !== undefined && env !== '' ? env : fallback;
}

export function optInt(name: string, fallback: number): number {
  const v = Number(opt(name, String(fallback)).replace(/_/g, ''));
  if (!Number.isFinite(v)) throw new Error(`--${name} must be a number`);
  return Math.trunc(v);
}

export function baseUrl(): string {
  return opt('base-url', DEFAULT_BASE_URL).replace(/\/+$/, '');
}

/**
 * DATABASE_URL when set; else the embedded PostgreSQL the server started in DATA_DIR (it writes the port and the
 * superuser password next to the cluster: see apps/server/src/db/embedded.ts).
 */
export function databaseUrl(): string {
  const url = process.env.DATABASE_URL;
  if (url) return url;
  const dataDir = path.resolve(opt('data-dir', DEFAULT_DATA_DIR));
  const read = (f: string) => {
    try {
      return fs.readFileSync(path.join(dataDir, f), 'utf8').trim();
    } catch {
      throw new Error(
        `DATABASE_URL is not set and ${path.join(dataDir, f)} is missing: start the server once with DATA_DIR=${dataDir}`,
      );
    }
  };
  const port = Number(read('pg.port'));
  const password = read('pg.password');
  // The server's own way in: the cluster's Unix socket when it has one (a baseline over TCP would pay more a statement).
  return embeddedUrl(password, port, socketDirFor(path.join(dataDir, 'pg'), port));
}

/** The same cluster over loopback TCP (bench:transport compares the two). */
export function tcpUrlOf(url: string): string {
  const u = new URL(url);
  u.searchParams.delete('host');
  return u.toString();
}

/** The database part of a URL without the password, for printing. */
export function describeUrl(url: string): string {
  const u = new URL(url);
  return `${u.hostname}:${u.port || 5432}${u.pathname}`;
}

/* ---------------------------------------------------------------------------------------------------------- */
/* Statistics and output                                                                                        */

export interface Summary {
  n: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  mean: number;
}

/** Nearest-rank percentiles of millisecond samples. */
export function summarize(samples: readonly number[]): Summary {
  const s = [...samples].sort((a, b) => a - b);
  const at = (p: number) =>
    s.length === 0 ? NaN : s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))]!;
  const mean = s.length === 0 ? NaN : s.reduce((a, b) => a + b, 0) / s.length;
  return { n: s.length, p50: at(50), p95: at(95), p99: at(99), max: s.at(-1) ?? NaN, mean };
}

export const ms = (v: number): string => (Number.isFinite(v) ? v.toFixed(1) : '-');
export const int = (v: number): string => (Number.isFinite(v) ? Math.round(v).toLocaleString('en-US') : '-');
export const mb = (bytes: number): string => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

/** Prints rows (first row = header) as a fixed-width table; numeric-looking cells are right-aligned. */
export function printTable(rows: readonly (readonly string[])[]): void {
  const widths: number[] = [];
  for (const r of rows) r.forEach((c, i) => (widths[i] = Math.max(widths[i] ?? 0, c.length)));
  const numeric = /^[-+]?[\d,.]+( ?(ms|MB|%|x))?$/;
  const line = (r: readonly string[]) =>
    r.map((c, i) => (numeric.test(c) ? c.padStart(widths[i]!) : c.padEnd(widths[i]!))).join('  ');
  rows.forEach((r, i) => {
    console.log(line(r));
    if (i === 0) console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  });
}

/* ---------------------------------------------------------------------------------------------------------- */
/* Dashboard session                                                                                            */

export interface Envelope<T> {
  success: boolean;
  message: string;
  code: number;
  result: T;
}

/** Signs a demo user in (the server must run with CAPTCHA=off) and answers the X-Access-Token value. */
export async function signIn(
  base: string,
  username = 'demo_admin',
  password = DEMO_PASSWORD,
  currency = 'IDR',
  brand = 'tikipay',
): Promise<string> {
  const res = await fetch(`${base}/api/sys/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-brand': brand },
    body: JSON.stringify({ username, password, countryCurrency: currency }),
  });
  const body = (await res.json()) as Envelope<{ token?: string }>;
  if (res.status !== 200 || !body.result?.token) {
    throw new Error(
      `sign-in of ${username} failed (${res.status}): ${JSON.stringify(body).slice(0, 300)} (is the server running with CAPTCHA=off?)`,
    );
  }
  return body.result.token;
}

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

/** `2 cores, load average 1.2 / 0.8 / 0.5`: printed with every result, since the figures depend on it. */
export function machineLine(): string {
  const [a, b, c] = os.loadavg().map((v) => v.toFixed(1));
  return `${os.cpus().length} cores, load average ${a} / ${b} / ${c} (1 / 5 / 15 min)`;
}

/* ---------------------------------------------------------------------------------------------------------- */
/* Open API                                                                                                     */

export interface OpenApiKey {
  base: string;
  keyId: string;
  keySecret: string;
  merchantId: number;
}

/** A signed POST under /api/open/v1 (fresh nonce and Idempotency-Key), its status and parsed envelope. */
export async function openApiPost<T>(key: OpenApiKey, pathRel: string, body: unknown): Promise<{ status: number; body: Envelope<T> }> {
  const url = `${OPEN_API_PREFIX}${pathRel}`;
  const payload = body === undefined ? '' : JSON.stringify(body);
  const timestamp = String(Math.floor(Date.now() / 1000));
  const nonce = randomUUID();
  const H = OPEN_API_HEADERS;
  const headers: Record<string, string> = {
    [H.MERCHANT_ID]: String(key.merchantId),
    [H.KEY_ID]: key.keyId,
    [H.TIMESTAMP]: timestamp,
    [H.NONCE]: nonce,
    [H.IDEMPOTENCY_KEY]: randomUUID(),
    [H.SIGNATURE]: signRequest(key.keySecret, { method: 'POST', pathWithQuery: url, timestamp, nonce, bodyHash: bodyHash(payload) }),
  };
  if (body !== undefined) headers['content-type'] = 'application/json';
  const res = await keepAlivePost(`${key.base}${url}`, headers, payload);
  try {
    return { status: res.status, body: JSON.parse(res.text) as Envelope<T> };
  } catch {
    throw new Error(`${url} -> ${res.status}: ${res.text.slice(0, 200)}`);
  }
}

/**
 * One agent keeps a connection per client open: the load generator shares the machine's two cores with the server and
 * PostgreSQL, and node:http with keep-alive costs it less CPU per request than fetch did (docs/benchmarks.md).
 */
const keepAlive = { http: new http.Agent({ keepAlive: true, maxSockets: 256 }), https: new https.Agent({ keepAlive: true, maxSockets: 256 }) };

/** A POST over a kept-alive connection (http or https, as `--base-url` says): its status and body text. */
export function keepAlivePost(url: string, headers: Record<string, string>, payload: string): Promise<{ status: number; text: string }> {
  const secure = url.startsWith('https:');
  const request = secure ? https.request : http.request;
  return new Promise((resolve, reject) => {
    const req = request(url, { method: 'POST', agent: secure ? keepAlive.https : keepAlive.http, headers: { ...headers, 'content-length': String(Buffer.byteLength(payload)) } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(payload);
  });
}
