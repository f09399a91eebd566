/**
 * The channel-health calls declared once (calls/define.ts), platform staff: the figures of a currency's channels,
 * one channel's chart, a channel's mark, and the thresholds of the colours.
 */
import { z } from 'zod';
import { defineCall } from '../calls/define';
import { CORE_PERM } from '../permission-codes';
import { CHANNEL_HEALTH_PERM } from './perm';
import { CHANNEL_HEALTH, OUTCOME_KINDS, channelHealthViewSchema, channelMarkSchema, healthBucketSchema, healthThresholdsSchema } from './vocabulary';

const channelHealthQuery = z.object({ currency: z.string().max(8).optional().describe('default: the session currency') });

export const channelHealthCalls = {
  view: defineCall({
    method: 'GET',
    path: '/channel-health',
    permission: CORE_PERM.TIKIPAY_STAFF,
    summary: 'Every channel of a currency: its mark, success rate and time to final status over 5, 15, 60 minutes and 24 hours, top failure reasons',
    query: channelHealthQuery,
    answer: channelHealthViewSchema,
  }),
  series: defineCall({
    method: 'GET',
    path: '/channel-health/series',
    permission: CORE_PERM.TIKIPAY_STAFF,
    summary: `One channel's outcomes per ${CHANNEL_HEALTH.SERIES_BUCKET_MIN} minutes over the last ${CHANNEL_HEALTH.SERIES_BUCKETS} buckets`,
    query: channelHealthQuery.extend({ kind: z.enum(OUTCOME_KINDS), channel: z.coerce.number().int() }),
    answer: z.array(healthBucketSchema),
  }),
  mark: defineCall({
    method: 'PUT',
    path: '/channel-health/mark',
    permission: CHANNEL_HEALTH_PERM.CHANNEL_HEALTH_MARK,
    summary: 'Mark a channel of a currency degraded or down with a message for merchants (operational clears it)',
    body: channelMarkSchema,
    answer: z.null(),
  }),
  thresholds: defineCall({
    method: 'PUT',
    path: '/channel-health/thresholds',
    permission: CHANNEL_HEALTH_PERM.CHANNEL_HEALTH_MARK,
    summary: 'Set the success rates at which a window turns amber and red',
    body: healthThresholdsSchema,
    answer: z.null(),
  }),
};
