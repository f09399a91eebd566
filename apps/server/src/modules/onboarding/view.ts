/**
 * The application as the applicant and as staff see it (domain ApplicationView): what is missing and the ownership
 * computed by the domain from the stored data, every referenced file with an authorised URL, the open and answered
 * requests, and the timeline (internal notes for staff only).
 */
import {
  EDITABLE_STATUSES,
  VIDEO_MAX_ATTEMPTS,
  applicationDataSchema,
  beneficialOwnership,
  completionPercent,
  fileIdsOf,
  missingItems,
  type ApplicationData,
  type ApplicationStatusValue,
  type ApplicationView,
  type FileView,
  type OnboardingEventView,
  type SectionDecisionView,
} from '@mg/domain';
import type { FastifyInstance } from 'fastify';
import { iso } from '../../lib/admin';
import { selectMerchantFiles } from '../files/queries';
import { fileView } from '../files/urls';
import { selectEvents, selectRequests, type ApplicationRow } from './queries';

/** Stored data read back through the schema: a row written before a schema change cannot break the page. */
export function dataOf(row: Pick<ApplicationRow, 'data'>): ApplicationData {
  const parsed = applicationDataSchema.safeParse(row.data);
  return parsed.success ? parsed.data : {};
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
    decisions: row.decisions as Record<string, SectionDecisionView>,
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
