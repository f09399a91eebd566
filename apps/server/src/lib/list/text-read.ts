/**
 * A list's records computed by PostgreSQL, for exports of many rows (issue 10: 50 000 rows/s on 2 cores). The ORM's
 * read maps every column of every row (instants into Dates, bigints into BigInts) and the list then formats them back
 * into strings: two thirds of an export's thread, and most of its garbage. Here the statement answers each record
 * as the list declares it (fees as shown) on PostgreSQL's core, the row node-postgres makes is the record, and only
 * its amounts (major units) and instants (ISO-8601) are rewritten.
 *
 * The list's `read` stays the declaration of what a record holds; a source's record SQL must answer the same records,
 * which test/list-text-read.test.ts checks on every kind of row.
 */
import { minorTextToMajor, type CurrencyCode } from '@mg/domain';
import { and, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { DbLike } from '../../db/pool';
import type { NewestFirst } from './order';

export interface TextRead {
  /** Each value of a record by its key: text, an integer, or null. */
  values: Readonly<Record<string, AnyColumn | SQL>>;
  /** FROM with the joins the select needs; the list's WHERE applies to it unchanged. */
  from: SQL;
  /**
   * Keys of the amounts, selected as minor units (`minorText`) and written in major units of the row's `currency`
   * here: PostgreSQL's numeric formatting cost more than the rest of the statement.
   */
  amounts: readonly string[];
  /** Keys of the instants, selected with `utcText` and written as ISO-8601 here. */
  instants: readonly string[];
}

/** An instant as UTC text (`YYYY-MM-DD HH:MM:SS[.ffffff]`); `TextRead.instants` turns it into ISO-8601. */
export function utcText(col: AnyColumn): SQL {
  return sql`(${col} at time zone 'UTC')::text`;
}

/**
 * PostgreSQL's UTC text of an instant as `Date#toISOString` writes it: milliseconds, truncated (as a Date read by
 * node-postgres holds them). `to_char` would answer ISO itself but took 40 % of the statement's time.
 */
export function utcTextToIso(t: string): string {
  const frac = t.length > 20 ? t.slice(20, 23).padEnd(3, '0') : '000';
  return `${t.slice(0, 10)}T${t.slice(11, 19)}.${frac}Z`;
}

/** Minor units as text; `TextRead.amounts` turns them into the record's major units. */
export function minorText(minor: AnyColumn | SQL): SQL {
  return sql`${minor}::text`;
}

/**
 * The SELECT list of a record, of the keys `keys` only when given (an export reads the columns it writes: a record's
 * other values cost PostgreSQL and node-postgres as much as the written ones). Amounts need the row's currency.
 */
function selectOf(read: TextRead, keys: readonly string[] | undefined): SQL {
  const wanted = keys && new Set([...keys, ...(keys.some((k) => read.amounts.includes(k)) ? ['currency'] : [])]);
  const entries = Object.entries(read.values).filter(([key]) => !wanted || wanted.has(key));
  return sql.join(
    entries.map(([key, expr]) => sql`${expr} as ${sql.identifier(key)}`),
    sql`, `,
  );
}

/**
 * One keyset page of the records after the row `after` (null: the first page), in the list's default order; of the
 * keys `keys` only when given (they must name the row key the next page is read after).
 */
export async function readTextAfter(
  db: DbLike,
  read: TextRead,
  order: NewestFirst,
  where: SQL | undefined,
  after: string | number | null,
  limit: number,
  keys?: readonly string[],
): Promise<Record<string, unknown>[]> {
  const w = and(where, after === null ? undefined : order.after(after));
  const res = await db.execute<Record<string, unknown>>(
    sql`select ${selectOf(read, keys)} from ${read.from} ${w ? sql`where ${w}` : sql``} order by ${sql.join(order.orderBy(), sql`, `)} limit ${limit}`,
  );
  for (const r of res.rows) {
    const currency = r.currency as CurrencyCode;
    for (const k of read.amounts) {
      const v = r[k];
      if (typeof v === 'string') r[k] = minorTextToMajor(v, currency);
    }
    for (const k of read.instants) {
      const v = r[k];
      if (typeof v === 'string') r[k] = utcTextToIso(v);
    }
  }
  return res.rows;
}
