/**
 * `npm run db:backup [-- --out DIR]`: a backup of the server's database (embedded or DATABASE_URL) and of what
 * DATA_DIR holds besides it, into a new directory (default ./mg-backup-<UTC time>). docs/operations.md "Backup and
 * restore"; db/backup.ts says what it holds and why the secret key is not in it.
 */
import path from 'node:path';
import { loadConfigOrExit } from '../config';
import { backup, BackupError } from './backup';

const config = loadConfigOrExit();
const arg = (name: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
};
// npm runs the script in apps/server: a relative --out is the operator's, from where they typed the command.
const cwd = process.env.INIT_CWD ?? process.cwd();
const stamp = new Date().toISOString().replace(/[-:]/g, '').replace(/\.\d+Z$/, 'Z');
const out = path.resolve(cwd, arg('out') ?? `mg-backup-${stamp}`);
const log = (m: string) => process.stdout.write(`${m}\n`);

try {
  const m = await backup({ dataDir: config.dataDir, databaseUrl: config.databaseDirectUrl, secretKeyHex: config.secretKey, out, log });
  const mb = (n: number) => `${(n / 1_048_576).toFixed(1)} MB`;
  log(`backup written to ${out}`);
  log(`  database: ${mb(m.database.bytes)} (PostgreSQL ${m.database.postgres}, ${m.database.migrations ?? 0} migrations)`);
  log(`  DATA_DIR: ${m.data.files} files, ${mb(m.data.bytes)}${m.data.entries.length ? ` (${m.data.entries.join(', ')})` : ''}`);
  if (m.secretKey.fingerprint) {
    log(
      `KEEP THE SECRET KEY: it is not in the backup. The API-key and webhook secrets in it are sealed with the key of ` +
        `fingerprint ${m.secretKey.fingerprint} (${config.secretKey ? 'SECRET_KEY' : path.join(config.dataDir, 'secret.key')}); ` +
        `store it apart from the backup, a restore without it cannot verify signed API calls.`,
    );
  } else {
    log('no secret key was found (no SECRET_KEY, no DATA_DIR/secret.key): the sealed secrets in this database open with a key this command did not see');
  }
} catch (err) {
  process.stderr.write(`backup failed: ${err instanceof Error ? err.message : String(err)}\n`);
  if (!(err instanceof BackupError) && err instanceof Error && err.stack) process.stderr.write(`${err.stack}\n`);
  process.exit(1);
}
process.exit(0);
