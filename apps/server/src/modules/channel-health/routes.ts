/**
 * Channel health (spec §2 /common/channelHealth, tikipayStuff only; docs/api.md "Channel health"): the figures of a
 * currency's channels, one channel's chart, staff's marks and the thresholds. The outcomes are purged hourly.
 */
import {
  CHANNEL_HEALTH,
  channelHealthViewSchema,
  channelMarkSchema,
  ChannelState,
  healthBucketSchema,
  healthThresholdsSchema,
  OUTCOME_KINDS,
  Perm,
} from '@mg/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeOf, ok } from '../../lib/envelope';
import { fieldError } from '../../lib/errors';
import { currencyField, requestCurrency } from '../../lib/fields';
import { t } from '../../lib/i18n';
import { audit, requireAuth } from '../auth';
import { purgeOutcomes, writeMark, writeThresholds } from './queries';
import { channelHealth, channelSeries } from './service';

const tags = ['channel-health'];
const PURGE_EVERY_MS = 3_600_000;

const currencyQuery = z.object({ currency: z.string().max(8).optional().describe('default: the session currency') });

export const channelHealthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.jobs.every('channel-health.purge', PURGE_EVERY_MS, () => purgeOutcomes(app.db, new Date()));

  app.get(
    '/channel-health',
    {
      config: { permission: Perm.TIKIPAY_STAFF },
      schema: { tags, summary: "Every channel of a currency: its mark, success rate and time to final status over 5, 15, 60 minutes and 24 hours, top failure reasons", querystring: currencyQuery, response: { 200: envelopeOf(channelHealthViewSchema) } },
    },
    async (req) => ok(await channelHealth(app.db, requestCurrency(req, req.query.currency), new Date())),
  );

  app.get(
    '/channel-health/series',
    {
      config: { permission: Perm.TIKIPAY_STAFF },
      schema: {
        tags,
        summary: `One channel's outcomes per ${CHANNEL_HEALTH.SERIES_BUCKET_MIN} minutes over the last ${CHANNEL_HEALTH.SERIES_BUCKETS} buckets`,
        querystring: currencyQuery.extend({ kind: z.enum(OUTCOME_KINDS as [string, ...string[]]), channel: z.coerce.number().int() }),
        response: { 200: envelopeOf(z.array(healthBucketSchema)) },
      },
    },
    async (req) => {
      const kind = req.query.kind as (typeof OUTCOME_KINDS)[number];
      return ok(await channelSeries(app.db, { currency: requestCurrency(req, req.query.currency), kind, channel: req.query.channel, now: new Date() }));
    },
  );

  app.put(
    '/channel-health/mark',
    {
      config: { permission: Perm.CHANNEL_HEALTH_MARK },
      schema: { tags, summary: 'Mark a channel of a currency degraded or down with a message for merchants (operational clears it)', body: channelMarkSchema, response: { 200: envelopeOf(z.null()) } },
    },
    async (req) => {
      const auth = requireAuth(req);
      const b = req.body;
      const currency = currencyField(b.currency);
      const message = b.message.trim();
      if (b.state !== ChannelState.OPERATIONAL && message === '') throw fieldError('message', 'channel-health.messageRequired');
      await writeMark(app.db, { currency, channel: b.channel, state: b.state, message, by: auth.username, now: new Date() });
      await audit(app.db, req, 'channel_state_changed', { success: true, detail: { currency, channel: b.channel, state: b.state, message } });
      return ok(null, t(req.lang, 'error.operationSucceeded'));
    },
  );

  app.put(
    '/channel-health/thresholds',
    {
      config: { permission: Perm.CHANNEL_HEALTH_MARK },
      schema: { tags, summary: 'Set the success rates at which a window turns amber and red', body: healthThresholdsSchema, response: { 200: envelopeOf(z.null()) } },
    },
    async (req) => {
      const auth = requireAuth(req);
      const { greenMin, amberMin } = req.body;
      if (amberMin > greenMin) throw fieldError('amberMin', 'channel-health.amberAboveGreen');
      await writeThresholds(app.db, { greenMin, amberMin, by: auth.username });
      await audit(app.db, req, 'channel_thresholds_changed', { success: true, detail: { greenMin, amberMin } });
      return ok(null, t(req.lang, 'error.operationSucceeded'));
    },
  );
};
