/** Dictionaries and their items (spec §3 "dictionary item"). */
import { sql } from 'drizzle-orm';
import { index, integer, pgTable, smallint, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { STATUS_ENABLED } from './columns';

/** A dictionary: a named list of values with translatable texts (payment types, channels, statuses ...). */
export const dict = pgTable(
  'dict',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    dictCode: varchar('dict_code', { length: 64 }).notNull(),
    dictNameKey: varchar('dict_name_key', { length: 191 }).notNull(),
    description: text('description'),
    status: smallint('status').notNull().default(STATUS_ENABLED),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().default(sql`now()`),
  },
  (t) => [uniqueIndex('dict_dict_code_uq').on(t.dictCode)],
);

export const dictItem = pgTable(
  'dict_item',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    dictId: integer('dict_id')
      .notNull()
      .references(() => dict.id, { onDelete: 'cascade' }),
    itemValue: varchar('item_value', { length: 128 }).notNull(),
    /** i18n key of the text; translated into the caller's language. */
    itemTextKey: varchar('item_text_key', { length: 191 }).notNull(),
    /** Fixed text (a proper name, or an operator's override); wins over the key when set. */
    itemText: varchar('item_text', { length: 255 }),
    sortOrder: integer('sort_order').notNull().default(0),
    status: smallint('status').notNull().default(STATUS_ENABLED),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().default(sql`now()`),
  },
  (t) => [uniqueIndex('dict_item_dict_value_uq').on(t.dictId, t.itemValue), index('dict_item_dict_sort_idx').on(t.dictId, t.sortOrder)],
);
