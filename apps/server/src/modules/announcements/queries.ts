/**
 * SQL of announcements: the list (its source: lib/list/source.ts), the released ones of a user with read flags,
 * and the writes of the status machine. `owner` is the merchant whose announcements a caller may change (undefined:
 * platform staff, any).
 */
import { AnnouncementStatus, Role, announcementsList, type AnnouncementStatusValue, type ListRecord } from '@mg/domain';
import { and, count, desc, eq, ilike, inArray, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { DbLike } from '../../db/pool';
import { announcement, announcementRead, appUser, merchant, role, userRole } from '../../db/schema';
import { containsPattern, iso } from '../../lib/admin';
import { newestFirst } from '../../lib/list/order';
import { pagedSource } from '../../lib/list/source';
import type { Scope } from '../auth/scope';

export type AnnouncementRow = typeof announcement.$inferSelect;
export type AnnouncementRecord = ListRecord<typeof announcementsList>;

export function toAnnouncementRecord(r: AnnouncementRow): AnnouncementRecord {
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
    createdAt: r.createdAt.toISOString(),
  };
}

/** For merchants: their own and the global ones. Platform staff without a filter: every announcement. */
function visibleWhere(scope: Scope): SQL | undefined {
  if (scope.all) return undefined;
  return or(isNull(announcement.merchantId), scope.ids.length > 0 ? inArray(announcement.merchantId, scope.ids) : sql`false`);
}

export const announcementsSource = pagedSource({
  list: announcementsList,
  where: (q, ctx) =>
    and(
      visibleWhere(ctx.scope),
      q.title ? ilike(announcement.title, containsPattern(q.title)) : undefined,
      q.status?.length ? inArray(announcement.status, q.status) : undefined,
      q.priority?.length ? inArray(announcement.priority, q.priority) : undefined,
    ),
  order: newestFirst(announcement, announcement.createdAt, announcement.id),
  sort: {
    title: announcement.title,
    priority: announcement.priority,
    status: announcement.status,
    releasedAt: announcement.releasedAt,
    createdAt: announcement.createdAt,
  },
  countFrom: sql`${announcement}`,
  read: async (db, where, o) =>
    (await db.select().from(announcement).where(where).orderBy(...o.orderBy).limit(o.limit).offset(o.offset ?? 0)).map(toAnnouncementRecord),
});

/* The bell ------------------------------------------------------------------------------------------------- */

const releasedFor = (merchantId: number) =>
  and(eq(announcement.status, AnnouncementStatus.RELEASED), or(isNull(announcement.merchantId), eq(announcement.merchantId, merchantId)));

/** The latest released announcements for a user of a merchant, with the user's read flag, and its unread count. */
export async function selectReleasedForUser(db: DbLike, merchantId: number, userId: number, limit: number) {
  const readJoin = and(eq(announcementRead.announcementId, announcement.id), eq(announcementRead.userId, userId));
  const rows = await db
    .select({ a: announcement, readAt: announcementRead.readAt })
    .from(announcement)
    .leftJoin(announcementRead, readJoin)
    .where(releasedFor(merchantId))
    .orderBy(desc(announcement.releasedAt), desc(announcement.id))
    .limit(limit);
  const [unread] = await db
    .select({ n: count() })
    .from(announcement)
    .leftJoin(announcementRead, readJoin)
    .where(and(releasedFor(merchantId), isNull(announcementRead.announcementId)));
  return { unreadCount: unread?.n ?? 0, rows: rows.map((r) => ({ row: r.a, read: r.readAt !== null })) };
}

/** Marks a released announcement of the merchant read for the user; false when there is none with that id. */
export async function insertRead(db: DbLike, id: number, merchantId: number, userId: number): Promise<boolean> {
  const found = await db.select({ id: announcement.id }).from(announcement).where(and(eq(announcement.id, id), releasedFor(merchantId))).limit(1);
  if (!found[0]) return false;
  await db.insert(announcementRead).values({ announcementId: id, userId }).onConflictDoNothing();
  return true;
}

/* Writes --------------------------------------------------------------------------------------------------- */

const ownedBy = (owner: number | undefined) => (owner === undefined ? undefined : eq(announcement.merchantId, owner));

export async function insertAnnouncement(db: DbLike, values: typeof announcement.$inferInsert): Promise<AnnouncementRow> {
  const [row] = await db.insert(announcement).values(values).returning();
  return row!;
}

export async function selectChangeable(db: DbLike, id: number, owner: number | undefined): Promise<AnnouncementRow | undefined> {
  const rows = await db.select().from(announcement).where(and(eq(announcement.id, id), ownedBy(owner))).limit(1);
  return rows[0];
}

/** Rewrites a draft; undefined when it is no longer a draft. */
export async function updateDraft(
  db: DbLike,
  id: number,
  owner: number | undefined,
  set: Pick<AnnouncementRow, 'title' | 'content' | 'priority' | 'merchantId'>,
): Promise<AnnouncementRow | undefined> {
  const [row] = await db
    .update(announcement)
    .set(set)
    .where(and(eq(announcement.id, id), eq(announcement.status, AnnouncementStatus.DRAFT), ownedBy(owner)))
    .returning();
  return row;
}

/** Moves an announcement from `from` to `to`, stamping the release or the revocation; undefined when it moved meanwhile. */
export async function updateStatus(db: DbLike, id: number, owner: number | undefined, from: AnnouncementStatusValue, to: AnnouncementStatusValue): Promise<AnnouncementRow | undefined> {
  const [row] = await db
    .update(announcement)
    .set(to === AnnouncementStatus.RELEASED ? { status: to, releasedAt: sql`now()` as unknown as Date } : { status: to, revokedAt: sql`now()` as unknown as Date })
    .where(and(eq(announcement.id, id), eq(announcement.status, from), ownedBy(owner)))
    .returning();
  return row;
}

/** E-mail addresses of the merchant's admins (admin, business: role all, third_role_admin, crypto_role_admin), not frozen. */
export async function selectAdminEmails(db: DbLike, merchantId: number): Promise<string[]> {
  const rows = await db
    .selectDistinct({ email: appUser.email })
    .from(appUser)
    .innerJoin(userRole, eq(userRole.userId, appUser.id))
    .innerJoin(role, eq(role.id, userRole.roleId))
    .where(
      and(
        eq(appUser.merchantId, merchantId),
        eq(appUser.frozen, false),
        isNotNull(appUser.email),
        inArray(role.roleCode, [Role.ADMIN, Role.BUSINESS, Role.THIRD_ROLE_ADMIN, Role.CRYPTO_ROLE_ADMIN]),
      ),
    );
  return rows.flatMap((r) => (r.email ? [r.email] : []));
}

/** The name and brand a notice to a merchant is written with. */
export async function selectMerchantFace(db: DbLike, merchantId: number): Promise<{ name: string; brand: string } | undefined> {
  const [m] = await db.select({ name: merchant.name, brand: merchant.brand }).from(merchant).where(eq(merchant.id, merchantId)).limit(1);
  return m;
}
