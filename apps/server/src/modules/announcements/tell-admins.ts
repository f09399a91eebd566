/**
 * Telling a merchant's admins of a change to where its money may go (a withdrawal account, a crypto withdrawal
 * address): an in-app notice every user of the merchant sees, and an e-mail to each admin, in the brand's language.
 */
import { AnnouncementStatus, DEFAULT_BRAND_VALUE, findBrand, translate, type Language } from '@mg/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/pool';
import type { Mailer } from '../mail/mailer';
import { insertAnnouncement, selectAdminEmails, selectMerchantFace } from './queries';

const NOTICE_PRIORITY = 'H';
const SYSTEM_USER = 'system';

/** Who writes the e-mails: the app's mailer and the request's log. */
export interface AdminNotifier {
  mailer: Mailer;
  log: FastifyBaseLogger;
}

export interface AdminNotice {
  merchantId: number;
  titleKey: string;
  contentKey: string;
  /** Placeholders of both texts; `merchant` (its name) is added. */
  params: Record<string, string>;
}

export async function tellMerchantAdmins(db: Db, notice: AdminNotice, notifier: AdminNotifier | null, now: Date): Promise<void> {
  const m = await selectMerchantFace(db, notice.merchantId);
  const brand = findBrand(m?.brand) ?? findBrand(DEFAULT_BRAND_VALUE);
  const lang: Language = brand?.defaultLanguage ?? 'en-US';
  const params = { merchant: m?.name ?? String(notice.merchantId), ...notice.params };
  const title = translate(lang, notice.titleKey, params);
  const content = translate(lang, notice.contentKey, params);
  await insertAnnouncement(db, { merchantId: notice.merchantId, title, content, priority: NOTICE_PRIORITY, status: AnnouncementStatus.RELEASED, releasedAt: now, createdBy: SYSTEM_USER });
  if (!notifier) return;
  for (const to of await selectAdminEmails(db, notice.merchantId)) {
    try {
      await notifier.mailer.send(db, notifier.log, { to, subject: title, text: content, from: `no-reply@${brand?.host ?? 'localhost'}`, merchantId: notice.merchantId });
    } catch (err) {
      notifier.log.error({ err, merchantId: notice.merchantId, notice: notice.titleKey }, 'admin notice e-mail could not be written');
    }
  }
}
