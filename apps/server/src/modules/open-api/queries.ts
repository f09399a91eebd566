/**
 * SQL of the open API: keys with their merchant's whitelist, replay protection (nonces), Idempotency-Key records
 * and the merchant reads of its routes (every value a bound parameter).
 *
 * Nonces: a nonce may be used once per key within OPEN_API_NONCE_TTL_S. One statement: insert, or on conflict take
 * over a row that has already aged out (not yet purged); no row back means the nonce was reused.
 */
import { API_KEY_LAST_USED_RESOLUTION_S, IDEMPOTENCY_TTL_HOURS, OPEN_API_NONCE_TTL_S } from '@mg/domain';
import { eq, getTableColumns, getTableName, sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { runPrepared, type DbLike } from '../../db/pool';
import { apiKey, merchant } from '../../db/schema';

export interface KeyRow {
  id: string;
  merchantId: number;
  mode: string;
  secretSealed: string;
  status: string;
  expiresAt: Date | null;
  lastUsedAt: Date | null;
  ipWhitelist: string[];
  /** The merchant's lifecycle status: live keys sign only for an approved (active) merchant. */
  merchantStatus: string;
}

/** A key with its merchant's IP whitelist. */
export async function keyWithWhitelist(db: DbLike, keyId: string): Promise<KeyRow | undefined> {
  const [row] = await db
    .select({
      id: apiKey.id,
      merchantId: apiKey.merchantId,
      mode: apiKey.mode,
      secretSealed: apiKey.secretSealed,
      status: apiKey.status,
      expiresAt: apiKey.expiresAt,
      lastUsedAt: apiKey.lastUsedAt,
      ipWhitelist: merchant.ipWhitelist,
      merchantStatus: merchant.status,
    })
    .from(apiKey)
    .innerJoin(merchant, eq(merchant.id, apiKey.merchantId))
    .where(eq(apiKey.id, keyId))
    .limit(1);
  return row;
}

/** last_used_at = now, unless another request wrote it within API_KEY_LAST_USED_RESOLUTION_S. */
export async function touchKeyLastUsed(db: DbLike, keyId: string): Promise<void> {
  await db.execute(sql`
        update api_key set last_used_at = now()
        where id = ${keyId}
          and (last_used_at is null or last_used_at < now() - make_interval(secs => ${API_KEY_LAST_USED_RESOLUTION_S}))`);
}

/** The currencies a merchant works in (empty for an unknown merchant). */
export async function merchantCurrencies(db: DbLike, merchantId: number): Promise<string[]> {
  const [m] = await db
    .select({ currencies: merchant.currencies })
    .from(merchant)
    .where(eq(merchant.id, merchantId));
  return m?.currencies ?? [];
}

/* ---------------------------------------------------------------------------------------------------------- */
/* Nonces                                                                                                        */

/** The nonce insert (or take-over of an aged-out row); returns a row when the nonce is fresh. */
const nonceInsert = (keyId: string, nonce: string) => sql`
    insert into api_nonce (key_id, nonce) values (${keyId}, ${nonce})
    on conflict (key_id, nonce) do update set created_at = now()
      where api_nonce.created_at < now() - make_interval(secs => ${OPEN_API_NONCE_TTL_S})
    returning 1 as ok`;

/** The configuration version (db/config-cache.ts), read in the statement that claims the nonce. */
const configVersionOf = sql`(select version from config_version where id = 1)::text`;

/**
 * Whether the nonce is fresh for this key (and is now recorded; false when it was used within the window), and the
 * configuration version the request's cached reads must match.
 */
export async function claimNonce(db: DbLike, keyId: string, nonce: string): Promise<{ nonceFresh: boolean; configVersion: string }> {
  const res = await runPrepared<{ nonce_fresh: boolean; config_version: string }>(
    db,
    'api_nonce_claim',
    sql`
    with fresh as (${nonceInsert(keyId, nonce)})
    select exists (select 1 from fresh) as nonce_fresh, ${configVersionOf} as config_version`,
  );
  const row = res.rows[0]!;
  return { nonceFresh: row.nonce_fresh, configVersion: row.config_version };
}

/** Deletes nonces older than the window; returns how many. */
export async function purgeNonces(db: DbLike, now: Date = new Date()): Promise<number> {
  const res = await db.execute(
    sql`delete from api_nonce where created_at < ${now.toISOString()}::timestamptz - make_interval(secs => ${OPEN_API_NONCE_TTL_S})`,
  );
  return res.rowCount ?? 0;
}

/* ---------------------------------------------------------------------------------------------------------- */
/* Idempotency records (the rules: ./idempotency.ts)                                                            */

export interface IdempotencyRequest {
  merchantId: number;
  key: string;
  method: string;
  path: string;
  requestHash: string;
}

/** Advisory lock class of Idempotency-Keys (the second int is a hash of merchant and key). */
const IDEMPOTENCY_LOCK_CLASS = 7_340_002;
const lockKey = (r: IdempotencyRequest) =>
  sql`${IDEMPOTENCY_LOCK_CLASS}::int, hashtext(${`${r.merchantId}:${r.key}`})`;

type LookupRow = {
  method: string | null;
  path: string | null;
  request_hash: string | null;
  response_status: number | null;
  response_body: string | null;
  lock_free: boolean;
};

const lookupOf = (row: LookupRow) => ({
  method: row.method,
  path: row.path,
  requestHash: row.request_hash,
  responseStatus: row.response_status,
  responseBody: row.response_body,
  lockFree: row.lock_free,
});

const lookupSelect = (r: IdempotencyRequest) => sql`
    select rec.method, rec.path, rec.request_hash, rec.response_status, rec.response_body,
           pg_try_advisory_xact_lock(${lockKey(r)}) as lock_free
    from (select 1) one
    left join idempotency_record rec on rec.merchant_id = ${r.merchantId} and rec.key = ${r.key}`;

/**
 * The stored answer of a key, if any, and whether no transaction holds the key right now (a try-lock taken and
 * released by this one statement).
 */
export async function idempotencyLookup(db: DbLike, r: IdempotencyRequest) {
  const res = await db.execute<LookupRow>(lookupSelect(r));
  return lookupOf(res.rows[0]!);
}

/**
 * A POST's nonce claim and its Idempotency-Key lookup in one round trip (issue 10): whether the nonce was fresh
 * (and is now recorded), the configuration version, and what the key says.
 */
export async function claimNonceAndLookup(db: DbLike, keyId: string, nonce: string, r: IdempotencyRequest) {
  const res = await runPrepared<LookupRow & { nonce_fresh: boolean; config_version: string }>(
    db,
    'api_nonce_claim_lookup',
    sql`
    with fresh as (${nonceInsert(keyId, nonce)})
    select exists (select 1 from fresh) as nonce_fresh, ${configVersionOf} as config_version, l.*
    from (${lookupSelect(r)}) l`,
  );
  const row = res.rows[0]!;
  return { nonceFresh: row.nonce_fresh, configVersion: row.config_version, lookup: lookupOf(row) };
}

/** Holds the key until the calling transaction ends (commit, rollback or a lost connection). */
export async function lockIdempotencyKey(tx: DbLike, r: IdempotencyRequest): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${lockKey(r)})`);
}

/** The insert of an answer; a key answered already keeps its first answer. */
export const idempotencyAnswerInsert = (r: IdempotencyRequest, status: number, text: string) => sql`
    insert into idempotency_record (merchant_id, key, method, path, request_hash, response_status, response_body)
    values (${r.merchantId}, ${r.key}, ${r.method}, ${r.path}, ${r.requestHash}, ${status}, ${text})
    on conflict (merchant_id, key) do nothing`;

/** Stores an answer; a key answered already keeps its first answer. */
export async function insertIdempotencyAnswer(db: DbLike, r: IdempotencyRequest, status: number, text: string): Promise<void> {
  await runPrepared(db, 'idempotency_answer', idempotencyAnswerInsert(r, status, text));
}

/** A row as the JSON object `json_populate_record` reads: column names, values as the driver sends them. */
function rowJson<T extends PgTable>(table: T, row: T['$inferSelect']): string {
  const out: Record<string, unknown> = {};
  for (const [prop, col] of Object.entries(getTableColumns(table))) {
    const v = (row as Record<string, unknown>)[prop];
    out[col.name] = v == null ? null : col.mapToDriverValue(v);
  }
  // bigint columns reach the driver as bigints, which JSON has no form for: as text, which the column type reads.
  return JSON.stringify(out, (_k, v: unknown) => (typeof v === 'bigint' ? v.toString() : v));
}

/**
 * Writes that go with a created row in its statement (a payout's hold: ledger/service.ts chainedPosting): `before`
 * names common table expressions the claim may test (`ready`: false writes nothing at all), `after(done)` those that
 * write once the row is (`done`), and `written` counts what they wrote, which must be `expected`.
 */
export interface ChainedWrite {
  before: SQL;
  ready: SQL;
  after: (done: SQL) => SQL;
  written: SQL;
  expected: number;
}

/**
 * Work that is one row insert, done in one statement with its Idempotency-Key (issue 10: no BEGIN, lock, lookup,
 * answer and COMMIT round trips): the key's lock, its record with the answer, and the row, all or nothing. The
 * record insert sees a twin's record committed while this statement waited on the lock (a unique index checks the
 * latest rows, not the statement's snapshot); then nothing is written and `claimed` is false. Every column of the
 * row is given (`json_populate_record` leaves a missing one null, never its default). With `chain`, its writes are
 * part of the same statement; `ready` false (nothing written) tells the caller to do the work another way.
 */
export async function insertWithAnswer<T extends PgTable>(
  db: DbLike,
  r: IdempotencyRequest,
  status: number,
  text: string,
  table: T,
  row: T['$inferSelect'],
  chain?: ChainedWrite,
): Promise<{ claimed: boolean; ready: boolean }> {
  const name = sql.identifier(getTableName(table));
  const res = await runPrepared<{ claimed: boolean; ready: boolean; written: number }>(
    db,
    chain ? 'insert_chained_with_answer' : 'insert_with_answer',
    sql`
    with lk as (select pg_advisory_xact_lock(${lockKey(r)})),
    ${chain ? sql`${chain.before},` : sql``}
    claim as (
      insert into idempotency_record (merchant_id, key, method, path, request_hash, response_status, response_body)
      select ${r.merchantId}, ${r.key}, ${r.method}, ${r.path}, ${r.requestHash}, ${status}, ${text} from lk
      ${chain ? sql`where ${chain.ready}` : sql``}
      on conflict (merchant_id, key) do nothing
      returning 1
    ),
    work as (
      insert into ${name} select * from json_populate_record(null::${name}, ${rowJson(table, row)}::json)
      where exists (select 1 from claim)
      returning 1
    )${chain ? sql`, ${chain.after(sql`exists (select 1 from work)`)}` : sql``}
    select exists (select 1 from claim) as claimed, ${chain ? sql`${chain.ready} as ready, ${chain.written}::int as written` : sql`true as ready, 0 as written`}`,
  );
  const out = res.rows[0]!;
  // Committed already: a chained write that did not happen is a bug to see, not an answer to give.
  if (chain && out.claimed && out.written !== chain.expected) throw new Error(`chained write wrote ${out.written} of ${chain.expected} rows with ${getTableName(table)}`);
  return { claimed: out.claimed, ready: out.ready };
}

/** Deletes records older than IDEMPOTENCY_TTL_HOURS; returns how many. */
export async function purgeIdempotencyRecords(db: DbLike, now: Date = new Date()): Promise<number> {
  const res = await db.execute(
    sql`delete from idempotency_record where created_at < ${now.toISOString()}::timestamptz - make_interval(hours => ${IDEMPOTENCY_TTL_HOURS})`,
  );
  return res.rowCount ?? 0;
}
