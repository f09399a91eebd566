/**
 * Onboarding calls (docs/onboarding-api.md): the applicant's own application (onboarding:apply, always the session's
 * merchant) and the staff review (onboarding:menu to read, onboarding:review to decide; scoped like every list).
 */
import {
  ONBOARDING_SECTIONS,
  Perm,
  REVIEW_COMMENT_MAX_LENGTH,
  REVIEW_REASON_MAX_LENGTH,
  SectionDecision,
  VIDEO_MAX_SECONDS,
  VIDEO_MIN_SECONDS,
  applicationViewSchema,
  type OnboardingSectionValue,
} from '@mg/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeOf, ok } from '../../lib/envelope';
import { registerList } from '../../lib/list/route';
import { ownMerchant } from '../auth/scope';
import { onboardingSource } from './queries';
import { acceptUnchanged, approve, decideSection, reject, requestChanges, requestInfo, staffComment, staffView, startReview } from './review';
import { applicantComment, applicantView, recordVideo, saveSection, startVideo, submit } from './service';

const tags = ['onboarding'];
const view = { 200: envelopeOf(applicationViewSchema) };
const section = z.enum(ONBOARDING_SECTIONS as [OnboardingSectionValue, ...OnboardingSectionValue[]]);
const message = (max: number) => z.string().trim().min(1).max(max);
const merchantParam = z.object({ merchantId: z.coerce.number().int().positive() });

