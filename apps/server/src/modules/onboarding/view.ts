/**
 * The application as the applicant and as staff see it (domain ApplicationView): what is missing and the ownership
 * computed by the domain from the stored data, every referenced file with an authorised URL, the open and answered
 * requests, and the timeline (internal notes for staff only).
 */
import {
  EDITABLE_STATUSES,
  REVIEWABLE_STATUSES,
  VIDEO_MAX_ATTEMPTS,
  applicationDataSchema,
  beneficialOwnership,
  completionPercent,
  fileIdsOf,
  missingItems,
  reviewChanges,
  unchangedSections,
  type ApplicationData,
  type ApplicationStatusValue,
  type ApplicationView,
  type FileView,
  type OnboardingEventView,
  type PreviousRound,
  type ReviewRoundView,
  type SectionDecisionView,
  type StoredDecision,
} from '@mg/domain';
import type { FastifyInstance } from 'fastify';
import { iso } from '../../lib/admin';
import { selectMerchantFiles, type StoredFileRow } from '../files/queries';
import { fileView } from '../files/urls';
import { hashesOf } from './content';
import { selectEvents, selectRequests, type ApplicationRow } from './queries';

/** Stored data read back through the schema: a row written before a schema change cannot break the page. */
export function dataOf(row: Pick<ApplicationRow, 'data'>): ApplicationData {
  const parsed = applicationDataSchema.safeParse(row.data);
  return parsed.success ? parsed.data : {};
}

/** Decisions as the view shows them: without the content hash they were taken on (the server's to compare). */
function decisionsView(stored: unknown): Record<string, SectionDecisionView> {
  return Object.fromEntries(Object.entries((stored ?? {}) as Record<string, StoredDecision>).map(([key, { hash: _hash, ...d }]) => [key, d as SectionDecisionView]));
}

/**
 * After a resubmission, for staff: each item compared with the submission before, the decisions taken on it and what
 * "accept the unchanged sections" would accept. Hashed from the data as it is now (locked while it is reviewed).
 */
function roundOf(row: ApplicationRow, data: ApplicationData, files: readonly StoredFileRow[]): ReviewRoundView | null {
  const previous = row.previousRound as PreviousRound | null;
  if (!previous) return null;
  const hashes = hashesOf(data, files);
  const decisions = row.decisions as Record<string, StoredDecision>;
  return {
    changes: reviewChanges(previous, hashes),
    previous: decisionsView(previous.decisions),
    acceptable: REVIEWABLE_STATUSES.includes(row.status as ApplicationStatusValue) ? unchangedSections(previous, hashes, decisions, missingItems(data)) : [],
  };
}

export async function buildView(app: FastifyInstance, row: ApplicationRow, viewer: { userId: number; staff: boolean }): Promise<ApplicationView> {
  const data = dataOf(row);
  const [files, requests, events] = await Promise.all([
    selectMerchantFiles(app.db, row.merchantId, fileIdsOf(data)),
    selectRequests(app.db, row.merchantId),
    selectEvents(app.db, row.merchantId, viewer.staff),
  ]);
  const status = row.status as ApplicationStatusValue;
  return {
    merchantId: row.merchantId,
    merchantName: row.merchantName,
    brand: row.brand,
    status,
    editable: EDITABLE_STATUSES.includes(status),
    version: row.version,
    data,
    missing: missingItems(data),
    completion: completionPercent(data),
    ownership: beneficialOwnership(data),
    decisions: decisionsView(row.decisions),
    requests: requests.map((r) => ({
      id: r.id,
      section: r.section,
      field: r.field,
      message: r.message,
      dueDate: r.dueDate,
      createdBy: r.createdBy,
      createdAt: r.createdAt.toISOString(),
      resolvedAt: iso(r.resolvedAt),
    })),
    round: viewer.staff ? roundOf(row, data, files) : null,
    events: events.map(
      (e): OnboardingEventView => ({
        id: e.id,
        kind: e.kind as OnboardingEventView['kind'],
        section: e.section,
        field: e.field,
        message: e.message,
        internal: e.internal,
        actor: e.actor,
        at: e.at.toISOString(),
      }),
    ),
    files: Object.fromEntries(files.map((f): [string, FileView] => [f.id, fileView(app.fileUrlKey, f, viewer.userId)])),
    videoAttemptsLeft: Math.max(0, VIDEO_MAX_ATTEMPTS - row.videoAttempts),
    submittedAt: iso(row.submittedAt),
    decidedAt: iso(row.decidedAt),
    updatedAt: row.updatedAt.toISOString(),
  };
}
