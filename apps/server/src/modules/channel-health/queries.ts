/**
 * SQL of channel health: the outcomes of a currency per channel and window (rows written by migration 0019's
 * triggers, never by the app), the chart's buckets, the marks staff set and the thresholds.
 */
import { and, asc, eq, gte, lt, sql } from 'drizzle-orm';
import { CHANNEL_HEALTH, ChannelState, type ChannelStateValue, type CurrencyCode, type HealthThresholds, type OutcomeKindValue } from '@mg/domain';
import type { DbLike } from '../../db/pool';
import { channelHealthSetting, channelOutcome, channelState, product } from '../../db/schema';

const MINUTE_MS = 60_000;

export interface WindowFigures {
  total: number;
  succeeded: number;
  p50Ms: number | null;
  p95Ms: number | null;
}

export interface ChannelFigures {
  kind: OutcomeKindValue;
  channel: number;
  /** One per CHANNEL_HEALTH.WINDOWS_MIN, in that order. */
  windows: WindowFigures[];
}

const num = (v: unknown): number => Number(v ?? 0);
const numOrNull = (v: unknown): number | null => (v === null || v === undefined ? null : Math.round(Number(v)));

/**
 * Per kind and channel of a currency: outcomes, successes and the time to final status over each window up to
 * `now`. One pass over the longest window of the (currency, at) index.
 */
export async function windowFigures(db: DbLike, currency: CurrencyCode, now: Date): Promise<ChannelFigures[]> {
  const longest = Math.max(...CHANNEL_HEALTH.WINDOWS_MIN);
  const since = new Date(now.getTime() - longest * MINUTE_MS);
  // The window bounds are numbers of the domain, bound as parameters; nothing here comes from the request but the
  // currency, also bound.
  const cols = CHANNEL_HEALTH.WINDOWS_MIN.map((minutes, i) => {
    const from = new Date(now.getTime() - minutes * MINUTE_MS).toISOString();
    const inWindow = sql`${channelOutcome.at} > ${from}::timestamptz`;
    return sql`count(*) filter (where ${inWindow}) as ${sql.identifier(`n${i}`)},
      count(*) filter (where ${inWindow} and ${channelOutcome.success}) as ${sql.identifier(`s${i}`)},
      percentile_cont(0.5) within group (order by ${channelOutcome.durationMs}) filter (where ${inWindow}) as ${sql.identifier(`p50_${i}`)},
      percentile_cont(0.95) within group (order by ${channelOutcome.durationMs}) filter (where ${inWindow}) as ${sql.identifier(`p95_${i}`)}`;
  });
  const res = await db.execute<Record<string, unknown>>(sql`
    select ${channelOutcome.kind} as kind, ${channelOutcome.channel} as channel, ${sql.join(cols, sql`, `)}
    from ${channelOutcome}
    where ${channelOutcome.currency} = ${currency} and ${channelOutcome.at} > ${since.toISOString()}::timestamptz and ${channelOutcome.at} <= ${now.toISOString()}::timestamptz
    group by 1, 2
    order by 1, 2`);
  return res.rows.map((r) => ({
    kind: r.kind as OutcomeKindValue,
    channel: num(r.channel),
    windows: CHANNEL_HEALTH.WINDOWS_MIN.map((_m, i) => ({
      total: num(r[`n${i}`]),
      succeeded: num(r[`s${i}`]),
      p50Ms: numOrNull(r[`p50_${i}`]),
      p95Ms: numOrNull(r[`p95_${i}`]),
    })),
  }));
}

export interface ReasonCount {
  kind: OutcomeKindValue;
  channel: number;
  reason: string;
  count: number;
}

/** Failure reasons of the last 24 hours per kind and channel, most frequent first. */
export async function failureReasons(db: DbLike, currency: CurrencyCode, now: Date): Promise<ReasonCount[]> {
  const since = new Date(now.getTime() - Math.max(...CHANNEL_HEALTH.WINDOWS_MIN) * MINUTE_MS);
  const rows = await db
    .select({ kind: channelOutcome.kind, channel: channelOutcome.channel, reason: sql<string>`coalesce(${channelOutcome.reason}, '')`, count: sql<number>`count(*)::int` })
    .from(channelOutcome)
    .where(and(eq(channelOutcome.currency, currency), gte(channelOutcome.at, since), lt(channelOutcome.at, now), eq(channelOutcome.success, false)))
    .groupBy(channelOutcome.kind, channelOutcome.channel, sql`3`)
    .orderBy(sql`4 desc`, sql`3`);
  return rows.map((r) => ({ kind: r.kind as OutcomeKindValue, channel: r.channel, reason: r.reason, count: r.count }));
}

