/** Saved views of the lists (issue 15): a user's named filters of one list, private or shared with the merchant. */
import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, index, integer, jsonb, pgTable, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';

export const savedView = pgTable(
  'saved_view',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    merchantId: integer('merchant_id').notNull(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    owner: varchar('owner', { length: 64 }).notNull(),
    /** The declared list's name. */
    list: varchar('list', { length: 40 }).notNull(),
    name: varchar('name', { length: 40 }).notNull(),
    /** The list's filter keys and their URL values. */
    filters: jsonb('filters').$type<Record<string, string>>().notNull(),
    shared: boolean('shared').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().default(sql`now()`),
  },
  (t) => [uniqueIndex('saved_view_owner_name_uq').on(t.merchantId, t.userId, t.list, t.name), index('saved_view_merchant_list_idx').on(t.merchantId, t.list)],
);
