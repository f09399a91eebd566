/**
 * The onboarding calls (docs/onboarding-api.md) declared once (calls/define.ts): the applicant's own application
 * (onboarding:apply, always the session's merchant) and the staff review (onboarding:menu to read, onboarding:review
 * to decide). Every call but the video's start answers the application as it now is. The review queue is a list
 * (list.ts), not a call.
 */
import { z } from 'zod';
import { defineCall } from '../calls/define';
import { ONBOARDING_PERM } from './perm';
import { applicationViewSchema } from './views';
import {
  ONBOARDING_SECTIONS,
  REVIEW_COMMENT_MAX_LENGTH,
  REVIEW_REASON_MAX_LENGTH,
  SectionDecision,
  VIDEO_MAX_SECONDS,
  VIDEO_MIN_SECONDS,
  type OnboardingSectionValue,
} from './vocabulary';

const onboardingSectionSchema = z.enum(ONBOARDING_SECTIONS as [OnboardingSectionValue, ...OnboardingSectionValue[]]);
const message = (max: number) => z.string().trim().min(1).max(max);
const onboardingMerchantParams = z.object({ merchantId: z.coerce.number().int().positive() });
/** A document of a section by its dotted path (`documents.bankStatement`, `directors.<key>.idDocuments`). */
const documentField = z.string().trim().max(120).regex(/^[A-Za-z0-9_.-]*$/);

export const onboardingVideoStartSchema = z.object({ phrase: z.string(), attemptsLeft: z.number().int(), maxSeconds: z.number().int() });

export const onboardingCalls = {
  application: defineCall({
    method: 'GET',
    path: '/onboarding/application',
    permission: ONBOARDING_PERM.ONBOARDING_APPLY,
    summary: 'The merchant’s application (a draft is created on first read)',
    answer: applicationViewSchema,
  }),
  saveSection: defineCall({
    method: 'PUT',
    path: '/onboarding/application/sections/:section',
    permission: ONBOARDING_PERM.ONBOARDING_APPLY,
    summary: 'Autosave of one section over the version the page saw (409 when locked or saved meanwhile)',
    params: z.object({ section: onboardingSectionSchema }),
    body: z.object({ version: z.number().int().min(1), data: z.record(z.string(), z.unknown()) }),
    answer: applicationViewSchema,
  }),
  startVideo: defineCall({
    method: 'POST',
    path: '/onboarding/application/video/start',
    permission: ONBOARDING_PERM.ONBOARDING_APPLY,
    summary: 'The phrase of the next video identification attempt',
    answer: onboardingVideoStartSchema,
  }),
  recordVideo: defineCall({
    method: 'POST',
    path: '/onboarding/application/video',
    permission: ONBOARDING_PERM.ONBOARDING_APPLY,
    summary: 'Records an attempt: the uploaded recording (biz video) of the phrase started last',
    body: z.object({ fileId: z.uuid(), seconds: z.number().min(VIDEO_MIN_SECONDS).max(VIDEO_MAX_SECONDS + 5) }),
    answer: applicationViewSchema,
  }),
  comment: defineCall({
    method: 'POST',
    path: '/onboarding/application/comments',
    permission: ONBOARDING_PERM.ONBOARDING_APPLY,
    summary: 'A reply to the reviewers, on the timeline',
    body: z.object({ message: message(REVIEW_COMMENT_MAX_LENGTH) }),
    answer: applicationViewSchema,
  }),
  submit: defineCall({
    method: 'POST',
    path: '/onboarding/application/submit',
    permission: ONBOARDING_PERM.ONBOARDING_APPLY,
    summary: 'Agree to the terms and submit (422 while anything is missing)',
    body: z.object({ version: z.number().int().min(1), agree: z.literal(true) }),
    answer: applicationViewSchema,
  }),

  staffView: defineCall({
    method: 'GET',
    path: '/onboarding/applications/:merchantId',
    permission: ONBOARDING_PERM.ONBOARDING_MENU,
    summary: 'An application with internal notes',
    params: onboardingMerchantParams,
    answer: applicationViewSchema,
  }),
  review: defineCall({
    method: 'POST',
    path: '/onboarding/applications/:merchantId/review',
    permission: ONBOARDING_PERM.ONBOARDING_REVIEW,
    summary: 'Submitted -> in review',
    params: onboardingMerchantParams,
    answer: applicationViewSchema,
  }),
  decide: defineCall({
    method: 'POST',
    path: '/onboarding/applications/:merchantId/decisions',
    permission: ONBOARDING_PERM.ONBOARDING_REVIEW,
    summary: 'Accept a section or one of its documents (field), or refuse it with a reason',
    params: onboardingMerchantParams,
    body: z.object({
      section: onboardingSectionSchema,
      field: documentField.optional(),
      decision: z.enum([SectionDecision.ACCEPTED, SectionDecision.REJECTED]),
      reason: z.string().trim().max(REVIEW_REASON_MAX_LENGTH).optional(),
    }),
    answer: applicationViewSchema,
  }),
  acceptUnchanged: defineCall({
    method: 'POST',
    path: '/onboarding/applications/:merchantId/accept-unchanged',
    permission: ONBOARDING_PERM.ONBOARDING_REVIEW,
    summary: 'Accept the sections unchanged since the submission before, of those the reviewer was shown (after a resubmission)',
    params: onboardingMerchantParams,
    body: z.object({ sections: z.array(onboardingSectionSchema).min(1).max(ONBOARDING_SECTIONS.length) }),
    answer: applicationViewSchema,
  }),
  requestInfo: defineCall({
    method: 'POST',
    path: '/onboarding/applications/:merchantId/requests',
    permission: ONBOARDING_PERM.ONBOARDING_REVIEW,
    summary: 'A request for information addressed to a field or document, with a due date',
    params: onboardingMerchantParams,
    body: z.object({ section: onboardingSectionSchema, field: documentField, message: message(REVIEW_REASON_MAX_LENGTH), dueDate: z.iso.date() }),
    answer: applicationViewSchema,
  }),
  requestChanges: defineCall({
    method: 'POST',
    path: '/onboarding/applications/:merchantId/request-changes',
    permission: ONBOARDING_PERM.ONBOARDING_REVIEW,
    summary: 'Back to the applicant with the open requests (e-mailed)',
    params: onboardingMerchantParams,
    body: z.object({ message: message(REVIEW_COMMENT_MAX_LENGTH) }),
    answer: applicationViewSchema,
  }),
  staffComment: defineCall({
    method: 'POST',
    path: '/onboarding/applications/:merchantId/comments',
    permission: ONBOARDING_PERM.ONBOARDING_REVIEW,
    summary: 'A comment the applicant sees, or an internal note',
    params: onboardingMerchantParams,
    body: z.object({ message: message(REVIEW_COMMENT_MAX_LENGTH), internal: z.boolean() }),
    answer: applicationViewSchema,
  }),
  approve: defineCall({
    method: 'POST',
    path: '/onboarding/applications/:merchantId/approve',
    permission: ONBOARDING_PERM.ONBOARDING_REVIEW,
    summary: 'Approve: the merchant goes live (e-mailed)',
    params: onboardingMerchantParams,
    answer: applicationViewSchema,
  }),
  reject: defineCall({
    method: 'POST',
    path: '/onboarding/applications/:merchantId/reject',
    permission: ONBOARDING_PERM.ONBOARDING_REVIEW,
    summary: 'Reject with a reason (e-mailed)',
    params: onboardingMerchantParams,
    body: z.object({ reason: message(REVIEW_REASON_MAX_LENGTH) }),
    answer: applicationViewSchema,
  }),
};
