/** SQL of onboarding applications, their requests for information and their timeline. */
import {
  ApplicationStatus,
  EDITABLE_STATUSES,
  MerchantStatus,
  OnboardingEventKind,
  REVIEWABLE_STATUSES,
  VIDEO_MAX_ATTEMPTS,
  completionPercent,
  onboardingList,
  type ApplicationData,
  type ApplicationStatusValue,
  type ListRecord,
  type OnboardingSectionValue,
  type PreviousRound,
} from '@mg/domain';
import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { DbLike } from '../../db/pool';
import { merchant, onboardingApplication, onboardingEvent, onboardingRequest } from '../../db/schema';
import { iso } from '../../lib/admin';
import { newestFirst } from '../../lib/list/order';
import { pagedSource } from '../../lib/list/source';
import { scopeWhere } from '../auth/scope';

export type ApplicationRow = typeof onboardingApplication.$inferSelect & { merchantName: string; brand: string };
export type EventRow = typeof onboardingEvent.$inferSelect;
export type RequestRow = typeof onboardingRequest.$inferSelect;

const withMerchant = {
  merchantId: onboardingApplication.merchantId,
  status: onboardingApplication.status,
  data: onboardingApplication.data,
  decisions: onboardingApplication.decisions,
  submittedHashes: onboardingApplication.submittedHashes,
  previousRound: onboardingApplication.previousRound,
  version: onboardingApplication.version,
  videoAttempts: onboardingApplication.videoAttempts,
  videoPhrase: onboardingApplication.videoPhrase,
  submittedAt: onboardingApplication.submittedAt,
  decidedAt: onboardingApplication.decidedAt,
  createdAt: onboardingApplication.createdAt,
  updatedAt: onboardingApplication.updatedAt,
  merchantName: merchant.name,
  brand: merchant.brand,
};

export async function selectApplication(db: DbLike, merchantId: number): Promise<ApplicationRow | undefined> {
  const [r] = await db.select(withMerchant).from(onboardingApplication).innerJoin(merchant, eq(merchant.id, onboardingApplication.merchantId)).where(eq(onboardingApplication.merchantId, merchantId)).limit(1);
  return r;
}

/**
 * The merchant's application, created on first read (true when this call created it): a draft, or approved for a
 * merchant that was already live before onboarding existed (the demo merchants, ones an operator activated).
 */
export async function ensureApplication(db: DbLike, merchantId: number): Promise<boolean> {
  const res = await db.execute(sql`
    insert into ${onboardingApplication} (merchant_id, status, decided_at)
    select m.id, case when m.status = ${MerchantStatus.ACTIVE} then ${ApplicationStatus.APPROVED} else ${ApplicationStatus.DRAFT} end,
           case when m.status = ${MerchantStatus.ACTIVE} then now() end
    from ${merchant} m where m.id = ${merchantId}
    on conflict do nothing`);
  return (res.rowCount ?? 0) > 0;
}

/**
 * One section replaced, only while the applicant may edit and only over the version the applicant saw; undefined
 * when nothing was written (the caller reads the row to say why: locked or saved meanwhile).
 */
export async function updateSection(db: DbLike, merchantId: number, section: OnboardingSectionValue, value: unknown, version: number): Promise<boolean> {
  const r = await db
    .update(onboardingApplication)
    .set({
      data: sql`jsonb_set(${onboardingApplication.data}, array[${section}::text], ${JSON.stringify(value)}::jsonb, true)`,
      version: sql`${onboardingApplication.version} + 1`,
      updatedAt: sql`now()`,
    })
    .where(and(eq(onboardingApplication.merchantId, merchantId), eq(onboardingApplication.version, version), inArray(onboardingApplication.status, [...EDITABLE_STATUSES])))
    .returning({ m: onboardingApplication.merchantId });
  return r.length > 0;
}

/** Hands out the phrase of the next recording, while attempts are left. */
export async function setVideoPhrase(db: DbLike, merchantId: number, phrase: string): Promise<boolean> {
  const r = await db
    .update(onboardingApplication)
    .set({ videoPhrase: phrase, updatedAt: sql`now()` })
    .where(and(eq(onboardingApplication.merchantId, merchantId), inArray(onboardingApplication.status, [...EDITABLE_STATUSES]), sql`${onboardingApplication.videoAttempts} < ${VIDEO_MAX_ATTEMPTS}`))
    .returning({ m: onboardingApplication.merchantId });
  return r.length > 0;
}

