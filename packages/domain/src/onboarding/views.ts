/** What the onboarding calls answer (docs/onboarding-api.md): the applicant's view and the staff's fuller one. */
import { z } from 'zod';
import { fileViewSchema } from '../files';
import { ReviewChange } from './review';
import { applicationDataSchema } from './sections';
import { APPLICATION_STATUSES, ONBOARDING_EVENT_KINDS, ONBOARDING_SECTIONS, SectionDecision, type ApplicationStatusValue } from './vocabulary';

export { APPLICATION_STATUSES };

export const APPLICATION_STATUS_COLORS: Readonly<Record<ApplicationStatusValue, string>> = {
  draft: 'default',
  submitted: 'blue',
  in_review: 'processing',
  changes_requested: 'orange',
  approved: 'green',
  rejected: 'red',
};

const instant = z.string().describe('ISO-8601 UTC');
const section = z.enum(ONBOARDING_SECTIONS as [string, ...string[]]);

export const sectionDecisionSchema = z.object({
  decision: z.enum([SectionDecision.ACCEPTED, SectionDecision.REJECTED]),
  reason: z.string().nullable(),
  by: z.string(),
  at: instant,
});
export type SectionDecisionView = z.infer<typeof sectionDecisionSchema>;

export const infoRequestSchema = z.object({
  id: z.number(),
  section,
  field: z.string().describe("dotted path inside the section, '' for the whole section"),
  message: z.string(),
  dueDate: z.string().describe('YYYY-MM-DD in the merchant zone'),
  createdBy: z.string(),
  createdAt: instant,
  resolvedAt: instant.nullable(),
});
export type InfoRequestView = z.infer<typeof infoRequestSchema>;

export const onboardingEventSchema = z.object({
  id: z.number(),
  kind: z.enum(ONBOARDING_EVENT_KINDS as [string, ...string[]]),
  section: z.string().nullable(),
  field: z.string().nullable(),
  message: z.string().nullable(),
  /** Internal notes are staff-only; the applicant's view never contains them. */
  internal: z.boolean(),
  actor: z.string(),
  at: instant,
});
export type OnboardingEventView = z.infer<typeof onboardingEventSchema>;

/**
 * For staff, once the applicant has submitted again after a review (null before, and always for the applicant): each
 * review item compared with the submission before, the decisions taken on that one, and what "accept the unchanged
 * sections" would accept now. The server computes all three from the content it hashed.
 */
export const reviewRoundSchema = z.object({
  changes: z.record(z.string(), z.enum([ReviewChange.CHANGED, ReviewChange.UNCHANGED])).describe('by decision key: a section, or <section>:<field> of a document with files'),
  previous: z.record(z.string(), sectionDecisionSchema).describe('the decisions as they stood when the applicant submitted again'),
  acceptable: z.array(section).describe('sections "accept the unchanged sections" accepts now'),
});
export type ReviewRoundView = z.infer<typeof reviewRoundSchema>;

export const missingItemSchema = z.object({ section, field: z.string(), reason: z.string(), messageKey: z.string() });

export const applicationViewSchema = z.object({
  merchantId: z.number(),
  merchantName: z.string(),
  brand: z.string(),
  status: z.enum(APPLICATION_STATUSES as [ApplicationStatusValue, ...ApplicationStatusValue[]]),
  editable: z.boolean(),
  /** Raised by every save: a save sent with an older version answers 409 (another tab or device saved meanwhile). */
  version: z.number().int(),
  data: applicationDataSchema,
  missing: z.array(missingItemSchema),
  completion: z.number().int(),
  ownership: z.array(z.object({ key: z.string(), percent: z.number(), beneficial: z.boolean() })),
  decisions: z.record(z.string(), sectionDecisionSchema),
  requests: z.array(infoRequestSchema),
  /** Comments for the applicant, and for staff also internal notes, newest last. */
  events: z.array(onboardingEventSchema),
  round: reviewRoundSchema.nullable(),
  files: z.record(z.string(), fileViewSchema).describe('every file the data refers to, by id'),
  videoAttemptsLeft: z.number().int(),
  submittedAt: instant.nullable(),
  decidedAt: instant.nullable(),
  updatedAt: instant,
});
export type ApplicationView = z.infer<typeof applicationViewSchema>;
