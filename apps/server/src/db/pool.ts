import type { SQL } from 'drizzle-orm';
import { drizzle, NodePgSession, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { isDatabaseUnavailable } from './errors';
import * as schema from './schema';

export type Db = NodePgDatabase<typeof schema>;

export interface Database {
  pool: pg.Pool;
  db: Db;
}

/** `countRoundTrips: false`: a pool whose statements are not the requests' (the realtime hub's reads). */
export function createDatabase(url: string, opts: { max?: number; applicationName?: string; countRoundTrips?: boolean } = {}): Database {
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
    if (opts.countRoundTrips !== false) countRoundTrips(client);
  });
  return { pool, db: dbOf(pool) };
}

/** The connection string a pool was made with (a worker thread opens its own pool on the same database). */
export function databaseUrlOf(pool: pg.Pool): string {
  const url = pool.options.connectionString;
  if (!url) throw new Error('the pool has no connection string');
  return url;
}

let roundTrips = 0;

/** Statements sent to PostgreSQL by this process's pools (BEGIN and COMMIT included): bench:api divides it by ops. */
export function dbRoundTrips(): number {
  return roundTrips;
}

function countRoundTrips(client: pg.PoolClient): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  (client as unknown as { query: (...args: unknown[]) => unknown }).query = (...args: unknown[]) => {
    roundTrips++;
    return query(...args);
  };
}

/** The drizzle handle of a pool the caller already has (the seed works on a plain pg pool). */
export function dbOf(pool: pg.Pool): Db {
  return withSafeTransactions(drizzle(pool, { schema }), pool);
}

/**
 * drizzle's pooled transaction (0.45) releases its client only in the `try` that follows `begin`: when `begin`
 * itself fails (the connection was cut under an idle client), the client never returns, and after a few outages the
 * pool is empty for good. So a transaction checks its client out here, runs drizzle's transaction on that one client,
 * and always releases it, destroying it when its connection broke.
 */
function withSafeTransactions(db: Db, pool: pg.Pool): Db {
  const internals = db as unknown as { dialect: ConstructorParameters<typeof NodePgSession>[1]; session: { options?: object } };
  const relational = { fullSchema: db._.fullSchema, schema: db._.schema, tableNamesMap: db._.tableNamesMap };
  const transaction: Db['transaction'] = async (work, config) => {
    const client = await pool.connect();
    let broken: Error | undefined;
    try {
      const session = new NodePgSession(client, internals.dialect, relational as never, internals.session.options);
      const committed: (() => void)[] = [];
      afterCommitQueues.set(session, committed);
      const result = await session.transaction(work as never, config);
      // Committed: what follows must not turn it into an error (a caller would retry a payment that happened).
      for (const fn of committed) {
        try {
          fn();
        } catch {
          // an in-memory effect failed; the commit stands
        }
      }
      return result as Awaited<ReturnType<typeof work>>;
    } catch (err) {
      if (isDatabaseUnavailable(err)) broken = err instanceof Error ? err : new Error(String(err));
      throw err;
    } finally {
      client.release(broken);
    }
  };
  db.transaction = transaction;
  return db;
}

/**
 * What runs once a transaction has committed, by its session: a savepoint's handle (drizzle's nested transaction)
 * shares its outer transaction's session, so work queued inside one runs when the outermost commits.
 */
const afterCommitQueues = new WeakMap<object, (() => void)[]>();

/**
 * Runs `fn` once what `db` wrote is committed: at the commit of its transaction, now for the pool's handle (each
 * statement commits by itself), never when the transaction rolls back. For in-memory effects of a commit (the
 * metrics' counters): `fn` must not throw and must not touch the database. Work queued inside a savepoint that rolls
 * back while its outer transaction commits still runs.
 */
export function afterCommit(db: DbLike, fn: () => void): void {
  const queue = afterCommitQueues.get((db as unknown as { session: object }).session);
  if (queue) queue.push(fn);
  else fn();
}

/** A transaction handle; services that must join a caller's transaction take `DbLike`. */
export type DbTx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbLike = Db | DbTx;

const dialect = new PgDialect();

