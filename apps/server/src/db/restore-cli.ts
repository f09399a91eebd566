/**
 * `npm run db:restore -- <backup dir> [--secret-key-file FILE] [--without-secret-key]`: restores a backup of
 * `npm run db:backup` into an empty database (DATABASE_URL) or a fresh DATA_DIR (embedded), with its files. The key
 * the backup's secrets are sealed with must come along (SECRET_KEY, DATA_DIR/secret.key or --secret-key-file); the
 * restore refuses another one before it writes anything. docs/operations.md "Backup and restore".
 */
import path from 'node:path';
import { loadConfigOrExit } from '../config';
import { BackupError, restore } from './backup';

const config = loadConfigOrExit();
const args = process.argv.slice(2);
const value = (name: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : args.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
};
const keyFile = value('secret-key-file');
const from = args.find((a, i) => !a.startsWith('--') && args[i - 1] !== '--secret-key-file');
const cwd = process.env.INIT_CWD ?? process.cwd();
const log = (m: string) => process.stdout.write(`${m}\n`);

if (!from) {
  process.stderr.write('usage: npm run db:restore -- <backup dir> [--secret-key-file FILE] [--without-secret-key]\n');
  process.exit(2);
}
try {
  const r = await restore({
    from: path.resolve(cwd, from),
    dataDir: config.dataDir,
    databaseUrl: config.databaseDirectUrl,
    secretKeyHex: config.secretKey,
    secretKeyFile: keyFile ? path.resolve(cwd, keyFile) : undefined,
    withoutSecretKey: args.includes('--without-secret-key'),
    log,
  });
  log(`restored ${r.tables} tables (backup of ${r.manifest.createdAt}, PostgreSQL ${r.manifest.database.postgres}) into ${r.target === 'embedded' ? `the embedded database of ${config.dataDir}` : 'DATABASE_URL'}`);
  log(`  DATA_DIR ${config.dataDir}: ${r.manifest.data.files} files restored`);
  log(
    r.secretKey
      ? `  secret key: ${r.secretKey}; start the server with the same ${r.target === 'embedded' ? 'DATA_DIR' : 'DATABASE_URL and DATA_DIR'}${r.secretKey === 'SECRET_KEY' ? ' and SECRET_KEY' : ''}`
      : '  restored WITHOUT the secret key: signed API calls and callbacks fail until merchants create new API keys and webhook secrets',
  );
} catch (err) {
  process.stderr.write(`restore failed: ${err instanceof Error ? err.message : String(err)}\n`);
  if (!(err instanceof BackupError) && err instanceof Error && err.stack) process.stderr.write(`${err.stack}\n`);
  process.exit(1);
}
process.exit(0);
