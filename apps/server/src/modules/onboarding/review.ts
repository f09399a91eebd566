/**
 * Staff review of onboarding applications (docs/onboarding-api.md "Staff"): start, section decisions with reasons,
 * "accept the unchanged sections" after a resubmission, requests for information, back to the applicant, comments
 * and internal notes, approve (the merchant goes live), reject. Every step is on the timeline; the outcomes reach the
 * merchant's admins in-app and by e-mail.
 */
import {
  ApplicationStatus,
  OnboardingEventKind,
  REVIEWABLE_STATUSES,
  SectionDecision,
  approvalBlockers,
  decisionKey,
  isApprovable,
  missingItems,
  unchangedSections,
  type ApplicationView,
  type OnboardingSectionValue,
  type PreviousRound,
  type SectionDecisionValue,
  type StoredDecision,
} from '@mg/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { KeyedError, notFound } from '../../lib/admin';
import { fieldError } from '../../lib/errors';
import { tellMerchantAdmins } from '../announcements/tell-admins';
import { requireAuth } from '../auth';
import { contentHashes } from './content';
import { activateMerchant, insertEvent, insertRequest, moveStatus, selectApplication, setDecision, setDecisionIfAbsent, type ApplicationRow } from './queries';
import { buildView, dataOf } from './view';

async function rowOf(app: FastifyInstance, merchantId: number): Promise<ApplicationRow> {
  const row = await selectApplication(app.db, merchantId);
  if (!row) throw notFound();
  return row;
}

const notReviewable = () => new KeyedError('STATE_TRANSITION_INVALID', 'onboarding.review.notReviewable');

export async function staffView(app: FastifyInstance, req: FastifyRequest, merchantId: number): Promise<ApplicationView> {
  return buildView(app, await rowOf(app, merchantId), { userId: requireAuth(req).userId, staff: true });
}

export async function startReview(app: FastifyInstance, req: FastifyRequest, merchantId: number): Promise<ApplicationView> {
  const auth = requireAuth(req);
  await rowOf(app, merchantId);
  const moved = await app.db.transaction(async (tx) => {
    if (!(await moveStatus(tx, merchantId, [ApplicationStatus.SUBMITTED], ApplicationStatus.IN_REVIEW))) return false;
    await insertEvent(tx, { merchantId, kind: OnboardingEventKind.REVIEW_STARTED, actor: auth.username });
    return true;
  });
  if (!moved) throw notReviewable();
  return staffView(app, req, merchantId);
}

export async function decideSection(
  app: FastifyInstance,
  req: FastifyRequest,
  merchantId: number,
  body: { section: OnboardingSectionValue; field?: string | undefined; decision: SectionDecisionValue; reason?: string | undefined },
): Promise<ApplicationView> {
  const auth = requireAuth(req);
  const reason = body.reason?.trim() || null;
  const field = body.field?.trim() || null;
  if (body.decision === SectionDecision.REJECTED && !reason) throw fieldError('reason', 'onboarding.review.reasonRequired');
  const row = await rowOf(app, merchantId);
  const key = decisionKey(body.section, field);
  // With the hash of the content decided on (locked while reviewable): a resubmission keeps the acceptance only
  // while that content is unchanged.
  const hash = (await contentHashes(app.db, merchantId, dataOf(row)))[key];
  const decision: StoredDecision = { decision: body.decision, reason, by: auth.username, at: new Date().toISOString(), ...(hash ? { hash } : {}) };
  const done = await app.db.transaction(async (tx) => {
    if (!(await setDecision(tx, merchantId, key, decision))) return false;
    if (field) {
      const kind = body.decision === SectionDecision.ACCEPTED ? OnboardingEventKind.DOCUMENT_ACCEPTED : OnboardingEventKind.DOCUMENT_REJECTED;
      await insertEvent(tx, { merchantId, kind, section: body.section, field, message: reason, actor: auth.username });
    } else {
      await insertEvent(tx, { merchantId, kind: OnboardingEventKind.SECTION_DECIDED, section: body.section, field: body.decision, message: reason, actor: auth.username });
    }
    return true;
  });
  if (!done) throw notReviewable();
  return staffView(app, req, merchantId);
}

/**
 * "Accept the unchanged sections": of the sections the reviewer was shown (`sections`), those the server finds
 * unchanged since the submission before and about which nothing was asked (domain unchangedSections) are accepted,
 * each with its content hash and its own entry on the timeline, like an acceptance one by one. A section decided
 * meanwhile by another reviewer keeps that decision.
 */
