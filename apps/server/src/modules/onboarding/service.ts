/**
 * The applicant's side of onboarding (docs/onboarding-api.md): autosave per section over the version the page saw,
 * the video identification's phrase and recordings, comments, and submit. Each write is one conditional statement
 * (status and version in its WHERE), so two tabs or devices cannot overwrite each other and nothing is written
 * once the application is locked; the refusal then says which of the two it was.
 */
import {
  ApplicationStatus,
  DomainError,
  EDITABLE_STATUSES,
  FileBiz,
  OnboardingEventKind,
  OnboardingSection,
  PLATFORM_MERCHANT_ID,
  SAVED_EVENT_MINUTES,
  SECTION_SCHEMAS,
  VIDEO_MAX_SECONDS,
  VIDEO_PHRASE_WORDS,
  fileIdsOf,
  keptOnResubmission,
  missingItems,
  type ApplicationStatusValue,
  type ApplicationView,
  type OnboardingSectionValue,
  type PreviousRound,
  type StoredDecision,
} from '@mg/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { randomInt } from 'node:crypto';
import { KeyedError } from '../../lib/admin';
import { FieldValidationError } from '../../lib/errors';
import { tellMerchantAdmins } from '../announcements/tell-admins';
import { requireAuth } from '../auth';
import { selectMerchantFiles } from '../files/queries';
import { contentHashes } from './content';
import {
  appendRecording,
  ensureApplication,
  insertEvent,
  moveStatus,
  noteSaved,
  resolveOpenRequests,
  selectApplication,
  selectOpenRequestSections,
  setVideoPhrase,
  updateSection,
  type ApplicationRow,
} from './queries';
import { buildView, dataOf } from './view';

export async function loadApplication(app: FastifyInstance, merchantId: number): Promise<ApplicationRow> {
  if (await ensureApplication(app.db, merchantId)) await insertEvent(app.db, { merchantId, kind: OnboardingEventKind.CREATED, actor: 'system' });
  const row = await selectApplication(app.db, merchantId);
  if (!row) throw new Error(`onboarding application of ${merchantId} neither created nor found`);
  return row;
}

export async function applicantView(app: FastifyInstance, req: FastifyRequest): Promise<ApplicationView> {
  const auth = requireAuth(req);
  return buildView(app, await loadApplication(app, auth.merchantId), { userId: auth.userId, staff: false });
}

/** Why a conditional write wrote nothing: locked (not editable) or saved meanwhile (another version). */
async function refusal(app: FastifyInstance, merchantId: number): Promise<DomainError> {
  const row = await loadApplication(app, merchantId);
  if (!EDITABLE_STATUSES.includes(row.status as ApplicationStatusValue)) return new KeyedError('APPLICATION_LOCKED', 'error.applicationLocked');
  return new KeyedError('APPLICATION_VERSION_CONFLICT', 'error.applicationVersionConflict');
}

/** Files named by the application must be the merchant's own uploads. */
async function checkFiles(app: FastifyInstance, merchantId: number, ids: readonly string[], field: string): Promise<void> {
  if (ids.length === 0) return;
  const found = await selectMerchantFiles(app.db, merchantId, ids);
  if (found.length !== ids.length) throw new KeyedError('UNKNOWN_FILE', 'error.unknownFile', { field });
}

export async function saveSection(app: FastifyInstance, req: FastifyRequest, section: OnboardingSectionValue, body: { version: number; data: unknown }): Promise<ApplicationView> {
  const auth = requireAuth(req);
  if (section === OnboardingSection.VIDEO_IDENTIFICATION) throw new KeyedError('UNKNOWN_OPERATION', 'error.unknownOperation');
  const parsed = SECTION_SCHEMAS[section].safeParse(body.data);
  if (!parsed.success) {
    throw new FieldValidationError(parsed.error.issues.slice(0, 10).map((i) => ({ field: ['data', ...i.path.map(String)].join('.'), messageKey: 'validation.invalid' })));
  }
  await loadApplication(app, auth.merchantId);
  await checkFiles(app, auth.merchantId, fileIdsOf({ [section]: parsed.data }), section);
  if (!(await updateSection(app.db, auth.merchantId, section, parsed.data, body.version))) throw await refusal(app, auth.merchantId);
  await noteSaved(app.db, auth.merchantId, section, auth.username, SAVED_EVENT_MINUTES);
  return applicantView(app, req);
}

function newPhrase(): string {
  // Numbers, read aloud in any of the six languages: a recording made for another attempt does not say them.
  return Array.from({ length: VIDEO_PHRASE_WORDS }, () => String(randomInt(10, 100))).join(' ');
}

