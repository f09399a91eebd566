/** What the tests' template database holds (global-setup.ts), for a test that needs it in a cluster of its own. */
import type pg from 'pg';
import { runMigrations, seedDictionaries } from '../../src/db/migrate';
import { seedDemoSecrets, seedIdentity } from '../../src/db/seed';
import { claimSecretKey } from '../../src/db/secret-key';
import { SecretBox } from '../../src/lib/secret-box';
import { TEST_SECRET_KEY } from './secret-key';

export async function seedAsTemplate(pool: pg.Pool): Promise<void> {
  await runMigrations(pool);
  await seedDictionaries(pool);
  // Permission tree, system roles and the demo merchants and users (tests sign in as the demo users).
  await seedIdentity(pool, { demo: true, demoPayments: false }); // no demo payments: tests count money
  // The key every test app uses (helpers/app.ts) is the databases' key, as main.ts records it; the demo open API key
  // and webhook secret are sealed with it.
  await claimSecretKey(pool, new SecretBox(TEST_SECRET_KEY), 'the tests');
  await seedDemoSecrets(pool, new SecretBox(TEST_SECRET_KEY));
}