/** Appends a recording of the phrase handed out last and counts the attempt; false when none was handed out. */
export async function appendRecording(db: DbLike, merchantId: number, rec: { fileId: string; seconds: number; at: string }): Promise<boolean> {
  const entry = sql`jsonb_build_object('fileId', ${rec.fileId}::text, 'phrase', ${onboardingApplication.videoPhrase}, 'seconds', ${rec.seconds}::numeric, 'at', ${rec.at}::text)`;
  const r = await db
    .update(onboardingApplication)
    .set({
      data: sql`jsonb_set(${onboardingApplication.data}, '{videoIdentification}', jsonb_build_object('recordings', coalesce(${onboardingApplication.data} #> '{videoIdentification,recordings}', '[]'::jsonb) || jsonb_build_array(${entry})), true)`,
      videoAttempts: sql`${onboardingApplication.videoAttempts} + 1`,
      videoPhrase: null,
      version: sql`${onboardingApplication.version} + 1`,
      updatedAt: sql`now()`,
    })
    .where(
      and(
        eq(onboardingApplication.merchantId, merchantId),
        inArray(onboardingApplication.status, [...EDITABLE_STATUSES]),
        sql`${onboardingApplication.videoPhrase} is not null`,
        sql`${onboardingApplication.videoAttempts} < ${VIDEO_MAX_ATTEMPTS}`,
      ),
    )
    .returning({ m: onboardingApplication.merchantId });
  return r.length > 0;
}

/** A status change from one of `from`, with the columns it sets; false when the application was not in `from`. */
export async function moveStatus(
  db: DbLike,
  merchantId: number,
  from: readonly ApplicationStatusValue[],
  to: ApplicationStatusValue,
  set: {
    version?: number;
    submitted?: boolean;
    decided?: boolean;
    decisions?: Record<string, unknown>;
    /** A submission: the content hashes submitted and the round before (null on a first submission). */
    round?: { hashes: Record<string, string>; previous: PreviousRound | null };
  } = {},
): Promise<boolean> {
  const r = await db
    .update(onboardingApplication)
    .set({
      status: to,
      version: sql`${onboardingApplication.version} + 1`,
      updatedAt: sql`now()`,
      ...(set.submitted ? { submittedAt: sql`now()` } : {}),
      ...(set.decided ? { decidedAt: sql`now()` } : {}),
      ...(set.decisions ? { decisions: set.decisions } : {}),
      ...(set.round ? { submittedHashes: set.round.hashes, previousRound: set.round.previous } : {}),
    })
    .where(and(eq(onboardingApplication.merchantId, merchantId), inArray(onboardingApplication.status, [...from]), set.version === undefined ? undefined : eq(onboardingApplication.version, set.version)))
    .returning({ m: onboardingApplication.merchantId });
  return r.length > 0;
}

/** A decision under its key (domain decisionKey: a section, or one of its documents). */
export async function setDecision(db: DbLike, merchantId: number, key: string, decision: unknown): Promise<boolean> {
  const r = await db
    .update(onboardingApplication)
    .set({ decisions: sql`jsonb_set(${onboardingApplication.decisions}, array[${key}::text], ${JSON.stringify(decision)}::jsonb, true)`, updatedAt: sql`now()` })
    .where(and(eq(onboardingApplication.merchantId, merchantId), inArray(onboardingApplication.status, [...REVIEWABLE_STATUSES])))
    .returning({ m: onboardingApplication.merchantId });
  return r.length > 0;
}

/**
 * A decision under its key only where none is kept yet ("accept the unchanged sections": a decision another reviewer
 * took meanwhile stands); false when the key was decided meanwhile or the application is no longer reviewable.
 */
export async function setDecisionIfAbsent(db: DbLike, merchantId: number, key: string, decision: unknown): Promise<boolean> {
  const r = await db
    .update(onboardingApplication)
    .set({ decisions: sql`jsonb_set(${onboardingApplication.decisions}, array[${key}::text], ${JSON.stringify(decision)}::jsonb, true)`, updatedAt: sql`now()` })
    .where(and(eq(onboardingApplication.merchantId, merchantId), inArray(onboardingApplication.status, [...REVIEWABLE_STATUSES]), sql`not (${onboardingApplication.decisions} ? ${key}::text)`))
    .returning({ m: onboardingApplication.merchantId });
  return r.length > 0;
}