export interface BucketFigures {
  /** 0 = the oldest bucket. */
  bucket: number;
  total: number;
  succeeded: number;
}

/** The chart: CHANNEL_HEALTH.SERIES_BUCKETS buckets ending at `now`, of one kind and channel. */
export async function seriesFigures(db: DbLike, q: { currency: CurrencyCode; kind: OutcomeKindValue; channel: number; now: Date }): Promise<BucketFigures[]> {
  const bucketMs = CHANNEL_HEALTH.SERIES_BUCKET_MIN * MINUTE_MS;
  const since = new Date(q.now.getTime() - CHANNEL_HEALTH.SERIES_BUCKETS * bucketMs);
  const bucket = sql<number>`floor(extract(epoch from ${channelOutcome.at} - ${since.toISOString()}::timestamptz) * 1000 / ${bucketMs})::int`;
  const rows = await db
    .select({ bucket, total: sql<number>`count(*)::int`, succeeded: sql<number>`(count(*) filter (where ${channelOutcome.success}))::int` })
    .from(channelOutcome)
    .where(
      and(
        eq(channelOutcome.currency, q.currency),
        eq(channelOutcome.kind, q.kind),
        eq(channelOutcome.channel, q.channel),
        gte(channelOutcome.at, since),
        lt(channelOutcome.at, q.now),
      ),
    )
    .groupBy(sql`1`)
    .orderBy(sql`1`);
  return rows.map((r) => ({ bucket: Number(r.bucket), total: r.total, succeeded: r.succeeded }));
}

/** The channels of a currency's products, enabled or not (every one of them gets a row). */
export async function productChannels(db: DbLike, currency: CurrencyCode): Promise<number[]> {
  const rows = await db.selectDistinct({ channel: product.channel }).from(product).where(eq(product.currency, currency)).orderBy(asc(product.channel));
  return rows.map((r) => r.channel);
}

export type ChannelMarkRow = typeof channelState.$inferSelect;

/** The marks of a currency (degraded or down channels). */
export async function selectMarks(db: DbLike, currency: CurrencyCode): Promise<ChannelMarkRow[]> {
  return db.select().from(channelState).where(eq(channelState.currency, currency)).orderBy(asc(channelState.channel));
}

/** Sets a channel's mark; operational removes it. */
export async function writeMark(db: DbLike, m: { currency: CurrencyCode; channel: number; state: ChannelStateValue; message: string; by: string; now: Date }): Promise<void> {
  if (m.state === ChannelState.OPERATIONAL) {
    await db.delete(channelState).where(and(eq(channelState.currency, m.currency), eq(channelState.channel, m.channel)));
    return;
  }
  const values = { currency: m.currency, channel: m.channel, state: m.state, message: m.message, updatedBy: m.by, updatedAt: m.now };
  await db
    .insert(channelState)
    .values(values)
    .onConflictDoUpdate({ target: [channelState.currency, channelState.channel], set: { state: m.state, message: m.message, updatedBy: m.by, updatedAt: m.now } });
}

/** The thresholds: the stored row, else the domain's defaults. */
export async function selectThresholds(db: DbLike): Promise<HealthThresholds> {
  const [r] = await db.select().from(channelHealthSetting).where(eq(channelHealthSetting.id, 1)).limit(1);
  return r ? { greenMin: Number(r.greenMin), amberMin: Number(r.amberMin) } : { greenMin: CHANNEL_HEALTH.GREEN_MIN_RATE, amberMin: CHANNEL_HEALTH.AMBER_MIN_RATE };
}

export async function writeThresholds(db: DbLike, t: HealthThresholds & { by: string }): Promise<void> {
  const set = { greenMin: String(t.greenMin), amberMin: String(t.amberMin), updatedBy: t.by, updatedAt: sql`now()` };
  await db.insert(channelHealthSetting).values({ id: 1, ...set }).onConflictDoUpdate({ target: channelHealthSetting.id, set });
}

/** Drops outcomes older than the kept window; the count removed (not the rows: a first purge after a bulk load removes millions). */
export async function purgeOutcomes(db: DbLike, now: Date): Promise<number> {
  const before = new Date(now.getTime() - CHANNEL_HEALTH.RETENTION_DAYS * 24 * 60 * MINUTE_MS);
  const res = await db.execute(sql`delete from ${channelOutcome} where ${channelOutcome.at} < ${before.toISOString()}::timestamptz`);
  return res.rowCount ?? 0;
}
