/**
 * Webhook endpoint health (issue 15; docs/payments-api.md "Callbacks"): per address the merchant's callbacks went
 * to, the success rate of the attempts of the last days and the latest errors; a test event sent now and answered
 * with its result; the failed deliveries of a time range sent again once the endpoint is fixed.
 */
import { randomBytes } from 'node:crypto';
// The answer's shape and the test targets are declared in the domain (callbacks/endpoints.ts), where the calls read them.
import { CALLBACK_ENDPOINT, CallbackEvent, CallbackOrderKind, CallbackTestTarget as TestTarget, DomainError, type CallbackEndpointHealth as EndpointHealth, type CallbackTestTargetValue as TestTargetValue } from '@mg/domain';
import type { Db } from '../../db/pool';
import { fieldError } from '../../lib/errors';
import { deliveryOf } from './outbox';
import { tellMerchantAdmins, type AdminNotifier } from '../announcements/tell-admins';
import { disabledEndpoints, disableEndpoint, enableEndpoint, endpointFigures, failingEndpoints, insertTestDelivery, merchantCallbackUrls, mirrorNotifyStatus, recentFailures, reopenFailedDeliveries } from './queries';
import type { DeliverDeps } from './send';
import { resendDelivery } from './worker';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

export async function endpointHealth(db: Db, merchantId: number, now: Date): Promise<EndpointHealth> {
  const since = new Date(now.getTime() - CALLBACK_ENDPOINT.WINDOW_DAYS * DAY_MS);
  const [figures, failures, configured, disabled] = await Promise.all([
    endpointFigures(db, merchantId, since),
    recentFailures(db, merchantId, since, CALLBACK_ENDPOINT.RECENT_ERRORS),
    merchantCallbackUrls(db, merchantId),
    disabledEndpoints(db, merchantId),
  ]);
  const urls = [...new Set([configured?.collection, configured?.payout, ...figures.map((f) => f.url), ...disabled.map((d) => d.url)].filter((u): u is string => Boolean(u)))];
  return {
    windowDays: CALLBACK_ENDPOINT.WINDOW_DAYS,
    endpoints: urls.map((url) => {
      const f = figures.find((x) => x.url === url);
      return {
        url,
        configuredFor: [...(configured?.collection === url ? [TestTarget.COLLECTION] : []), ...(configured?.payout === url ? [TestTarget.PAYOUT] : [])],
        attempts: f?.attempts ?? 0,
        succeeded: f?.succeeded ?? 0,
        successRate: f && f.attempts > 0 ? f.succeeded / f.attempts : null,
        lastAttemptAt: f ? f.lastAttemptAt.toISOString() : null,
        lastSuccessAt: f?.lastSuccessAt ? f.lastSuccessAt.toISOString() : null,
        failedDeliveries: f?.failedDeliveries ?? 0,
        disabledAt: disabled.find((d) => d.url === url)?.disabledAt.toISOString() ?? null,
        recentErrors: failures.filter((e) => e.url === url).map((e) => ({ at: e.at.toISOString(), responseStatus: e.responseStatus, error: e.error, eventType: e.eventType })),
      };
    }),
  };
}

/** Sends a `webhook.test` event to the merchant's collection or payout address now; answers the attempt's outcome. */
export async function sendTestEvent(deps: DeliverDeps, merchantId: number, target: TestTargetValue) {
  const urls = await merchantCallbackUrls(deps.db, merchantId);
  if (!urls) throw new DomainError('NOT_FOUND');
  const url = target === TestTarget.PAYOUT ? urls.payout : urls.collection;
  if (!url) throw fieldError('target', 'developer.endpoints.noAddress');
  const orderId = `TEST-${randomBytes(6).toString('hex').toUpperCase()}`;
  const values = deliveryOf({
    merchantId,
    eventType: CallbackEvent.WEBHOOK_TEST,
    orderKind: target === TestTarget.PAYOUT ? CallbackOrderKind.PAYOUT : CallbackOrderKind.COLLECTION,
    orderId,
    url,
    data: { test: true, id: orderId, message: 'A test event from the dashboard: answer 2xx to acknowledge.' },
  });
  if (!values) throw fieldError('target', 'developer.endpoints.noAddress');
  const id = await insertTestDelivery(deps.db, values);
  return resendDelivery(deps, id, [merchantId]);
}

/** Puts the failed deliveries of [from, to] back in the queue (at most REPLAY_MAX); answers how many. */
export async function replayFailed(db: Db, q: { merchantId: number; from: Date; to: Date; url: string | null; now: Date }): Promise<number> {
  if (!(q.from < q.to)) throw fieldError('to', 'developer.endpoints.rangeOrder');
  if (q.to.getTime() - q.from.getTime() > CALLBACK_ENDPOINT.REPLAY_RANGE_DAYS * DAY_MS) {
    throw fieldError('from', 'developer.endpoints.rangeTooLong', { params: { days: CALLBACK_ENDPOINT.REPLAY_RANGE_DAYS } });
  }
  return db.transaction(async (tx) => {
    const rows = await reopenFailedDeliveries(tx, { ...q, limit: CALLBACK_ENDPOINT.REPLAY_MAX });
    // The orders show "pending" again until the worker moves them on.
    for (const r of rows) await mirrorNotifyStatus(tx, r);
    return rows.length;
  });
}

/**
 * The hourly check: every address that failed every attempt for a day is disabled (its deliveries held), and the
 * merchant's admins are told in the bell and by e-mail; answers the addresses disabled.
 */
export async function disableFailingEndpoints(db: Db, notifier: AdminNotifier | null, now: Date): Promise<{ merchantId: number; url: string }[]> {
  const failing = await failingEndpoints(db, { now, dayMs: CALLBACK_ENDPOINT.DISABLE_AFTER_HOURS * HOUR_MS, since: new Date(now.getTime() - 2 * CALLBACK_ENDPOINT.DISABLE_AFTER_HOURS * HOUR_MS) });
  const disabled: { merchantId: number; url: string }[] = [];
  for (const e of failing) {
    if (!(await disableEndpoint(db, e.merchantId, e.url, now))) continue;
    disabled.push(e);
    await tellMerchantAdmins(
      db,
      { merchantId: e.merchantId, titleKey: 'developer.endpoints.disabledTitle', contentKey: 'developer.endpoints.disabledContent', params: { url: e.url, hours: String(CALLBACK_ENDPOINT.DISABLE_AFTER_HOURS) } },
      notifier,
      now,
    );
  }
  return disabled;
}

/** Enables an address again: its held deliveries are sent by the next worker run; answers how many. */
export async function enableEndpointAgain(db: Db, merchantId: number, url: string, now: Date): Promise<number> {
  return db.transaction((tx) => enableEndpoint(tx, merchantId, url, now));
}
