/** Every e-mail the server sends (or keeps when no SMTP server is configured). */
import { bigint, index, integer, pgTable, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';

/** Mail that was sent, or, without MAIL_URL, the outbox people read instead of an inbox. */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    merchantId: integer('merchant_id'),
    toAddress: varchar('to_address', { length: 191 }).notNull(),
    subject: varchar('subject', { length: 255 }).notNull(),
    textBody: text('text_body').notNull(),
    status: varchar('status', { length: 16 }).notNull(),
    error: text('error'),
    createdAt: createdAt(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [index('mail_outbox_created_idx').on(t.createdAt.desc())],
);
