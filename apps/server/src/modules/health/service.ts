import type pg from 'pg';
import { migrationsApplied, migrationsShipped } from '../../db/migrate';

const CHECK_TIMEOUT_MS = 2_000;

/** Resolves with `work`'s answer, or rejects after CHECK_TIMEOUT_MS (a database that hangs is a database that is down). */
async function withinTimeout<T>(work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  try {
    const timeout = new Promise<never>((_r, reject) => {
      timer = setTimeout(() => reject(new Error('timeout')), CHECK_TIMEOUT_MS);
    });
    return await Promise.race([work, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** `select 1` within 2 s. */
export async function checkDatabase(pool: pg.Pool): Promise<boolean> {
  try {
    await withinTimeout(pool.query('select 1'));
    return true;
  } catch {
    return false;
  }
}

/** The migrations this code ships (read once). */
export const EXPECTED_MIGRATIONS: number = migrationsShipped();

/**
 * Whether the database answers within 2 s, and how many migrations it records (drizzle.__drizzle_migrations; null:
 * never migrated).
 */
export async function checkReadiness(pool: pg.Pool): Promise<{ up: boolean; applied: number | null }> {
  try {
    return { up: true, applied: await withinTimeout(migrationsApplied(pool)) };
  } catch {
    return { up: false, applied: null };
  }
}
