/** `npm run db:migrate -w @mg/server`: apply migrations and seed dictionaries, then exit. */
import { loadConfigOrExit } from '../config';
import { startEmbeddedPostgres, type EmbeddedPostgres } from './embedded';
import { runMigrations, seedDictionaries } from './migrate';
import { createDatabase } from './pool';

const config = loadConfigOrExit();
const log = (m: string) => process.stdout.write(`${m}\n`);
let embedded: EmbeddedPostgres | undefined;
let code = 0;
try {
  // PostgreSQL itself: a transaction pooler would drop the migrations' session lock between statements.
  let url = config.databaseDirectUrl;
  if (!url) {
    embedded = await startEmbeddedPostgres({ dataDir: config.dataDir, log });
    url = embedded.url;
  }
  const { pool } = createDatabase(url, { max: 2, applicationName: 'mg-migrate' });
  try {
    await runMigrations(pool);
    const seeded = await seedDictionaries(pool);
    log(`migrations applied; ${seeded.dicts} dictionaries, ${seeded.items} items seeded`);
  } finally {
    await pool.end();
  }
} catch (err) {
  process.stderr.write(`migration failed: ${err instanceof Error ? err.message : String(err)}\n`);
  code = 1;
} finally {
  await embedded?.stop();
}
process.exit(code);
