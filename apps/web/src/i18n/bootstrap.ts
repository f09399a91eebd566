import { isLanguage, type Brand, type Language } from '@mg/domain';
import { getStoredLanguage } from '../session/storage';
import { activateLanguage, type ActiveLocale } from './index';
import { browserLanguage, languagesBeforeSignIn, pickLanguage } from './offer';

/** The payer's cashier: a page for anyone who pays, not for the merchant's staff. */
const PAYER_PAGE = /^\/pay\//;

/**
 * Start-up language: the stored choice if the brand offers it, else the brand's default. The payer's cashier speaks
 * the payer's language first: a choice made there, else the browser's languages among the six (a Thai payer on an
 * English brand reads Thai), else the brand's default.
 */
export function startLanguage(
  brand: Brand,
  where: { path: string; wanted: readonly string[] } = { path: window.location.pathname, wanted: navigator.languages ?? [] },
): Language {
  const stored = getStoredLanguage(brand);
  if (PAYER_PAGE.test(where.path)) {
    if (isLanguage(stored)) return stored;
    const fromBrowser = browserLanguage(where.wanted);
    if (fromBrowser) return fromBrowser;
  }
  return pickLanguage(brand, stored, languagesBeforeSignIn(brand));
}

export function bootstrapLocale(brand: Brand): Promise<ActiveLocale> {
  return activateLanguage(startLanguage(brand));
}
