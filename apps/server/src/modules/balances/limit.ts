/**
 * Low-balance notice (issue 4): when a merchant's available balance in a currency drops below its limit balance,
 * its users with an e-mail address get an e-mail and the merchant gets an in-app notice (a released announcement),
 * once per crossing: balance_limit.below_since is set when it fires and cleared when the balance is back above.
 */
import {
  AnnouncementStatus,
  findBrand,
  toMajorString,
  translate,
  DEFAULT_BRAND_VALUE,
  type CurrencyCode,
  type Language,
} from '@mg/domain';
import type { FastifyBaseLogger } from 'fastify';
import pino from 'pino';
import type { Db } from '../../db/pool';
import { insertAnnouncement } from '../announcements/queries';
import { Mailer } from '../mail/mailer';
import { clearBelow, markBelow, selectAvailable, selectLimit, selectMailableUsers, selectMerchant } from './queries';

export interface LowBalanceNotifier {
  mailer: Mailer;
  log: FastifyBaseLogger;
}

export type LowBalanceResult = 'no_limit' | 'above' | 'back_above' | 'below' | 'notified';

/** Announcement priority of the notice (high). */
const NOTICE_PRIORITY = 'H';
const SYSTEM_USER = 'system';

let fallback: LowBalanceNotifier | null = null;
/** Without the app's mailer: a mailer that only writes the mail outbox (no SMTP), and a silent logger. */
function fallbackNotifier(): LowBalanceNotifier {
  fallback ??= { mailer: new Mailer({}), log: pino({ level: 'silent' }) as unknown as FastifyBaseLogger };
  return fallback;
}

/**
 * Compares the available balance with the limit and fires or clears the notice. Safe to call concurrently: the
 * conditional update of below_since lets exactly one caller send the notice. Never throws for a mail problem (the
 * money operation that called it has already committed); that is logged.
 */
export async function checkLowBalance(
  db: Db,
  notifier: LowBalanceNotifier | null,
  merchantId: number,
  currency: CurrencyCode,
  now: Date = new Date(),
): Promise<LowBalanceResult> {
  const limit = await selectLimit(db, merchantId, currency);
  if (!limit) return 'no_limit';
  const available = await selectAvailable(db, merchantId, currency);

  if (available >= limit.threshold) {
    if (limit.belowSince == null) return 'above';
    await clearBelow(db, merchantId, currency, now);
    return 'back_above';
  }

  if (!(await markBelow(db, merchantId, currency, now))) return 'below';

  const m = await selectMerchant(db, merchantId);
  const brand = findBrand(m?.brand) ?? findBrand(DEFAULT_BRAND_VALUE);
  const lang: Language = brand?.defaultLanguage ?? 'en-US';
  const params = {
    merchant: m?.name ?? String(merchantId),
    currency,
    available: toMajorString(available, currency),
    threshold: toMajorString(limit.threshold, currency),
  };
  const title = translate(lang, 'collections.lowBalance.title', params);
  const content = translate(lang, 'collections.lowBalance.content', params);

  await insertAnnouncement(db, {
    merchantId,
    title,
    content,
    priority: NOTICE_PRIORITY,
    status: AnnouncementStatus.RELEASED,
    releasedAt: now,
    createdBy: SYSTEM_USER,
  });

  const { mailer, log } = notifier ?? fallbackNotifier();
  for (const email of await selectMailableUsers(db, merchantId)) {
    try {
      await mailer.send(db, log, {
        to: email,
        subject: title,
        text: content,
        from: `no-reply@${brand?.host ?? 'localhost'}`,
        merchantId,
      });
    } catch (err) {
      log.error({ err, merchantId }, 'low-balance e-mail could not be written');
    }
  }
  return 'notified';
}
