/**
 * Announcements: written by the provider (or a merchant with announcements:publish) for one merchant or for all
 * (merchant_id null). Status machine draft -> released -> revoked; only drafts are edited. Every signed-in user
 * reads the released ones meant for its merchant, with a per-user read flag.
 */
import { ANNOUNCEMENT_DEFAULT_PRIORITY, ANNOUNCEMENT_STATUS, AnnouncementStatus, DomainError, type AnnouncementPriority, type AnnouncementStatusValue } from '@mg/domain';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/pool';
import { notFound } from '../../lib/admin';
import { requireAuth } from '../auth';
import {
  insertAnnouncement,
  insertRead,
  selectChangeable,
  selectReleasedForUser,
  toAnnouncementRecord,
  updateDraft,
  updateStatus,
  type AnnouncementRecord,
  type AnnouncementRow,
} from './queries';

export type { AnnouncementRecord } from './queries';

export interface UserAnnouncementView extends AnnouncementRecord {
  read: boolean;
}

/** The merchant whose announcements the caller may change: platform staff any (undefined), others their own. */
function ownerOf(req: FastifyRequest): number | undefined {
  const auth = requireAuth(req);
  return auth.isPlatform ? undefined : auth.merchantId;
}

export async function listForUser(db: Db, req: FastifyRequest, limit: number): Promise<{ unreadCount: number; records: UserAnnouncementView[] }> {
  const auth = requireAuth(req);
  const { unreadCount, rows } = await selectReleasedForUser(db, auth.merchantId, auth.userId, limit);
  return { unreadCount, records: rows.map((r) => ({ ...toAnnouncementRecord(r.row), read: r.read })) };
}

export async function markRead(db: Db, req: FastifyRequest, id: number): Promise<void> {
  const auth = requireAuth(req);
  if (!(await insertRead(db, id, auth.merchantId, auth.userId))) throw notFound();
}

export interface AnnouncementInput {
  title: string;
  content: string;
  priority?: AnnouncementPriority | undefined;
  merchantId?: number | null | undefined;
}

export async function addAnnouncement(db: Db, req: FastifyRequest, input: AnnouncementInput): Promise<AnnouncementRecord> {
  const auth = requireAuth(req);
  const row = await insertAnnouncement(db, {
    merchantId: auth.isPlatform ? (input.merchantId ?? null) : auth.merchantId,
    title: input.title,
    content: input.content,
    priority: input.priority ?? ANNOUNCEMENT_DEFAULT_PRIORITY,
    createdBy: auth.username,
  });
  return toAnnouncementRecord(row);
}

async function changeable(db: Db, req: FastifyRequest, id: number): Promise<AnnouncementRow> {
  const row = await selectChangeable(db, id, ownerOf(req));
  if (!row) throw notFound();
  return row;
}

function invalidTransition(from: string, to: string): DomainError {
  return new DomainError('STATE_TRANSITION_INVALID', { from, to });
}

export async function editAnnouncement(db: Db, req: FastifyRequest, input: AnnouncementInput & { id: number }): Promise<AnnouncementRecord> {
  const auth = requireAuth(req);
  const a = await changeable(db, req, input.id);
  if (a.status !== AnnouncementStatus.DRAFT) throw invalidTransition(a.status, AnnouncementStatus.DRAFT);
  const row = await updateDraft(db, a.id, ownerOf(req), {
    title: input.title,
    content: input.content,
    priority: input.priority ?? a.priority,
    // Only platform staff choose the audience; a merchant's announcement stays its own.
    merchantId: auth.isPlatform && input.merchantId !== undefined ? input.merchantId : a.merchantId,
  });
  if (!row) throw invalidTransition(a.status, AnnouncementStatus.DRAFT);
  return toAnnouncementRecord(row);
}

/** draft -> released, released -> revoked; anything else 422 STATE_TRANSITION_INVALID. */
export async function transition(db: Db, req: FastifyRequest, id: number, to: AnnouncementStatusValue): Promise<AnnouncementRecord> {
  const a = await changeable(db, req, id);
  const from = a.status as AnnouncementStatusValue;
  if (!ANNOUNCEMENT_STATUS.canTransition(from, to)) throw invalidTransition(a.status, to);
  const row = await updateStatus(db, a.id, ownerOf(req), from, to);
  if (!row) throw invalidTransition(a.status, to);
  return toAnnouncementRecord(row);
}
