/**
 * The e-mail that tells an account's owner it has just been locked (issue 39). Sign-in answers a locked account
 * exactly like an unknown name, so this mail is how the real user learns of the lock: until when, and that a new
 * password (the forgotten-password page) lifts it at once.
 */
import {
  authPath,
  DEFAULT_BRAND_VALUE,
  findBrand,
  formatOffset,
  formatWallClock,
  translate,
  zoneOf,
  zoneOffsetMinutes,
  type Brand,
  type Language,
} from '@mg/domain';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { findMerchant, type UserRow } from './queries';

export interface LockFacts {
  attempts: number;
  minutes: number;
}

/** In the language of the user's brand, the time in its merchant's home zone; no address: nobody to tell. */
export async function mailAccountLocked(app: FastifyInstance, log: FastifyBaseLogger, user: UserRow, until: Date, facts: LockFacts): Promise<void> {
  if (!user.email) {
    log.warn({ userId: user.id }, 'account locked: the user has no e-mail address to tell');
    return;
  }
  const merchant = await findMerchant(app.db, user.merchantId);
  const brand = (findBrand(merchant?.brand) ?? findBrand(DEFAULT_BRAND_VALUE)) as Brand;
  const lang: Language = brand.defaultLanguage;
  const zone = zoneOf(merchant?.currencies[0]);
  const params = {
    brand: brand.name,
    username: user.username,
    attempts: facts.attempts,
    minutes: facts.minutes,
    until: formatWallClock(until, zone).slice(0, 16),
    zone: `${zone}, UTC${formatOffset(zoneOffsetMinutes(zone, until))}`,
    // `?brand=` makes the page the brand's whatever host PUBLIC_URL names.
    url: `${app.publicUrl}${authPath(brand, 'alteration')}?brand=${brand.value}`,
  };
  await app.mailer.send(app.db, log, {
    to: user.email,
    subject: translate(lang, 'auth.mail.locked.subject', params),
    text: `${translate(lang, 'auth.mail.locked.body', params)}\n\n-- ${brand.name}`,
    from: `no-reply@${brand.host}`,
    merchantId: user.merchantId,
  });
}