export const onboardingRoutes: FastifyPluginAsyncZod = async (app) => {
  const apply = { config: { permission: Perm.ONBOARDING_APPLY } };
  const read = { config: { permission: Perm.ONBOARDING_MENU } };
  const decide = { config: { permission: Perm.ONBOARDING_REVIEW } };

  app.get('/onboarding/application', { ...apply, schema: { tags, summary: 'The merchant’s application (a draft is created on first read)', response: view } }, async (req) =>
    ok(await applicantView(app, req)),
  );

  app.put(
    '/onboarding/application/sections/:section',
    {
      ...apply,
      schema: {
        tags,
        summary: 'Autosave of one section over the version the page saw (409 when locked or saved meanwhile)',
        params: z.object({ section }),
        body: z.object({ version: z.number().int().min(1), data: z.record(z.string(), z.unknown()) }),
        response: view,
      },
    },
    async (req) => ok(await saveSection(app, req, req.params.section, req.body)),
  );

  app.post(
    '/onboarding/application/video/start',
    { ...apply, schema: { tags, summary: 'The phrase of the next video identification attempt', response: { 200: envelopeOf(z.object({ phrase: z.string(), attemptsLeft: z.number().int(), maxSeconds: z.number().int() })) } } },
    async (req) => ok({ ...(await startVideo(app, req)), maxSeconds: VIDEO_MAX_SECONDS }),
  );

  app.post(
    '/onboarding/application/video',
    {
      ...apply,
      schema: { tags, summary: 'Records an attempt: the uploaded recording (biz video) of the phrase started last', body: z.object({ fileId: z.uuid(), seconds: z.number().min(VIDEO_MIN_SECONDS).max(VIDEO_MAX_SECONDS + 5) }), response: view },
    },
    async (req) => ok(await recordVideo(app, req, req.body)),
  );

  app.post(
    '/onboarding/application/comments',
    { ...apply, schema: { tags, summary: 'A reply to the reviewers, on the timeline', body: z.object({ message: message(REVIEW_COMMENT_MAX_LENGTH) }), response: view } },
    async (req) => ok(await applicantComment(app, req, req.body.message)),
  );

  app.post(
    '/onboarding/application/submit',
    { ...apply, schema: { tags, summary: 'Agree to the terms and submit (422 while anything is missing)', body: z.object({ version: z.number().int().min(1), agree: z.literal(true) }), response: view } },
    async (req) => ok(await submit(app, req, req.body)),
  );

  registerList(app, onboardingSource, { tags, summary: 'The review queue' });

  app.get('/onboarding/applications/:merchantId', { ...read, schema: { tags, summary: 'An application with internal notes', params: merchantParam, response: view } }, async (req) =>
    ok(await staffView(app, req, ownMerchant(req, req.params.merchantId))),
  );

  app.post('/onboarding/applications/:merchantId/review', { ...decide, schema: { tags, summary: 'Submitted -> in review', params: merchantParam, response: view } }, async (req) =>
    ok(await startReview(app, req, ownMerchant(req, req.params.merchantId))),
  );

  app.post(
    '/onboarding/applications/:merchantId/decisions',
    {
      ...decide,
      schema: {
        tags,
        summary: 'Accept a section or one of its documents (field), or refuse it with a reason',
        params: merchantParam,
        body: z.object({ section, field: z.string().trim().max(120).regex(/^[A-Za-z0-9_.-]*$/).optional(), decision: z.enum([SectionDecision.ACCEPTED, SectionDecision.REJECTED]), reason: z.string().trim().max(REVIEW_REASON_MAX_LENGTH).optional() }),
        response: view,
      },
    },
    async (req) => ok(await decideSection(app, req, ownMerchant(req, req.params.merchantId), req.body)),
  );

  app.post(
    '/onboarding/applications/:merchantId/accept-unchanged',
    {
      ...decide,
      schema: {
        tags,
        summary: 'Accept the sections unchanged since the submission before, of those the reviewer was shown (after a resubmission)',
        params: merchantParam,
        body: z.object({ sections: z.array(section).min(1).max(ONBOARDING_SECTIONS.length) }),
        response: view,
      },
    },
    async (req) => ok(await acceptUnchanged(app, req, ownMerchant(req, req.params.merchantId), req.body.sections)),
  );

  app.post(
    '/onboarding/applications/:merchantId/requests',
    {
      ...decide,
      schema: {
        tags,
        summary: 'A request for information addressed to a field or document, with a due date',
        params: merchantParam,
        body: z.object({ section, field: z.string().trim().max(120).regex(/^[A-Za-z0-9_.-]*$/), message: message(REVIEW_REASON_MAX_LENGTH), dueDate: z.iso.date() }),
        response: view,
      },
    },
    async (req) => ok(await requestInfo(app, req, ownMerchant(req, req.params.merchantId), req.body)),
  );

  app.post(
    '/onboarding/applications/:merchantId/request-changes',
    { ...decide, schema: { tags, summary: 'Back to the applicant with the open requests (e-mailed)', params: merchantParam, body: z.object({ message: message(REVIEW_COMMENT_MAX_LENGTH) }), response: view } },
    async (req) => ok(await requestChanges(app, req, ownMerchant(req, req.params.merchantId), req.body.message)),
  );

  app.post(
    '/onboarding/applications/:merchantId/comments',
    {
      ...decide,
      schema: { tags, summary: 'A comment the applicant sees, or an internal note', params: merchantParam, body: z.object({ message: message(REVIEW_COMMENT_MAX_LENGTH), internal: z.boolean() }), response: view },
    },
    async (req) => ok(await staffComment(app, req, ownMerchant(req, req.params.merchantId), req.body)),
  );

  app.post('/onboarding/applications/:merchantId/approve', { ...decide, schema: { tags, summary: 'Approve: the merchant goes live (e-mailed)', params: merchantParam, response: view } }, async (req) =>
    ok(await approve(app, req, ownMerchant(req, req.params.merchantId))),
  );

  app.post(
    '/onboarding/applications/:merchantId/reject',
    { ...decide, schema: { tags, summary: 'Reject with a reason (e-mailed)', params: merchantParam, body: z.object({ reason: message(REVIEW_REASON_MAX_LENGTH) }), response: view } },
    async (req) => ok(await reject(app, req, ownMerchant(req, req.params.merchantId), req.body.reason)),
  );
};