/**
 * Names given to prepared statements: one per text, so a label whose statement takes a few shapes (the order update
 * carries what goes with it) gets one name per shape, and a name never meets a second text (node-postgres refuses
 * that on a connection). Past the cap a statement runs unnamed, as any other: a label that makes a new text per call
 * is a mistake the cap keeps from growing every connection's plan cache (test/prepared-statements.test.ts counts).
 */
const statementNames = new Map<string, string>();
const MAX_NAMED_STATEMENTS = 256;

/**
 * Off behind a transaction pooler (DATABASE_POOLER=transaction): a name is prepared on one server connection, and
 * the pooler gives the next transaction any of them ("prepared statement does not exist"; PgBouncer tracks names
 * only from 1.21, Debian 12 ships 1.18). One switch for the process: it talks to one database through one pooler.
 */
let namedStatements = true;

export function useNamedStatements(on: boolean): void {
  namedStatements = on;
}

function statementName(label: string, text: string): string | undefined {
  if (!namedStatements) return undefined;
  let name = statementNames.get(text);
  if (name === undefined && statementNames.size < MAX_NAMED_STATEMENTS) {
    name = `${label}_${statementNames.size}`;
    statementNames.set(text, name);
  }
  return name;
}

/** The texts given a name in this process (a test plans each one generically, and counts them). */
export function namedStatementTexts(): string[] {
  return [...statementNames.keys()];
}

/**
 * Runs a statement as a named prepared statement on the handle's connection (the pool's, or the transaction's): parsed
 * and planned once per connection, then a generic plan from PostgreSQL's sixth run, instead of both on every call.
 * Through drizzle's session, so its rows read as `db.execute`'s do (timestamps as text).
 * Only for a reviewed hot statement whose plan cannot change what it does with its parameters' values: a partial
 * index chosen as ON CONFLICT arbiter by a parameter's value did (docs/benchmarks.md). test/prepared-statements.test.ts
 * plans every named text generically, as PostgreSQL does from a name's sixth run.
 */
export async function runPrepared<T extends pg.QueryResultRow>(db: DbLike, label: string, query: SQL): Promise<pg.QueryResult<T>> {
  const q = dialect.sqlToQuery(query);
  const session = (db as unknown as { session: NodePgSession<typeof schema, never> }).session;
  return session.prepareQuery(q, undefined, statementName(label, q.sql), false).execute() as Promise<pg.QueryResult<T>>;
}

/**
 * The same prepared query without its name: drizzle's sends the name with both of its query configs (rows as
 * objects, rows as arrays). A copy, since the named one may already have run (a process switches after start, a test
 * worker runs files of both kinds).
 */
function unnamed<T extends object>(prepared: T): T {
  const c = prepared as { rawQueryConfig?: object; queryConfig?: object };
  return Object.create(prepared, {
    rawQueryConfig: { value: { ...c.rawQueryConfig, name: undefined } },
    queryConfig: { value: { ...c.queryConfig, name: undefined } },
  }) as T;
}

/**
 * A query of fixed shape, built once with placeholders (`sql.placeholder('id')`) for its values and run as a named
 * statement on the connection of whatever handle it is given (the pool's, or a transaction's). Building a select of
 * two tables' columns with drizzle took ~0.3 ms of CPU per call on the payment path (docs/benchmarks.md).
 * The prepared query drizzle returns is reused for every handle, its connection swapped (`client`, which its
 * `execute` reads): test/prepared-statements.test.ts runs it inside transactions and out.
 */
export function fixedQuery<R, V extends Record<string, unknown>>(
  label: string,
  build: (db: DbLike) => { prepare(name: string): { execute(values?: V): Promise<R> } },
): (db: DbLike, values: V) => Promise<R> {
  let prepared: { execute(values?: V): Promise<R> } | undefined;
  let withoutName: typeof prepared;
  return (db, values) => {
    if (!prepared) {
      const name = `${label}_fixed`;
      prepared = build(db).prepare(name);
      statementNames.set((prepared as unknown as { queryString: string }).queryString, name);
    }
    const query = namedStatements ? prepared : (withoutName ??= unnamed(prepared));
    const client = (db as unknown as { session: { client: pg.Pool | pg.PoolClient } }).session.client;
    const onConnection = Object.create(query, { client: { value: client } }) as typeof prepared;
    return onConnection.execute(values);
  };
}
