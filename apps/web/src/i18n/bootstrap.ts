import type { Brand } from '@mg/domain';
import { getStoredLanguage } from '../session/storage';
import { activateLanguage, type ActiveLocale } from './index';
import { languagesBeforeSignIn, pickLanguage } from './offer';

/** Start-up language: the stored choice if the brand offers it, else the brand's default. */
export function startLanguage(brand: Brand) {
  return pickLanguage(brand, getStoredLanguage(brand), languagesBeforeSignIn(brand));
}

export function bootstrapLocale(brand: Brand): Promise<ActiveLocale> {
  return activateLanguage(startLanguage(brand));
}
