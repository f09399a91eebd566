/**
 * What the server instances on one database share besides the areas' data (issue 41, docs/decisions.md "Nothing kept
 * by one instance alone"): the request counters of the rate limits and the fingerprint of the secret key.
 */
import { sql } from 'drizzle-orm';
import { bigint, pgTable, smallint, timestamp, varchar } from 'drizzle-orm/pg-core';

/**
 * Requests counted per limit key in its current window (lib/rate-limit.ts): the window starts at the key's first
 * request after the last one ended, by the database's clock. UNLOGGED (migration 0033): a counter lives a minute, so
 * a crash that empties the table only resets the windows in progress, and its writes skip the WAL.
 */
export const rateLimitCounter = pgTable('rate_limit_counter', {
  key: varchar('key', { length: 200 }).primaryKey(),
  /** Start of the window, ms since the epoch (the database's clock). */
  windowStart: bigint('window_start', { mode: 'number' }).notNull(),
  /** Requests handed out in the window (instances take them in leases, so this may run past the limit). */
  taken: bigint('taken', { mode: 'number' }).notNull(),
});

/** One row: the fingerprint of the key that seals this database's secrets (lib/secret-box.ts claimSecretKey). */
export const secretKeyFingerprint = pgTable('secret_key_fingerprint', {
  id: smallint('id').primaryKey(),
  fingerprint: varchar('fingerprint', { length: 64 }).notNull(),
  recordedAt: timestamp('recorded_at', { withTimezone: true }).notNull().default(sql`now()`),
});
