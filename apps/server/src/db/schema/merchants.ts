/** Merchants (10000 is the platform admin) and their id sequence. */
import { SETTLEMENT_DAYS_DEFAULT } from '@mg/domain';
import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgSequence, pgTable, smallint, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';

/** New merchant ids continue after the seeded ones; 10000 is the platform admin. */
export const merchantIdSeq = pgSequence('merchant_id_seq', { startWith: 10100 });

/** Merchant lifecycle: onboarding (registered, KYC not done), active, frozen. */
export const merchant = pgTable(
  'merchant',
  {
    id: integer('id').primaryKey(),
    name: varchar('name', { length: 128 }).notNull(),
    /** Parent merchant of a sub-merchant; a user of the parent may act for it. */
    parentId: integer('parent_id'),
    brand: varchar('brand', { length: 32 }).notNull(),
    /** Currencies (countries) this merchant works in; the first is its default. */
    currencies: text('currencies').array().notNull(),
    status: varchar('status', { length: 16 }).notNull().default('active'),
    /** Spec §3 amountUsdSwitch: amounts also shown in USD. */
    amountUsdSwitch: boolean('amount_usd_switch').notNull().default(false),
    /** Settlement cycle T+N in days, counted in the merchant's zone (issue 4). */
    settlementDays: smallint('settlement_days').notNull().default(SETTLEMENT_DAYS_DEFAULT),
    /** Open API callers must come from one of these (IPv4/IPv6 addresses or CIDR); empty = sandbox keys only. */
    ipWhitelist: text('ip_whitelist').array().notNull().default(sql`'{}'::text[]`),
    /** Default callback addresses when an order carries no notifyUrl. */
    collectionCallbackUrl: varchar('collection_callback_url', { length: 512 }),
    payoutCallbackUrl: varchar('payout_callback_url', { length: 512 }),
    /** Standard Webhooks signing secret `whsec_...`, sealed with the server's secret box (lib/secret-box). */
    webhookSecretSealed: text('webhook_secret_sealed'),
    /** The secret before the last roll: it signs callbacks too until `webhookSecretPreviousUntil` (issue 15). */
    webhookSecretPreviousSealed: text('webhook_secret_previous_sealed'),
    webhookSecretPreviousUntil: timestamp('webhook_secret_previous_until', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('merchant_parent_idx').on(t.parentId)],
);
