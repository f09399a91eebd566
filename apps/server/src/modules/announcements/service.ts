/**
 * Announcements: written by the provider (or a merchant with announcement:publish) for one merchant or for all
 * (merchant_id null). Status machine draft -> released -> revoked; only drafts are edited. Every signed-in user
 * reads the released ones meant for its merchant, with a per-user read flag.
 */
import { ANNOUNCEMENT_STATUS, AnnouncementStatus, DomainError, type AnnouncementStatusValue } from '@mg/domain';
import { and, count, desc, eq, ilike, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/pool';
import { announcement, announcementRead } from '../../db/schema';
import { requireAuth } from '../auth';
import { containsPattern, iso, notFound, offsetOf, orderOf, pageOf, type Page } from '../../lib/admin';
import { ownScope, type Scope } from '../auth/scope';


type Row = typeof announcement.$inferSelect;

export interface AnnouncementView {
  id: number;
  merchantId: number | null;
  title: string;
  content: string;
  priority: string;
  status: string;
  releasedAt: string | null;
  revokedAt: string | null;
  createdBy: string | null;
  createTime: string | null;
}

export interface UserAnnouncementView extends AnnouncementView {
  read: boolean;
}

function view(r: Row): AnnouncementView {
  return {
    id: r.id,
    merchantId: r.merchantId,
    title: r.title,
    content: r.content,
    priority: r.priority,
    status: r.status,
    releasedAt: iso(r.releasedAt),
    revokedAt: iso(r.revokedAt),
    createdBy: r.createdBy,
    createTime: iso(r.createdAt),
  };
}

/** For one merchant: its own and the global ones. Platform staff without a filter: every announcement. */
function visibleWhere(scope: Scope): SQL | undefined {
  if (scope.all) return undefined;
  return or(
    isNull(announcement.merchantId),
    scope.ids.length > 0 ? inArray(announcement.merchantId, scope.ids) : sql`false`,
  );
}

/** Announcements the caller may change: platform staff any; others only their own merchant's. */
function changeableWhere(req: FastifyRequest): SQL | undefined {
  const auth = requireAuth(req);
  return auth.isPlatform ? undefined : eq(announcement.merchantId, auth.merchantId);
}

export async function listForUser(
  db: Db,
  req: FastifyRequest,
  limit: number,
): Promise<{ unreadCount: number; records: UserAnnouncementView[] }> {
  const auth = requireAuth(req);
  const where = and(
    eq(announcement.status, AnnouncementStatus.RELEASED),
    or(isNull(announcement.merchantId), eq(announcement.merchantId, auth.merchantId)),
  );
  const readJoin = and(
    eq(announcementRead.announcementId, announcement.id),
    eq(announcementRead.userId, auth.userId),
  );
  const rows = await db
    .select({ a: announcement, readAt: announcementRead.readAt })
    .from(announcement)
    .leftJoin(announcementRead, readJoin)
    .where(where)
    .orderBy(desc(announcement.releasedAt), desc(announcement.id))
    .limit(limit);
  const [unread] = await db
    .select({ n: count() })
    .from(announcement)
    .leftJoin(announcementRead, readJoin)
    .where(and(where, isNull(announcementRead.announcementId)));
  return {
    unreadCount: unread?.n ?? 0,
    records: rows.map((r) => ({ ...view(r.a), read: r.readAt !== null })),
  };
}

export async function markRead(db: Db, req: FastifyRequest, id: number): Promise<void> {
  const auth = requireAuth(req);
  const rows = await db
    .select({ id: announcement.id })
    .from(announcement)
    .where(
      and(
        eq(announcement.id, id),
        eq(announcement.status, AnnouncementStatus.RELEASED),
        or(isNull(announcement.merchantId), eq(announcement.merchantId, auth.merchantId)),
      ),
    )
    .limit(1);
  if (!rows[0]) throw notFound();
  await db.insert(announcementRead).values({ announcementId: id, userId: auth.userId }).onConflictDoNothing();
}

const SORT = {
  title: announcement.title,
  status: announcement.status,
  priority: announcement.priority,
  releasedAt: announcement.releasedAt,
  createTime: announcement.createdAt,
} as const;

export async function listAnnouncements(
  db: Db,
  req: FastifyRequest,
  q: {
    pageNo: number;
    pageSize: number;
    column?: string;
    order?: 'asc' | 'desc';
    merchantId?: number;
    title?: string;
    status?: string;
  },
): Promise<Page<AnnouncementView>> {
  const where = and(
    visibleWhere(ownScope(req, q.merchantId)),
    q.title ? ilike(announcement.title, containsPattern(q.title)) : undefined,
    q.status ? eq(announcement.status, q.status) : undefined,
  );
  const orderBy = orderOf(SORT, q.column, q.order, [desc(announcement.createdAt)], announcement.id);
  const [n] = await db.select({ n: count() }).from(announcement).where(where);
  const rows = await db
    .select()
    .from(announcement)
    .where(where)
    .orderBy(...orderBy)
    .limit(q.pageSize)
    .offset(offsetOf(q));
  return pageOf(rows.map(view), n?.n ?? 0, q);
}

export interface AnnouncementInput {
  title: string;
  content: string;
  priority?: 'L' | 'M' | 'H' | undefined;
  merchantId?: number | null | undefined;
}

export async function addAnnouncement(
  db: Db,
  req: FastifyRequest,
  input: AnnouncementInput,
): Promise<AnnouncementView> {
  const auth = requireAuth(req);
  const merchantId = auth.isPlatform ? (input.merchantId ?? null) : auth.merchantId;
  const [row] = await db
    .insert(announcement)
    .values({
      merchantId,
      title: input.title,
      content: input.content,
      priority: input.priority ?? 'M',
      createdBy: auth.username,
    })
    .returning();
  return view(row!);
}

async function changeable(db: Db, req: FastifyRequest, id: number): Promise<Row> {
  const rows = await db
    .select()
    .from(announcement)
    .where(and(eq(announcement.id, id), changeableWhere(req)))
    .limit(1);
  if (!rows[0]) throw notFound();
  return rows[0];
}

function invalidTransition(from: string, to: string): DomainError {
  return new DomainError('STATE_TRANSITION_INVALID', { from, to });
}

export async function editAnnouncement(
  db: Db,
  req: FastifyRequest,
  input: AnnouncementInput & { id: number },
): Promise<AnnouncementView> {
  const auth = requireAuth(req);
  const a = await changeable(db, req, input.id);
  if (a.status !== AnnouncementStatus.DRAFT) throw invalidTransition(a.status, AnnouncementStatus.DRAFT);
  const [row] = await db
    .update(announcement)
    .set({
      title: input.title,
      content: input.content,
      priority: input.priority ?? a.priority,
      merchantId: auth.isPlatform
        ? input.merchantId === undefined
          ? a.merchantId
          : input.merchantId
        : a.merchantId,
    })
    .where(
      and(eq(announcement.id, a.id), eq(announcement.status, AnnouncementStatus.DRAFT), changeableWhere(req)),
    )
    .returning();
  if (!row) throw invalidTransition(a.status, AnnouncementStatus.DRAFT);
  return view(row);
}

/** draft -> released, released -> revoked; anything else 422 STATE_TRANSITION_INVALID. */
export async function transition(
  db: Db,
  req: FastifyRequest,
  id: number,
  to: AnnouncementStatusValue,
): Promise<AnnouncementView> {
  const a = await changeable(db, req, id);
  if (!ANNOUNCEMENT_STATUS.canTransition(a.status as AnnouncementStatusValue, to)) throw invalidTransition(a.status, to);
  const from = a.status as AnnouncementStatusValue;
  const [row] = await db
    .update(announcement)
    .set(
      to === AnnouncementStatus.RELEASED
        ? { status: to, releasedAt: sql`now()` as unknown as Date }
        : { status: to, revokedAt: sql`now()` as unknown as Date },
    )
    .where(and(eq(announcement.id, a.id), eq(announcement.status, from), changeableWhere(req)))
    .returning();
  if (!row) throw invalidTransition(a.status, to);
  return view(row);
}
