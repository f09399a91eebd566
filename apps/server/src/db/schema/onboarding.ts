/**
 * Onboarding applications (issue 14): one per merchant, its sections as JSON validated by the domain's schemas on
 * every write; requests for information and the timeline as rows of their own.
 */
import { sql } from 'drizzle-orm';
import { bigserial, boolean, date, index, integer, jsonb, pgTable, smallint, timestamp, varchar } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';

export const onboardingApplication = pgTable(
  'onboarding_application',
  {
    merchantId: integer('merchant_id').primaryKey(),
    /** domain ApplicationStatus. */
    status: varchar('status', { length: 20 }).notNull().default('draft'),
    /** domain ApplicationData. */
    data: jsonb('data').notNull().default(sql`'{}'::jsonb`),
    /**
     * Per decision key (a section, `<section>:<field>` for a document): { decision, reason, by, at, hash } (domain
     * StoredDecision; the hash of the content decided on, issue 40).
     */
    decisions: jsonb('decisions').notNull().default(sql`'{}'::jsonb`),
    /** Content hash of each review item at the latest submission (domain reviewContent, SHA-256 hex). */
    submittedHashes: jsonb('submitted_hashes').notNull().default(sql`'{}'::jsonb`),
    /** Set at a resubmission: the round before it (domain PreviousRound); null before the first one. */
    previousRound: jsonb('previous_round'),
    version: integer('version').notNull().default(1),
    videoAttempts: smallint('video_attempts').notNull().default(0),
    /** The phrase handed out for the next recording (video/start): the recording is stored with it. */
    videoPhrase: varchar('video_phrase', { length: 80 }),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('onboarding_application_queue_idx').on(t.status, t.submittedAt)],
);

export const onboardingRequest = pgTable(
  'onboarding_request',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    merchantId: integer('merchant_id').notNull(),
    section: varchar('section', { length: 32 }).notNull(),
    field: varchar('field', { length: 120 }).notNull().default(''),
    message: varchar('message', { length: 500 }).notNull(),
    dueDate: date('due_date').notNull(),
    createdBy: varchar('created_by', { length: 64 }).notNull(),
    createdAt: createdAt(),
    /** Set when the applicant resubmits after it. */
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
  },
  (t) => [index('onboarding_request_merchant_idx').on(t.merchantId, t.id)],
);

export const onboardingEvent = pgTable(
  'onboarding_event',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    merchantId: integer('merchant_id').notNull(),
    /** domain OnboardingEventKind. */
    kind: varchar('kind', { length: 24 }).notNull(),
    section: varchar('section', { length: 32 }),
    field: varchar('field', { length: 120 }),
    message: varchar('message', { length: 2000 }),
    /** Staff-only note: never in the applicant's view. */
    internal: boolean('internal').notNull().default(false),
    actor: varchar('actor', { length: 64 }).notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('onboarding_event_merchant_idx').on(t.merchantId, t.id)],
);
