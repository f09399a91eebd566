/**
 * Channel health as the page shows it: every collection channel of a currency's products and every payout channel
 * of its destinations (and any other channel that has outcomes), with its mark, its windows coloured by the
 * thresholds and its most frequent failure reasons; the chart's buckets; the marks the payment path honours.
 */
import {
  CHANNEL_HEALTH,
  ChannelState,
  collectionFailureKey,
  healthLevel,
  isCollectionFailureReason,
  OutcomeKind,
  payoutDestinationsOf,
  payoutFailureReason,
  type ChannelHealthRow,
  type ChannelHealthView,
  type ChannelStateValue,
  type CurrencyCode,
  type HealthBucket,
  type HealthThresholds,
  type OutcomeKindValue,
} from '@mg/domain';
import type { DbLike } from '../../db/pool';
import { readConfig, type ConfigRead } from '../../db/config-cache';
import { fieldError } from '../../lib/errors';
import { failureReasons, productChannels, selectMarks, selectThresholds, seriesFigures, windowFigures, writeMark, writeThresholds, type WindowFigures } from './queries';

const MINUTE_MS = 60_000;

function reasonKey(kind: OutcomeKindValue, reason: string): string {
  if (kind === OutcomeKind.COLLECTION) return isCollectionFailureReason(reason) ? collectionFailureKey(reason) : reason;
  return payoutFailureReason(reason)?.messageKey ?? reason;
}

const rowKey = (kind: string, channel: number) => `${kind}:${channel}`;
const EMPTY: WindowFigures = { total: 0, succeeded: 0, p50Ms: null, p95Ms: null };

export async function channelHealth(db: DbLike, currency: CurrencyCode, now: Date): Promise<ChannelHealthView> {
  const [figures, reasons, marks, thresholds, channels] = await Promise.all([
    windowFigures(db, currency, now),
    failureReasons(db, currency, now),
    selectMarks(db, currency),
    selectThresholds(db),
    productChannels(db, currency),
  ]);
  const keys = new Map<string, { kind: OutcomeKindValue; channel: number }>();
  const add = (kind: OutcomeKindValue, channel: number) => keys.set(rowKey(kind, channel), { kind, channel });
  for (const c of channels) add(OutcomeKind.COLLECTION, c);
  for (const d of payoutDestinationsOf(currency)) add(OutcomeKind.PAYOUT, d.channel);
  for (const f of figures) add(f.kind, f.channel);

  const byKey = new Map(figures.map((f) => [rowKey(f.kind, f.channel), f]));
  const marksOf = new Map(marks.map((m) => [m.channel, m]));
  const rows: ChannelHealthRow[] = [...keys.values()]
    .sort((a, b) => (a.kind === b.kind ? a.channel - b.channel : a.kind === OutcomeKind.COLLECTION ? -1 : 1))
    .map(({ kind, channel }) => {
      const f = byKey.get(rowKey(kind, channel));
      // A mark is set on a channel of the currency; a payout channel shares its code's mark with collections.
      const mark = marksOf.get(channel);
      return {
        kind,
        channel,
        state: (mark?.state ?? ChannelState.OPERATIONAL) as ChannelStateValue,
        message: mark?.message ?? '',
        markedBy: mark?.updatedBy ?? null,
        markedAt: mark ? mark.updatedAt.toISOString() : null,
        windows: CHANNEL_HEALTH.WINDOWS_MIN.map((minutes, i) => {
          const w = f?.windows[i] ?? EMPTY;
          return { minutes, ...w, rate: w.total > 0 ? w.succeeded / w.total : null, level: healthLevel(w.succeeded, w.total, thresholds) };
        }),
        topReasons: reasons
          .filter((r) => r.kind === kind && r.channel === channel)
          .slice(0, CHANNEL_HEALTH.TOP_REASONS)
          .map((r) => ({ reasonKey: reasonKey(kind, r.reason), count: r.count })),
      };
    });
  return { currency, generatedAt: now.toISOString(), thresholds, rows };
}

export async function channelSeries(db: DbLike, q: { currency: CurrencyCode; kind: OutcomeKindValue; channel: number; now: Date }): Promise<HealthBucket[]> {
  const figures = await seriesFigures(db, q);
  const byBucket = new Map(figures.map((f) => [f.bucket, f]));
  const bucketMs = CHANNEL_HEALTH.SERIES_BUCKET_MIN * MINUTE_MS;
  const start = q.now.getTime() - CHANNEL_HEALTH.SERIES_BUCKETS * bucketMs;
  return Array.from({ length: CHANNEL_HEALTH.SERIES_BUCKETS }, (_v, i) => {
    const f = byBucket.get(i);
    const total = f?.total ?? 0;
    const succeeded = f?.succeeded ?? 0;
    return { start: new Date(start + i * bucketMs).toISOString(), total, succeeded, rate: total > 0 ? succeeded / total : null };
  });
}

/** The channels of a currency staff marked down, read through the configuration cache on the payment path. */
export async function downChannels(db: DbLike, currency: CurrencyCode, config?: ConfigRead): Promise<ReadonlySet<number>> {
  return readConfig(config, `channel-down:${currency}`, async () => {
    const marks = await selectMarks(db, currency);
    return new Set(marks.filter((m) => m.state === ChannelState.DOWN).map((m) => m.channel));
  });
}

/**
 * Marks a channel of a currency (operational clears its mark). Degraded or down tell merchants why: the message is
 * required then (400 on `message`). Answers the message as stored (trimmed).
 */
export async function markChannel(db: DbLike, m: { currency: CurrencyCode; channel: number; state: ChannelStateValue; message: string; by: string; now: Date }): Promise<string> {
  const message = m.message.trim();
  if (m.state !== ChannelState.OPERATIONAL && message === '') throw fieldError('message', 'channel-health.messageRequired');
  await writeMark(db, { ...m, message });
  return message;
}

/** Stores the thresholds; amber's floor may not be above green's (400 on `amberMin`). */
export async function saveThresholds(db: DbLike, t: HealthThresholds & { by: string }): Promise<void> {
  if (t.amberMin > t.greenMin) throw fieldError('amberMin', 'channel-health.amberAboveGreen');
  await writeThresholds(db, t);
}
