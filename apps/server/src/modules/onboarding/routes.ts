/**
 * Onboarding calls (docs/onboarding-api.md): the applicant's own application (onboarding:apply, always the session's
 * merchant) and the staff review (onboarding:menu to read, onboarding:review to decide; scoped like every list),
 * each declared once in the domain (onboarding/calls.ts).
 */
import { onboardingCalls as calls } from '@mg/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { callRoute } from '../../lib/call-route';
import { ok } from '../../lib/envelope';
import { registerList } from '../../lib/list/route';
import { ownMerchant } from '../auth/scope';
import { onboardingSource } from './queries';
import { acceptUnchanged, approve, decideSection, reject, requestChanges, requestInfo, staffComment, staffView, startReview } from './review';
import { applicantComment, applicantView, recordVideo, saveSection, startVideo, submit } from './service';

const tags = ['onboarding'];

export const onboardingRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(calls.application.path, callRoute(calls.application, { tags }), async (req) => ok(await applicantView(app, req)));

  app.put(calls.saveSection.path, callRoute(calls.saveSection, { tags }), async (req) => ok(await saveSection(app, req, req.params.section, req.body)));

  app.post(calls.startVideo.path, callRoute(calls.startVideo, { tags }), async (req) => ok(await startVideo(app, req)));

  app.post(calls.recordVideo.path, callRoute(calls.recordVideo, { tags }), async (req) => ok(await recordVideo(app, req, req.body)));

  app.post(calls.comment.path, callRoute(calls.comment, { tags }), async (req) => ok(await applicantComment(app, req, req.body.message)));

  app.post(calls.submit.path, callRoute(calls.submit, { tags }), async (req) => ok(await submit(app, req, req.body)));

  registerList(app, onboardingSource, { tags, summary: 'The review queue' });

  app.get(calls.staffView.path, callRoute(calls.staffView, { tags }), async (req) => ok(await staffView(app, req, ownMerchant(req, req.params.merchantId))));

  app.post(calls.review.path, callRoute(calls.review, { tags }), async (req) => ok(await startReview(app, req, ownMerchant(req, req.params.merchantId))));

  app.post(calls.decide.path, callRoute(calls.decide, { tags }), async (req) => ok(await decideSection(app, req, ownMerchant(req, req.params.merchantId), req.body)));

  app.post(calls.acceptUnchanged.path, callRoute(calls.acceptUnchanged, { tags }), async (req) =>
    ok(await acceptUnchanged(app, req, ownMerchant(req, req.params.merchantId), req.body.sections)),
  );

  app.post(calls.requestInfo.path, callRoute(calls.requestInfo, { tags }), async (req) => ok(await requestInfo(app, req, ownMerchant(req, req.params.merchantId), req.body)));

  app.post(calls.requestChanges.path, callRoute(calls.requestChanges, { tags }), async (req) =>
    ok(await requestChanges(app, req, ownMerchant(req, req.params.merchantId), req.body.message)),
  );

  app.post(calls.staffComment.path, callRoute(calls.staffComment, { tags }), async (req) => ok(await staffComment(app, req, ownMerchant(req, req.params.merchantId), req.body)));

  app.post(calls.approve.path, callRoute(calls.approve, { tags }), async (req) => ok(await approve(app, req, ownMerchant(req, req.params.merchantId))));

  app.post(calls.reject.path, callRoute(calls.reject, { tags }), async (req) => ok(await reject(app, req, ownMerchant(req, req.params.merchantId), req.body.reason)));
};
