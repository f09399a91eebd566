/**
 * PgBouncer (Debian's 1.18) in front of a test database, on the repository's deploy/pgbouncer.ini.example with only
 * its database line, port, authentication and files changed (test/pooler.test.ts, bench/pooler.ts): a foreground
 * process whose configuration, pid and log are in `dir`.
 *
 *   const bouncer = new PgBouncer(dir, port, databaseUrl, { pool_mode: 'transaction', default_pool_size: '3' });
 *   await bouncer.start();          // resolves once a client connects through it
 *   bouncer.url                     // the database through PgBouncer, same user and password
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { REPO_ROOT } from '../../src/config';

export const PGBOUNCER_BIN = '/usr/sbin/pgbouncer';
export const PGBOUNCER_FILE = path.join(REPO_ROOT, 'deploy', 'pgbouncer.ini.example');

/** The example file with `settings` replacing (or adding) its [pgbouncer] keys and one [databases] line. */
export function renderIni(database: string, target: string, settings: Record<string, string>): string {
  const left = new Map(Object.entries(settings));
  const out: string[] = [];
  let section = '';
  for (const line of fs.readFileSync(PGBOUNCER_FILE, 'utf8').split('\n')) {
    const head = /^\[(\w+)\]/.exec(line);
    if (head) {
      if (section === 'pgbouncer') for (const [k, v] of left) out.push(`${k} = ${v}`);
      if (section === 'pgbouncer') left.clear();
      section = head[1]!;
      out.push(line);
      if (section === 'databases') out.push(`${database} = ${target}`);
      continue;
    }
    const kv = /^(\w+)\s*=/.exec(line);
    if (kv && section === 'databases') continue;
    if (kv && section === 'pgbouncer' && left.has(kv[1]!)) {
      out.push(`${kv[1]} = ${left.get(kv[1]!)}`);
      left.delete(kv[1]!);
      continue;
    }
    out.push(line);
  }
  for (const [k, v] of left) out.push(`${k} = ${v}`);
  return `${out.join('\n')}\n`;
}

export class PgBouncer {
  process: ChildProcess | undefined;
  #output = '';
  readonly url: string;

  constructor(
    readonly dir: string,
    readonly port: number,
    /** The database itself (user, password, host, port and name are taken from it). */
    readonly databaseUrl: string,
    readonly settings: Record<string, string> = {},
  ) {
    const u = new URL(databaseUrl);
    u.host = `127.0.0.1:${port}`;
    u.searchParams.delete('host');
    this.url = u.toString();
  }

  async start(): Promise<void> {
    const u = new URL(this.databaseUrl);
    const name = decodeURIComponent(u.pathname.slice(1));
    const target = [
      `host=127.0.0.1 port=${u.port || '5432'} dbname=${name}`,
      `user=${decodeURIComponent(u.username || 'postgres')}`,
      ...(u.password ? [`password=${decodeURIComponent(u.password)}`] : []),
    ].join(' ');
    fs.mkdirSync(this.dir, { recursive: true });
    const p = (f: string) => path.join(this.dir, f);
    const ini = renderIni(name, target, {
      listen_port: String(this.port),
      // Tests only: any client user name, the server connection's user and password are the database line's.
      auth_type: 'any',
      auth_file: '',
      logfile: p('pgbouncer.log'),
      pidfile: p('pgbouncer.pid'),
      unix_socket_dir: '',
      ...this.settings,
    });
    fs.writeFileSync(p('pgbouncer.ini'), ini);
    // PgBouncer refuses to run as root: it then drops to the postgres user, who must read its files.
    const asRoot = process.getuid?.() === 0;
    if (asRoot) fs.chmodSync(this.dir, 0o777);
    const child = spawn(PGBOUNCER_BIN, [...(asRoot ? ['-u', 'postgres'] : []), p('pgbouncer.ini')], { stdio: ['ignore', 'pipe', 'pipe'] });
    this.process = child;
    child.stdout?.on('data', (d: Buffer) => (this.#output += d.toString()));
    child.stderr?.on('data', (d: Buffer) => (this.#output += d.toString()));
    const end = Date.now() + 15_000;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`pgbouncer exited ${child.exitCode}: ${this.#output}${this.log()}`);
      const c = new pg.Client({ connectionString: this.url, connectionTimeoutMillis: 1_000 });
      try {
        await c.connect();
        await c.query('select 1');
        await c.end();
        return;
      } catch (err) {
        await c.end().catch(() => undefined);
        if (Date.now() > end) throw new Error(`pgbouncer did not take a client in 15 s (${String(err)}): ${this.#output}${this.log()}`);
        await new Promise((r) => setTimeout(r, 100));
      }
    }
  }

  log(): string {
    try {
      return fs.readFileSync(path.join(this.dir, 'pgbouncer.log'), 'utf8');
    } catch {
      return '';
    }
  }

  async stop(): Promise<void> {
    const child = this.process;
    if (!child || child.exitCode !== null) return;
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGINT');
    await Promise.race([exited, new Promise((r) => setTimeout(r, 5_000))]);
    if (child.exitCode === null) child.kill('SIGKILL');
  }
}