/** A new phrase for the next video attempt, with the attempts left and how long a recording may last. */
export async function startVideo(app: FastifyInstance, req: FastifyRequest): Promise<{ phrase: string; attemptsLeft: number; maxSeconds: number }> {
  const auth = requireAuth(req);
  const row = await loadApplication(app, auth.merchantId);
  if (!EDITABLE_STATUSES.includes(row.status as ApplicationStatusValue)) throw new KeyedError('APPLICATION_LOCKED', 'error.applicationLocked');
  const phrase = newPhrase();
  if (!(await setVideoPhrase(app.db, auth.merchantId, phrase))) throw new KeyedError('VIDEO_ATTEMPTS_EXHAUSTED', 'error.videoAttemptsExhausted');
  const view = await buildView(app, row, { userId: auth.userId, staff: false });
  return { phrase, attemptsLeft: view.videoAttemptsLeft, maxSeconds: VIDEO_MAX_SECONDS };
}

export async function recordVideo(app: FastifyInstance, req: FastifyRequest, body: { fileId: string; seconds: number }): Promise<ApplicationView> {
  const auth = requireAuth(req);
  const [file] = await selectMerchantFiles(app.db, auth.merchantId, [body.fileId]);
  if (!file || file.biz !== FileBiz.VIDEO) throw new KeyedError('UNKNOWN_FILE', 'error.unknownFile', { field: 'fileId' });
  const row = await loadApplication(app, auth.merchantId);
  if (!EDITABLE_STATUSES.includes(row.status as ApplicationStatusValue)) throw new KeyedError('APPLICATION_LOCKED', 'error.applicationLocked');
  if (!(await appendRecording(app.db, auth.merchantId, { fileId: file.id, seconds: body.seconds, at: new Date().toISOString() }))) {
    // No phrase handed out (start first), or the attempts are used up.
    throw new KeyedError(row.videoPhrase ? 'VIDEO_ATTEMPTS_EXHAUSTED' : 'UNKNOWN_OPERATION', row.videoPhrase ? 'error.videoAttemptsExhausted' : 'error.unknownOperation');
  }
  await insertEvent(app.db, { merchantId: auth.merchantId, kind: OnboardingEventKind.VIDEO_RECORDED, section: OnboardingSection.VIDEO_IDENTIFICATION, actor: auth.username });
  return applicantView(app, req);
}

export async function applicantComment(app: FastifyInstance, req: FastifyRequest, message: string): Promise<ApplicationView> {
  const auth = requireAuth(req);
  await loadApplication(app, auth.merchantId);
  await insertEvent(app.db, { merchantId: auth.merchantId, kind: OnboardingEventKind.COMMENT, message, actor: auth.username });
  return applicantView(app, req);
}

export async function submit(app: FastifyInstance, req: FastifyRequest, body: { version: number }): Promise<ApplicationView> {
  const auth = requireAuth(req);
  const row = await loadApplication(app, auth.merchantId);
  const data = dataOf(row);
  const missing = missingItems(data);
  if (missing.length > 0 && EDITABLE_STATUSES.includes(row.status as ApplicationStatusValue)) {
    throw new KeyedError('APPLICATION_INCOMPLETE', 'error.applicationIncomplete', { count: missing.length });
  }
  // A resubmission keeps an acceptance only while its item's content is the one accepted (hashed here, from the data
  // this version holds: the move below is conditional on it); the rest is decided again. The round before is kept
  // for the reviewer: what changed since, what was decided on it, which sections they had asked about.
  const hashes = await contentHashes(app.db, auth.merchantId, data);
  const stored = row.decisions as Record<string, StoredDecision>;
  const decisions = keptOnResubmission(stored, hashes);
  const seen = row.submittedHashes as Record<string, string>;
  const resubmission = row.submittedAt !== null && Object.keys(seen).length > 0;
  const previous: PreviousRound | null = resubmission ? { hashes: seen, decisions: stored, asked: await selectOpenRequestSections(app.db, auth.merchantId) } : null;
  const moved = await app.db.transaction(async (tx) => {
    if (!(await moveStatus(tx, auth.merchantId, EDITABLE_STATUSES, ApplicationStatus.SUBMITTED, { version: body.version, submitted: true, decisions, round: { hashes, previous } }))) return false;
    await resolveOpenRequests(tx, auth.merchantId);
    await insertEvent(tx, { merchantId: auth.merchantId, kind: OnboardingEventKind.SUBMITTED, actor: auth.username });
    return true;
  });
  if (!moved) throw await refusal(app, auth.merchantId);
  // Platform staff see it in their bell (the review queue is where they act on it).
  await tellMerchantAdmins(
    app.db,
    { merchantId: PLATFORM_MERCHANT_ID, titleKey: 'onboarding.staffNotice.title', contentKey: 'onboarding.staffNotice.content', params: { applicant: row.merchantName, merchantId: String(auth.merchantId) } },
    null,
    new Date(),
  );
  return applicantView(app, req);
}
