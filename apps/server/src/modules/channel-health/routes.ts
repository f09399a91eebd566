/**
 * Channel health (spec §2 /common/channelHealth, tikipayStuff only; docs/api.md "Channel health"): the figures of a
 * currency's channels, one channel's chart, staff's marks and the thresholds. The outcomes are purged hourly.
 */
import { channelHealthCalls } from '@mg/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { callRoute } from '../../lib/call-route';
import { ok } from '../../lib/envelope';
import { currencyField, requestCurrency } from '../../lib/fields';
import { t } from '../../lib/i18n';
import { audit, requireAuth } from '../auth';
import { purgeOutcomes } from './queries';
import { channelHealth, channelSeries, markChannel, saveThresholds } from './service';

const tags = ['channel-health'];
const PURGE_EVERY_MS = 3_600_000;

export const channelHealthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.jobs.every('channel-health.purge', PURGE_EVERY_MS, () => purgeOutcomes(app.db, new Date()));

  app.get(channelHealthCalls.view.path, callRoute(channelHealthCalls.view, { tags }), async (req) => ok(await channelHealth(app.db, requestCurrency(req, req.query.currency), new Date())));

  app.get(channelHealthCalls.series.path, callRoute(channelHealthCalls.series, { tags }), async (req) =>
    ok(await channelSeries(app.db, { currency: requestCurrency(req, req.query.currency), kind: req.query.kind, channel: req.query.channel, now: new Date() })),
  );

  app.put(channelHealthCalls.mark.path, callRoute(channelHealthCalls.mark, { tags }), async (req) => {
    const auth = requireAuth(req);
    const b = req.body;
    const currency = currencyField(b.currency);
    const message = await markChannel(app.db, { currency, channel: b.channel, state: b.state, message: b.message, by: auth.username, now: new Date() });
    await audit(app.db, req, 'channel_state_changed', { success: true, detail: { currency, channel: b.channel, state: b.state, message } });
    return ok(null, t(req.lang, 'error.operationSucceeded'));
  });

  app.put(channelHealthCalls.thresholds.path, callRoute(channelHealthCalls.thresholds, { tags }), async (req) => {
    const auth = requireAuth(req);
    const { greenMin, amberMin } = req.body;
    await saveThresholds(app.db, { greenMin, amberMin, by: auth.username });
    await audit(app.db, req, 'channel_thresholds_changed', { success: true, detail: { greenMin, amberMin } });
    return ok(null, t(req.lang, 'error.operationSucceeded'));
  });
};