export async function acceptUnchanged(app: FastifyInstance, req: FastifyRequest, merchantId: number, sections: readonly OnboardingSectionValue[]): Promise<ApplicationView> {
  const auth = requireAuth(req);
  const row = await rowOf(app, merchantId);
  if (!REVIEWABLE_STATUSES.includes(row.status as (typeof REVIEWABLE_STATUSES)[number])) throw notReviewable();
  const data = dataOf(row);
  const hashes = await contentHashes(app.db, merchantId, data);
  const shown = new Set(sections);
  const chosen = unchangedSections(row.previousRound as PreviousRound | null, hashes, row.decisions as Record<string, StoredDecision>, missingItems(data)).filter((s) => shown.has(s));
  if (chosen.length === 0) throw new KeyedError('BUSINESS_RULE', 'onboarding.review.nothingUnchanged');
  const at = new Date().toISOString();
  const done = await app.db.transaction(async (tx) => {
    let accepted = 0;
    for (const section of chosen) {
      const decision: StoredDecision = { decision: SectionDecision.ACCEPTED, reason: null, by: auth.username, at, hash: hashes[section]! };
      if (!(await setDecisionIfAbsent(tx, merchantId, section, decision))) continue;
      await insertEvent(tx, { merchantId, kind: OnboardingEventKind.UNCHANGED_ACCEPTED, section, actor: auth.username });
      accepted++;
    }
    return accepted;
  });
  if (done === 0) throw new KeyedError('BUSINESS_RULE', 'onboarding.review.nothingUnchanged');
  return staffView(app, req, merchantId);
}

export async function requestInfo(
  app: FastifyInstance,
  req: FastifyRequest,
  merchantId: number,
  body: { section: OnboardingSectionValue; field: string; message: string; dueDate: string },
): Promise<ApplicationView> {
  const auth = requireAuth(req);
  const row = await rowOf(app, merchantId);
  if (!REVIEWABLE_STATUSES.includes(row.status as (typeof REVIEWABLE_STATUSES)[number])) throw notReviewable();
  await app.db.transaction(async (tx) => {
    await insertRequest(tx, { merchantId, section: body.section, field: body.field, message: body.message, dueDate: body.dueDate, createdBy: auth.username });
    await insertEvent(tx, { merchantId, kind: OnboardingEventKind.INFO_REQUESTED, section: body.section, field: body.field, message: body.message, actor: auth.username });
  });
  return staffView(app, req, merchantId);
}

async function tell(app: FastifyInstance, req: FastifyRequest, merchantId: number, what: 'changesRequested' | 'approved' | 'rejected', message: string) {
  await tellMerchantAdmins(
    app.db,
    { merchantId, titleKey: `onboarding.mail.${what}.title`, contentKey: `onboarding.mail.${what}.content`, params: { message } },
    { mailer: app.mailer, log: req.log },
    new Date(),
  );
}

export async function requestChanges(app: FastifyInstance, req: FastifyRequest, merchantId: number, message: string): Promise<ApplicationView> {
  const auth = requireAuth(req);
  const view = await staffView(app, req, merchantId);
  const refused = Object.values(view.decisions).some((d) => d.decision === SectionDecision.REJECTED);
  if (!refused && !view.requests.some((r) => r.resolvedAt === null)) throw new KeyedError('BUSINESS_RULE', 'onboarding.review.nothingToChange');
  const moved = await app.db.transaction(async (tx) => {
    if (!(await moveStatus(tx, merchantId, REVIEWABLE_STATUSES, ApplicationStatus.CHANGES_REQUESTED))) return false;
    await insertEvent(tx, { merchantId, kind: OnboardingEventKind.CHANGES_REQUESTED, message, actor: auth.username });
    return true;
  });
  if (!moved) throw notReviewable();
  await tell(app, req, merchantId, 'changesRequested', message);
  return staffView(app, req, merchantId);
}

export async function staffComment(app: FastifyInstance, req: FastifyRequest, merchantId: number, body: { message: string; internal: boolean }): Promise<ApplicationView> {
  const auth = requireAuth(req);
  await rowOf(app, merchantId);
  await insertEvent(app.db, { merchantId, kind: body.internal ? OnboardingEventKind.NOTE : OnboardingEventKind.COMMENT, message: body.message, internal: body.internal, actor: auth.username });
  return staffView(app, req, merchantId);
}

export async function approve(app: FastifyInstance, req: FastifyRequest, merchantId: number): Promise<ApplicationView> {
  const auth = requireAuth(req);
  const row = await rowOf(app, merchantId);
  if (!isApprovable(approvalBlockers({ decisions: row.decisions as Record<string, StoredDecision>, missing: missingItems(dataOf(row)) }))) {
    throw new KeyedError('BUSINESS_RULE', 'onboarding.review.notAllAccepted');
  }
  const moved = await app.db.transaction(async (tx) => {
    if (!(await moveStatus(tx, merchantId, REVIEWABLE_STATUSES, ApplicationStatus.APPROVED, { decided: true }))) return false;
    await activateMerchant(tx, merchantId);
    await insertEvent(tx, { merchantId, kind: OnboardingEventKind.APPROVED, actor: auth.username });
    return true;
  });
  if (!moved) throw notReviewable();
  await tell(app, req, merchantId, 'approved', '');
  return staffView(app, req, merchantId);
}

export async function reject(app: FastifyInstance, req: FastifyRequest, merchantId: number, reason: string): Promise<ApplicationView> {
  const auth = requireAuth(req);
  await rowOf(app, merchantId);
  const moved = await app.db.transaction(async (tx) => {
    if (!(await moveStatus(tx, merchantId, REVIEWABLE_STATUSES, ApplicationStatus.REJECTED, { decided: true }))) return false;
    await insertEvent(tx, { merchantId, kind: OnboardingEventKind.REJECTED, message: reason, actor: auth.username });
    return true;
  });
  if (!moved) throw notReviewable();
  await tell(app, req, merchantId, 'rejected', reason);
  return staffView(app, req, merchantId);
}
