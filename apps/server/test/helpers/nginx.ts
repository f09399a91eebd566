/**
 * nginx in front of two server instances, on the repository's site file deploy/nginx-site.conf.example with only its
 * ports changed (test/proxy.test.ts, bench/two-instances.ts): a foreground nginx (`daemon off`) whose configuration,
 * pid, logs and temp files are all in `dir`.
 *
 *   const proxy = new Nginx(dir, port, [portA, portB]);
 *   await proxy.start();            // nginx -t, then nginx; resolves when /api/health/live answers through it
 *   await proxy.reload(portA);      // portA marked `down` (a deploy takes it out); reload() puts it back
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from '../../src/config';

export const NGINX_BIN = '/usr/sbin/nginx';
export const SITE_FILE = path.join(REPO_ROOT, 'deploy', 'nginx-site.conf.example');

/** The site file for these ports, `down` on the line of the instance on port `down`; fails if those lines moved. */
export function renderSite(listen: number, instances: readonly [number, number], down?: number): string {
  const replace = (s: string, from: string, to: string) => {
    if (s.split(from).length !== 2) throw new Error(`${SITE_FILE}: expected "${from}" once; change test/helpers/nginx.ts with it`);
    return s.replace(from, to);
  };
  let out = fs.readFileSync(SITE_FILE, 'utf8');
  out = replace(out, 'server 127.0.0.1:8081 ', `server 127.0.0.1:${instances[0]} `);
  out = replace(out, 'server 127.0.0.1:8082 ', `server 127.0.0.1:${instances[1]} `);
  if (down !== undefined) out = out.replace(new RegExp(`(server 127\\.0\\.0\\.1:${down} [^;]*);`), '$1 down;');
  return replace(out, 'listen 80;', `listen 127.0.0.1:${listen};`);
}

/** A main configuration of tests and benchmarks only: everything nginx writes in `dir`, in the foreground. */
function mainConf(dir: string): string {
  const p = (f: string) => path.join(dir, f);
  return [
    'daemon off;',
    // As root nginx would run its worker as nobody, which cannot write in a 0700 temp dir.
    ...(process.getuid?.() === 0 ? ['user root;'] : []),
    'worker_processes 1;',
    `pid ${p('nginx.pid')};`,
    `error_log ${p('error.log')} warn;`,
    'events { worker_connections 1024; }',
    'http {',
    // Which instance answered, and every instance tried: a request passed on lists two.
    `  log_format upstreams '$request_method $uri $status "$upstream_addr" "$upstream_status"';`,
    `  access_log ${p('access.log')} upstreams;`,
    ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((t) => `  ${t}_temp_path ${p(t)};`),
    `  include ${p('site.conf')};`,
    '}',
    '',
  ].join('\n');
}

async function until(what: string, ms: number, probe: () => Promise<boolean> | boolean): Promise<void> {
  const end = Date.now() + ms;
  while (!(await probe())) {
    if (Date.now() > end) throw new Error(`timed out after ${ms} ms waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

export class Nginx {
  process: ChildProcess | undefined;
  #stderr = '';

  constructor(
    readonly dir: string,
    readonly port: number,
    readonly instances: readonly [number, number],
  ) {}

  get base(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  #args(): string[] {
    return ['-p', this.dir, '-c', path.join(this.dir, 'nginx.conf'), '-e', path.join(this.dir, 'error.log')];
  }

  async start(down?: number): Promise<void> {
    fs.mkdirSync(this.dir, { recursive: true });
    fs.writeFileSync(path.join(this.dir, 'site.conf'), renderSite(this.port, this.instances, down));
    fs.writeFileSync(path.join(this.dir, 'nginx.conf'), mainConf(this.dir));
    const checked = spawnSync(NGINX_BIN, ['-t', ...this.#args()], { encoding: 'utf8' });
    if (checked.status !== 0) throw new Error(`nginx -t: ${checked.stderr}`);
    const child = spawn(NGINX_BIN, this.#args(), { stdio: ['ignore', 'ignore', 'pipe'] });
    child.stderr!.on('data', (c: Buffer) => (this.#stderr += c.toString()));
    this.process = child;
    await until('nginx to answer', 20_000, async () => {
      if (child.exitCode !== null) throw new Error(`nginx exited: ${this.#stderr}`);
      const r = await fetch(`${this.base}/api/health/live`).catch(() => undefined);
      return r?.status === 200;
    });
  }

  /** Its worker processes (children of the master). */
  workers(): number[] {
    const pid = this.process!.pid!;
    return fs.readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
  }

  /**
   * `nginx -s reload` (SIGHUP) with the site rendered again, done when the workers of the old configuration have
   * exited: they finish the requests they were proxying first, so nothing is in flight to an instance marked down
   * once this returns.
   */
  async reload(down?: number): Promise<void> {
    const old = new Set(this.workers());
    fs.writeFileSync(path.join(this.dir, 'site.conf'), renderSite(this.port, this.instances, down));
    this.process!.kill('SIGHUP');
    await until('the workers of the old nginx configuration to exit', 60_000, () => {
      const now = this.workers();
      return now.length > 0 && now.every((w) => !old.has(w));
    });
  }

  /** The access log's lines (`METHOD uri status "upstreams tried" "their statuses"`). */
  accessLog(): string[] {
    const file = path.join(this.dir, 'access.log');
    return fs.existsSync(file) ? fs.readFileSync(file, 'utf8').split('\n').filter(Boolean) : [];
  }

  /** A graceful stop (SIGQUIT), resolved at its exit. */
  async stop(): Promise<void> {
    const child = this.process;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGQUIT');
    await exited;
  }
}
