/** Column helpers and row statuses shared by the tables of every area. */
import { sql } from 'drizzle-orm';
import { bigint, timestamp } from 'drizzle-orm/pg-core';

/** Row status shared by configuration tables. */
export const STATUS_ENABLED = 1;

export const STATUS_DISABLED = 0;

export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().default(sql`now()`);

export const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().default(sql`now()`);

export const money = (name: string) => bigint(name, { mode: 'bigint' });
