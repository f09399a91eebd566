/** Export jobs of the lists. */
import { bigint, index, integer, jsonb, pgTable, text, timestamp, uuid, varchar } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';

/** Export of a list: small ones stream directly; large ones run here as a job and are e-mailed as a link. */
export const exportJob = pgTable(
  'export_job',
  {
    id: varchar('id', { length: 32 }).primaryKey(),
    merchantId: integer('merchant_id').notNull(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    /** Which list: the name of a declared list (domain LISTS). */
    kind: varchar('kind', { length: 32 }).notNull(),
    filters: jsonb('filters').notNull(),
    lang: varchar('lang', { length: 8 }).notNull(),
    timeZone: varchar('time_zone', { length: 64 }).notNull(),
    /** domain ExportStatus: queued, running, done, failed. */
    status: varchar('status', { length: 16 }).notNull(),
    totalRows: integer('total_rows'),
    doneRows: integer('done_rows').notNull().default(0),
    /** Before issue 41: the file in the writing instance's $DATA_DIR/exports (read by the start-up import only). */
    filePath: varchar('file_path', { length: 512 }),
    /** The written file in the file store (lib/files/storage.ts); removed with it (migration 0033's trigger). */
    fileId: uuid('file_id'),
    /** Secret part of the download link sent by e-mail. */
    downloadToken: varchar('download_token', { length: 64 }),
    error: text('error'),
    /** When the instance running it last said it was alive (its claim, each progress write). */
    heartbeatAt: timestamp('heartbeat_at', { withTimezone: true }),
    createdAt: createdAt(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
  },
  (t) => [index('export_job_merchant_idx').on(t.merchantId, t.createdAt.desc()), index('export_job_status_idx').on(t.status, t.createdAt)],
);
