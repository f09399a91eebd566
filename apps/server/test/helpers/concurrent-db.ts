/**
 * A test database with a second pool of `max` clients for concurrent money operations (collections, refunds,
 * settlement, ledger property tests), and its teardown.
 *
 *   beforeAll(async () => { ({ tdb, clients } = await openConcurrentDatabase('mg-test-refunds')); ... });
 *   afterAll(() => closeConcurrentDatabase(tdb, clients));
 */
import { createDatabase, type Database } from '../../src/db/pool';
import { createTestDatabase, type TestDatabase } from './db';

export async function openConcurrentDatabase(applicationName: string, max = 8): Promise<{ tdb: TestDatabase; clients: Database }> {
  const tdb = await createTestDatabase();
  const clients = createDatabase(tdb.url, { max, applicationName });
  return { tdb, clients };
}

/** Safe when set-up failed half-way (either may be undefined). */
export async function closeConcurrentDatabase(tdb: TestDatabase | undefined, clients: Database | undefined): Promise<void> {
  await clients?.pool.end();
  await tdb?.drop();
}
