import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as schema from './schema';

export type Db = NodePgDatabase<typeof schema>;

export interface Database {
  pool: pg.Pool;
  db: Db;
}

export function createDatabase(url: string, opts: { max?: number; applicationName?: string } = {}): Database {
  const pool = new pg.Pool({
    connectionString: url,
    max: opts.max ?? 10,
    application_name: opts.applicationName ?? 'mg-server',
    connectionTimeoutMillis: 5_000,
    idleTimeoutMillis: 30_000,
  });
  // A client losing its connection (database restart, failover, pg_terminate_backend) must not crash the process:
  // an idle one errors on the pool, a checked-out one on itself (its query fails too and answers 503). The pool
  // drops the broken client and the next query connects again.
  pool.on('error', () => {});
  pool.on('connect', (client) => {
    client.on('error', () => {});
  });
  return { pool, db: dbOf(pool) };
}

/** The drizzle handle of a pool the caller already has (the seed works on a plain pg pool). */
export function dbOf(pool: pg.Pool): Db {
  return drizzle(pool, { schema });
}

/** A transaction handle; services that must join a caller's transaction take `DbLike`. */
export type DbTx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbLike = Db | DbTx;
