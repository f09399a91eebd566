import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../src/config';
import { EmbeddedInUseError, EmbeddedVersionError, isAlive, socketDirFor, startEmbeddedPostgres, type EmbeddedPostgres } from '../src/db/embedded';

const base = path.join(REPO_ROOT, '.tmp', `test-embedded-${process.pid}`);
const started: EmbeddedPostgres[] = [];

afterAll(async () => {
  for (const e of started) await e.stop();
  await fs.rm(base, { recursive: true, force: true });
});

async function query(url: string, sql: string) {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return (await c.query(sql)).rows;
  } finally {
    await c.end();
  }
}

function startChild(dir: string): Promise<{ child: ReturnType<typeof spawn>; pgPid: number; port: number }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, 'fixtures', 'embedded-child.ts'), dir], {
      cwd: path.join(REPO_ROOT, 'apps/server'),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout!.on('data', (c: Buffer) => {
      out += c.toString();
      const m = /READY (\d+) (\d+)/.exec(out);
      if (m) resolve({ child, pgPid: Number(m[1]), port: Number(m[2]) });
    });
    child.stderr!.on('data', (c: Buffer) => (err += c.toString()));
    child.on('exit', (code) => reject(new Error(`child exited (${code}): ${err}`)));
  });
}

describe('embedded PostgreSQL', () => {
  it('recovers from a previous run killed with SIGKILL (orphaned postmaster)', async () => {
    const dir = path.join(base, 'orphan');
    const { child, pgPid, port } = await startChild(dir);
    const dead = new Promise((r) => child.once('exit', r));
    child.kill('SIGKILL');
    await dead;
    // The server outlived its owner: the trap this test is about.
    expect(isAlive(pgPid)).toBe(true);
    await expect(fs.stat(path.join(dir, 'pg', 'postmaster.pid'))).resolves.toBeDefined();

    const logs: string[] = [];
    const e = await startEmbeddedPostgres({ dataDir: dir, fast: true, log: (m) => logs.push(m) });
    started.push(e);
    expect(isAlive(pgPid)).toBe(false);
    expect(logs.join('\n')).toContain(`stopping the server left running by a previous run (pid ${pgPid})`);
    expect(e.port).toBe(port); // the stored port is reused once free
    expect(await query(e.url, 'select v from marker')).toEqual([{ v: 'before-kill' }]);
    await e.stop();
    expect(isAlive(e.pid)).toBe(false);
  });

  it('removes a stale pid file and moves off a busy stored port', async () => {
    const dir = path.join(base, 'stale');
    const first = await startEmbeddedPostgres({ dataDir: dir, fast: true });
    await first.stop();
    // A pid file naming a dead process (the postmaster died with the machine).
    await fs.writeFile(path.join(dir, 'pg', 'postmaster.pid'), `999999\n${path.join(dir, 'pg')}\n`);
    // Someone else took our port meanwhile.
    const blocker = net.createServer();
    await new Promise<void>((r) => blocker.listen(first.port, '127.0.0.1', () => r()));
    try {
      const second = await startEmbeddedPostgres({ dataDir: dir, fast: true });
      started.push(second);
      expect(second.port).not.toBe(first.port);
      expect(await query(second.url, 'select 1 as one')).toEqual([{ one: 1 }]);
      expect(Number((await fs.readFile(path.join(dir, 'pg.port'), 'utf8')).trim())).toBe(second.port);
      await second.stop();
    } finally {
      blocker.close();
    }
  });

  it('refuses a second start on a data directory whose server is alive, naming its pid and port, and leaves it running', async () => {
    const dir = path.join(base, 'live');
    const { child, pgPid, port } = await startChild(dir);
    try {
      const second = startEmbeddedPostgres({ dataDir: dir, fast: true });
      await expect(second).rejects.toBeInstanceOf(EmbeddedInUseError);
      await expect(second).rejects.toThrow(`in use by a running server (pid ${child.pid}) with its PostgreSQL on 127.0.0.1:${port}`);
      // The live server's database was not touched.
      expect(isAlive(pgPid)).toBe(true);
      const url = `postgres://postgres:${encodeURIComponent((await fs.readFile(path.join(dir, 'pg.password'), 'utf8')).trim())}@127.0.0.1:${port}/postgres`;
      expect(await query(url, 'select v from marker')).toEqual([{ v: 'before-kill' }]);
    } finally {
      const dead = new Promise((r) => child.once('exit', r));
      child.kill('SIGKILL');
      await dead;
    }
    // Its owner gone, the same directory is an orphan's again and starts.
    const e = await startEmbeddedPostgres({ dataDir: dir, fast: true });
    started.push(e);
    expect(isAlive(pgPid)).toBe(false);
    await e.stop();
  });

  it('starts PostgreSQL again when it is killed under the server, with its data', async () => {
    const dir = path.join(base, 'supervised');
    const logs: string[] = [];
    const e = await startEmbeddedPostgres({ dataDir: dir, fast: true, log: (m) => logs.push(m) });
    started.push(e);
    await query(e.url, "create table kept (v text); insert into kept values ('committed')");
    // fast mode turns synchronous_commit off: flush the WAL so the commit is not still in shared buffers.
    await query(e.url, 'checkpoint');
    const firstPid = e.pid;
    process.kill(firstPid, 'SIGKILL');
    const deadline = Date.now() + 60_000;
    // The signal lands asynchronously: wait for the supervisor to have started a new postmaster.
    while (e.restarts === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    let rows: unknown[] | undefined;
    while (!rows && Date.now() < deadline) {
      rows = await query(e.url, 'select v from kept').catch(() => undefined);
      if (!rows) await new Promise((r) => setTimeout(r, 100));
    }
    expect(rows).toEqual([{ v: 'committed' }]);
    expect(e.pid).not.toBe(firstPid);
    expect(e.restarts).toBe(1);
    expect(logs.join('\n')).toContain('exited unexpectedly (SIGKILL)');
    await e.stop();
    expect(isAlive(e.pid)).toBe(false);
    // A clean stop is not a crash: nothing starts it again.
    expect(e.restarts).toBe(1);
  }, 90_000);

  it('refuses a data directory of another PostgreSQL major version before touching it, saying what to do', async () => {
    const dir = path.join(base, 'other-major');
    await fs.mkdir(path.join(dir, 'pg'), { recursive: true });
    await fs.writeFile(path.join(dir, 'pg', 'PG_VERSION'), '18\n');
    const start = startEmbeddedPostgres({ dataDir: dir, fast: true });
    await expect(start).rejects.toBeInstanceOf(EmbeddedVersionError);
    await expect(start).rejects.toThrow(/made by PostgreSQL 18; this server's embedded PostgreSQL is 15\. Start with a new DATA_DIR/);
    expect(await fs.readdir(path.join(dir, 'pg'))).toEqual(['PG_VERSION']);
    // The directory is not left claimed.
    await expect(fs.stat(path.join(dir, 'pg.owner'))).rejects.toThrow();
  });

  it('the server connects over the cluster\'s Unix socket; TCP on 127.0.0.1 still answers for tools; a path too long for a socket uses TCP', async () => {
    const dir = path.join(base, 'socket');
    const e = await startEmbeddedPostgres({ dataDir: dir, fast: true });
    started.push(e);
    // inet_server_addr() is null over a Unix socket
    expect(await query(e.url, 'select inet_server_addr() as a')).toEqual([{ a: null }]);
    const tcp = new URL(e.url);
    tcp.search = '';
    expect(await query(tcp.toString(), 'select host(inet_server_addr()) as a')).toEqual([{ a: '127.0.0.1' }]);
    await e.stop();
    expect(socketDirFor(`/tmp/${'d'.repeat(100)}`, 5432)).toBeUndefined();
    expect(socketDirFor('/tmp/with space/pg', 5432)).toBeUndefined();
    expect(socketDirFor('/tmp/short/pg', 5432)).toBe('/tmp/short/pg');
  });
});
