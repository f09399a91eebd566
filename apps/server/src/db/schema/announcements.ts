/** Announcements from the provider and who has read them. */
import { sql } from 'drizzle-orm';
import { bigint, index, integer, pgTable, primaryKey, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { appUser } from './users';

/** Announcements: to one merchant, or to all (merchant_id null); draft, released, revoked. */
export const announcement = pgTable(
  'announcement',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    merchantId: integer('merchant_id'),
    title: varchar('title', { length: 255 }).notNull(),
    content: text('content').notNull(),
    priority: varchar('priority', { length: 8 }).notNull().default('M'),
    status: varchar('status', { length: 16 }).notNull().default('draft'),
    releasedAt: timestamp('released_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdBy: varchar('created_by', { length: 64 }),
    createdAt: createdAt(),
  },
  (t) => [index('announcement_status_idx').on(t.status, t.releasedAt)],
);

export const announcementRead = pgTable(
  'announcement_read',
  {
    announcementId: bigint('announcement_id', { mode: 'number' })
      .notNull()
      .references(() => announcement.id, { onDelete: 'cascade' }),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => appUser.id, { onDelete: 'cascade' }),
    readAt: timestamp('read_at', { withTimezone: true }).notNull().default(sql`now()`),
  },
  (t) => [primaryKey({ columns: [t.announcementId, t.userId] })],
);
