import fs from 'node:fs';
import path from 'node:path';
import { DICTIONARIES, dictNameKey, isDictCode } from '@mg/domain';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import type pg from 'pg';
import { SERVER_DIR } from '../lib/server-dir';
import * as schema from './schema';

export const MIGRATIONS_DIR = path.join(SERVER_DIR, 'drizzle');

/** How many migrations this code ships (drizzle's journal); a database holding fewer is not ready for it. */
export function migrationsShipped(): number {
  return (JSON.parse(fs.readFileSync(path.join(MIGRATIONS_DIR, 'meta', '_journal.json'), 'utf8')) as { entries: unknown[] }).entries.length;
}

/** How many migrations `db` records (drizzle.__drizzle_migrations); null when it was never migrated. */
export async function migrationsApplied(db: Pick<pg.Pool, 'query'>): Promise<number | null> {
  const schema = await db.query<{ present: boolean }>("select to_regclass('drizzle.__drizzle_migrations') is not null as present");
  if (!schema.rows[0]?.present) return null;
  const { rows } = await db.query<{ n: number }>('select count(*)::int as n from drizzle.__drizzle_migrations');
  return rows[0]?.n ?? 0;
}

/** Serialises migrate + seed across instances starting together on one database. */
const MIGRATION_LOCK_KEY = 7_340_001;

export async function withMigrationLock<T>(pool: pg.Pool, fn: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    try {
      return await fn(client);
    } finally {
      await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
    }
  } finally {
    client.release();
  }
}

/** Applies the generated SQL migrations in apps/server/drizzle that are not applied yet. */
export async function runMigrations(pool: pg.Pool): Promise<void> {
  await withMigrationLock(pool, async (client) => {
    await migrate(drizzle(client, { schema }), { migrationsFolder: MIGRATIONS_DIR });
  });
}

/**
 * Upserts every dictionary of the domain registry: new dictionaries and items appear on the next start,
 * texts keys and order follow the code. An operator's fixed text (item_text) and a disabled status are kept;
 * items no longer in the code are left alone.
 */
export async function seedDictionaries(pool: pg.Pool): Promise<{ dicts: number; items: number }> {
  return withMigrationLock(pool, async (client) => {
    const db = drizzle(client, { schema });
    let items = 0;
    const codes = Object.keys(DICTIONARIES);
    await db.transaction(async (tx) => {
      for (const code of codes) {
        const list = DICTIONARIES[code]?.() ?? [];
        const [row] = await tx
          .insert(schema.dict)
          .values({ dictCode: code, dictNameKey: isDictCode(code) ? dictNameKey(code) : `dict.${code}` })
          .onConflictDoUpdate({ target: schema.dict.dictCode, set: { dictNameKey: sql`excluded.dict_name_key` } })
          .returning({ id: schema.dict.id });
        if (!row || list.length === 0) continue;
        await tx
          .insert(schema.dictItem)
          .values(
            list.map((it, i) => ({
              dictId: row.id,
              itemValue: it.value,
              itemTextKey: it.textKey,
              itemText: it.text ?? null,
              sortOrder: i,
            })),
          )
          .onConflictDoUpdate({
            target: [schema.dictItem.dictId, schema.dictItem.itemValue],
            set: {
              itemTextKey: sql`excluded.item_text_key`,
              sortOrder: sql`excluded.sort_order`,
              itemText: sql`coalesce(excluded.item_text, ${schema.dictItem.itemText})`,
            },
          });
        items += list.length;
      }
    });
    return { dicts: codes.length, items };
  });
}
