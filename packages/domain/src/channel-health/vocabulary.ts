/**
 * Channel health (issue 15): how each payment channel of a country is doing, from the final outcomes of its
 * collections and payouts, and the state staff mark it with (shown to merchants; a down channel takes no collection).
 */
import { z } from 'zod';

/** What staff marked a channel as. Operational is the absence of a mark. */
export const ChannelState = { OPERATIONAL: 'operational', DEGRADED: 'degraded', DOWN: 'down' } as const;
export type ChannelStateValue = (typeof ChannelState)[keyof typeof ChannelState];
export const CHANNEL_STATES = Object.values(ChannelState);
export const CHANNEL_STATE_COLORS: Readonly<Record<ChannelStateValue, string>> = { operational: 'green', degraded: 'orange', down: 'red' };

/** The colour a success rate earns against the thresholds; `none`: no outcome in the window. */
export const HealthLevel = { GREEN: 'green', AMBER: 'amber', RED: 'red', NONE: 'none' } as const;
export type HealthLevelValue = (typeof HealthLevel)[keyof typeof HealthLevel];
export const HEALTH_LEVEL_COLORS: Readonly<Record<HealthLevelValue, string>> = { green: 'green', amber: 'orange', red: 'red', none: 'default' };

/** Whose outcomes a row counts: the channel's collections or its payouts. */
export const OutcomeKind = { COLLECTION: 'collection', PAYOUT: 'payout' } as const;
export type OutcomeKindValue = (typeof OutcomeKind)[keyof typeof OutcomeKind];
export const OUTCOME_KINDS = Object.values(OutcomeKind);

export const CHANNEL_HEALTH = {
  /** The windows a row shows, in minutes: 5, 15 and 60 minutes and the last 24 hours. */
  WINDOWS_MIN: [5, 15, 60, 1440] as const,
  /** The chart: this many buckets of BUCKET_MIN minutes up to now. */
  SERIES_BUCKETS: 24,
  SERIES_BUCKET_MIN: 60,
  /** Failure reasons listed per channel (the most frequent of the last 24 hours). */
  TOP_REASONS: 3,
  /** Default thresholds (staff change them on the page): green at or above, amber at or above, red below. */
  GREEN_MIN_RATE: 0.98,
  AMBER_MIN_RATE: 0.95,
  /** Outcomes are kept this long (hourly purge). */
  RETENTION_DAYS: 7,
  /** The page reloads itself this often. */
  REFRESH_MS: 30_000,
  MESSAGE_MAX_LENGTH: 500,
} as const;

export interface HealthThresholds {
  greenMin: number;
  amberMin: number;
}

/** The level of `succeeded` of `total` outcomes under the thresholds. */
export function healthLevel(succeeded: number, total: number, t: HealthThresholds): HealthLevelValue {
  if (total <= 0) return HealthLevel.NONE;
  const rate = succeeded / total;
  if (rate >= t.greenMin) return HealthLevel.GREEN;
  if (rate >= t.amberMin) return HealthLevel.AMBER;
  return HealthLevel.RED;
}

const rate = z.number().min(0).max(1);

/** Thresholds as staff send them (the server also refuses amber's floor above green's). */
export const healthThresholdsSchema = z.object({ greenMin: rate.describe('0..1: green at or above'), amberMin: rate.describe('0..1: amber at or above, red below') });

export const channelMarkSchema = z.object({
  currency: z.string().max(8),
  channel: z.number().int(),
  state: z.enum([ChannelState.OPERATIONAL, ChannelState.DEGRADED, ChannelState.DOWN]),
  message: z.string().max(CHANNEL_HEALTH.MESSAGE_MAX_LENGTH).describe('shown to merchants; required unless operational'),
});
export type ChannelMark = z.infer<typeof channelMarkSchema>;

export const healthWindowSchema = z.object({
  minutes: z.number(),
  total: z.number(),
  succeeded: z.number(),
  /** 0..1, null without outcomes. */
  rate: z.number().nullable(),
  p50Ms: z.number().nullable().describe('median time to final status, ms'),
  p95Ms: z.number().nullable(),
  level: z.enum([HealthLevel.GREEN, HealthLevel.AMBER, HealthLevel.RED, HealthLevel.NONE]),
});
export type HealthWindow = z.infer<typeof healthWindowSchema>;

export const channelHealthRowSchema = z.object({
  kind: z.enum([OutcomeKind.COLLECTION, OutcomeKind.PAYOUT]),
  channel: z.number(),
  state: z.enum([ChannelState.OPERATIONAL, ChannelState.DEGRADED, ChannelState.DOWN]),
  message: z.string(),
  markedBy: z.string().nullable(),
  markedAt: z.string().nullable(),
  windows: z.array(healthWindowSchema),
  /** The most frequent failure reasons of the last 24 hours: an i18n key each. */
  topReasons: z.array(z.object({ reasonKey: z.string(), count: z.number() })),
});
export type ChannelHealthRow = z.infer<typeof channelHealthRowSchema>;

export const channelHealthViewSchema = z.object({
  currency: z.string(),
  generatedAt: z.string(),
  thresholds: z.object({ greenMin: z.number(), amberMin: z.number() }),
  rows: z.array(channelHealthRowSchema),
});
export type ChannelHealthView = z.infer<typeof channelHealthViewSchema>;

export const healthBucketSchema = z.object({ start: z.string(), total: z.number(), succeeded: z.number(), rate: z.number().nullable() });
export type HealthBucket = z.infer<typeof healthBucketSchema>;
