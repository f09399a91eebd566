/**
 * Uploaded files (issue 14): the row says whose the file is and what its bytes are; the bytes live in the file store
 * (lib/files/storage.ts) under the row's id, never under a name from the client.
 *
 * The file store's own tables (issue 41): `file_blob` is one stored file (uploads under their stored_file id, export
 * files under their export_job's file_id), `file_chunk` its bytes in pieces of FILE_CHUNK_BYTES, so one database
 * backup holds every file and every instance reads them (docs/decisions.md "Nothing kept by one instance alone").
 */
import { sql } from 'drizzle-orm';
import { bigint, customType, index, integer, pgTable, primaryKey, timestamp, uuid, varchar } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';

const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' });

export const fileBlob = pgTable('file_blob', {
  key: uuid('key').primaryKey(),
  size: bigint('size', { mode: 'number' }).notNull(),
  chunks: integer('chunks').notNull(),
  createdAt: createdAt(),
});

export const fileChunk = pgTable(
  'file_chunk',
  {
    key: uuid('key')
      .notNull()
      .references(() => fileBlob.key, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    data: bytea('data').notNull(),
  },
  (t) => [primaryKey({ columns: [t.key, t.seq] })],
);

export const storedFile = pgTable(
  'stored_file',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    merchantId: integer('merchant_id').notNull(),
    /** domain FileBiz: what it was uploaded for (limits its type and size). */
    biz: varchar('biz', { length: 16 }).notNull(),
    /** The name it was uploaded with, for display and downloads only. */
    name: varchar('name', { length: 200 }).notNull(),
    /** domain FileType, from its bytes. */
    type: varchar('type', { length: 8 }).notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    sha256: varchar('sha256', { length: 64 }).notNull(),
    createdBy: integer('created_by').notNull(),
    createdAt: createdAt(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [index('stored_file_merchant_idx').on(t.merchantId, t.createdAt)],
);