export async function activateMerchant(db: DbLike, merchantId: number): Promise<void> {
  await db.update(merchant).set({ status: MerchantStatus.ACTIVE }).where(eq(merchant.id, merchantId));
}

export async function insertEvent(db: DbLike, e: typeof onboardingEvent.$inferInsert): Promise<void> {
  await db.insert(onboardingEvent).values(e);
}

/**
 * A "saved" entry for a section, unless the timeline's last entry is already that section's save within
 * `withinMinutes`: autosave writes every few seconds, the timeline says once per sitting what was edited.
 */
export async function noteSaved(db: DbLike, merchantId: number, section: string, actor: string, withinMinutes: number): Promise<void> {
  await db.execute(sql`
    insert into ${onboardingEvent} (merchant_id, kind, section, actor)
    select ${merchantId}, ${OnboardingEventKind.SAVED}, ${section}, ${actor}
    where not exists (
      select 1 from (select kind, section, at from ${onboardingEvent} where merchant_id = ${merchantId} order by id desc limit 1) last
      where last.kind = ${OnboardingEventKind.SAVED} and last.section = ${section} and last.at > now() - make_interval(mins => ${withinMinutes}))`);
}

export function selectEvents(db: DbLike, merchantId: number, withInternal: boolean): Promise<EventRow[]> {
  return db
    .select()
    .from(onboardingEvent)
    .where(and(eq(onboardingEvent.merchantId, merchantId), withInternal ? undefined : eq(onboardingEvent.internal, false)))
    .orderBy(asc(onboardingEvent.id));
}

export async function insertRequest(db: DbLike, r: typeof onboardingRequest.$inferInsert): Promise<void> {
  await db.insert(onboardingRequest).values(r);
}

export function selectRequests(db: DbLike, merchantId: number): Promise<RequestRow[]> {
  return db.select().from(onboardingRequest).where(eq(onboardingRequest.merchantId, merchantId)).orderBy(desc(onboardingRequest.id));
}

/** Sections with a request for information not yet answered (a resubmission answers them; the round remembers which). */
export async function selectOpenRequestSections(db: DbLike, merchantId: number): Promise<string[]> {
  const rows = await db
    .selectDistinct({ section: onboardingRequest.section })
    .from(onboardingRequest)
    .where(and(eq(onboardingRequest.merchantId, merchantId), isNull(onboardingRequest.resolvedAt)));
  return rows.map((r) => r.section);
}

export async function resolveOpenRequests(db: DbLike, merchantId: number): Promise<void> {
  await db.update(onboardingRequest).set({ resolvedAt: sql`now()` }).where(and(eq(onboardingRequest.merchantId, merchantId), isNull(onboardingRequest.resolvedAt)));
}

type QueueRecord = ListRecord<typeof onboardingList>;

const openRequests = sql<number>`(select count(*)::int from ${onboardingRequest} r where r.merchant_id = ${onboardingApplication.merchantId} and r.resolved_at is null)`;

/** The staff review queue (platform staff in practice: onboarding:menu is platform-only). */
export const onboardingSource = pagedSource({
  list: onboardingList,
  where: (q, ctx) => and(scopeWhere(onboardingApplication.merchantId, ctx.scope), q.status?.length ? inArray(onboardingApplication.status, q.status) : undefined),
  order: newestFirst(onboardingApplication, onboardingApplication.updatedAt, onboardingApplication.merchantId, Number),
  sort: { merchantId: onboardingApplication.merchantId, status: onboardingApplication.status, submittedAt: onboardingApplication.submittedAt, updatedAt: onboardingApplication.updatedAt },
  countFrom: sql`${onboardingApplication}`,
  read: async (db, where, o): Promise<QueueRecord[]> => {
    const rows = await db
      .select({ ...withMerchant, openRequests })
      .from(onboardingApplication)
      .innerJoin(merchant, eq(merchant.id, onboardingApplication.merchantId))
      .where(where)
      .orderBy(...o.orderBy)
      .limit(o.limit)
      .offset(o.offset ?? 0);
    return rows.map((r) => {
      const data = r.data as ApplicationData;
      return {
        merchantId: r.merchantId,
        merchantName: r.merchantName,
        brand: r.brand,
        status: r.status,
        legalName: data.companyInfo?.legalName ?? null,
        completion: completionPercent(data),
        openRequests: Number(r.openRequests),
        submittedAt: iso(r.submittedAt),
        updatedAt: r.updatedAt.toISOString(),
      };
    });
  },
});
