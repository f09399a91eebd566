/**
 * Shared plumbing of the benchmarks (docs/benchmarks.md). Benchmarks print figures; they are not tests.
 *
 *   databaseUrl()            DATABASE_URL, else the embedded cluster of DATA_DIR (default /tmp/bench-data)
 *   opt(name, fallback)      `--name=value` on the command line, else env NAME, else the fallback
 *   summarize(samples)       p50 / p95 / p99 / max of millisecond samples
 *   printTable(rows)         fixed-width table on stdout
 *   signIn(base, username)   dashboard session token (server started with CAPTCHA=off)
 *   (process.ts, re-exported) RssSampler, childrenRss, pidListeningOn, cpuSecondsOf, CpuMeter: what /proc says
 *   benchOpenApiClient(key)  the generated open-API client (packages/open-api-client) over kept-alive connections
 *   createAndPay(key, ...)   one create + sandbox pay through it
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import os from 'node:os';
import path from 'node:path';
import { PaymentStatus, PaymentType } from '@mg/domain';
import { openApiClient, type OpenApiClient } from '@mg/open-api-client';
import { embeddedUrl, socketDirFor } from '../apps/server/src/db/embedded';

export * from './process';
export * from './server';
export * from './load';

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

/**
 * One agent keeps a connection per client open: the load generator shares the machine's two cores with the server and
 * PostgreSQL, and node:http with keep-alive costs it less CPU per request than fetch did (docs/benchmarks.md).
 */
const keepAlive = { http: new http.Agent({ keepAlive: true, maxSockets: 256 }), https: new https.Agent({ keepAlive: true, maxSockets: 256 }) };

/**
 * The generated client (packages/open-api-client) against the server at `key.base`, signed with `key`: its requests
 * go over the kept-alive node:http connections above rather than fetch, so the load generator's CPU per request
 * stays what it was. One client per key object.
 */
export function benchOpenApiClient(key: OpenApiKey): OpenApiClient {
  let client = clients.get(key);
  if (!client) {
    client = openApiClient({
      baseUrl: key.base,
      key: { merchantId: String(key.merchantId), keyId: key.keyId, secret: key.keySecret },
      fetch: async (req) => {
        const res = await keepAliveRequest(req.method, req.url, Object.fromEntries(req.headers), req.body ? await req.text() : '');
        return new Response(res.text, { status: res.status, headers: res.headers });
      },
    });
    clients.set(key, client);
  }
  return client;
}
const clients = new WeakMap<OpenApiKey, OpenApiClient>();

/** The params of an open-API POST: a fresh Idempotency-Key (a retry of the same call would send the same one). */
export function idempotent(): { header: { 'idempotency-key': string } } {
  return { header: { 'idempotency-key': randomUUID() } };
}

/**
 * One create + pay through the generated open-API client (an IDR VA order, paid by the sandbox helper): the
 * operation the payment benches count. The amount varies with the client `c` and its n-th operation so rows differ;
 * it throws on any answer but 201 then a paid 200. `extra`: fields added to the create (a notifyUrl: callbacks too).
 */
export async function createAndPay(key: OpenApiKey, merchantOrderId: string, c: number, n: number, extra: { notifyUrl?: string } = {}): Promise<void> {
  const api = benchOpenApiClient(key);
  const created = await api.POST('/collections', {
    body: {
      merchantOrderId,
      amount: String(100_000 + (Math.abs(c * 7919 + n * 104_729) % 900) * 1000 + 500),
      currency: 'IDR',
      paymentType: PaymentType.VA,
      payerName: 'Bench Payer',
      payerEmail: 'payer@mail.example',
      orderDescription: 'Benchmark order',
      ...extra,
    },
    params: idempotent(),
  });
  if (created.response.status !== 201 || !created.data) throw new Error(`create -> ${created.response.status}: ${JSON.stringify(created.error).slice(0, 200)}`);
  const paid = await api.POST('/sandbox/collections/{id}/pay', { params: { path: { id: created.data.result.id }, ...idempotent() } });
  if (paid.response.status !== 200 || paid.data?.result.status !== PaymentStatus.SUCCESS) throw new Error(`pay -> ${paid.response.status}: ${JSON.stringify(paid.data ?? paid.error).slice(0, 200)}`);
}

/** A request over a kept-alive connection: its status, the answer's headers and body text. */
function keepAliveRequest(method: string, url: string, headers: Record<string, string>, payload: string): Promise<{ status: number; headers: Headers; text: string }> {
  const secure = url.startsWith('https:');
  const request = secure ? https.request : http.request;
  const length = method === 'GET' && payload === '' ? {} : { 'content-length': String(Buffer.byteLength(payload)) };
  return new Promise((resolve, reject) => {
    const req = request(url, { method, agent: secure ? keepAlive.https : keepAlive.http, headers: { ...headers, ...length } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const answer = new Headers();
        for (const [k, v] of Object.entries(res.headers)) if (v !== undefined) answer.set(k, Array.isArray(v) ? v.join(', ') : v);
        resolve({ status: res.statusCode ?? 0, headers: answer, text: Buffer.concat(chunks).toString('utf8') });
      });
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(payload);
  });
}
