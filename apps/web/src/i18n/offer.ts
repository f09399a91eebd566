import { LANGUAGES, FALLBACK_LANGUAGE, isLanguage, languagesOffered, type Brand, type Language } from '@mg/domain';

/**
 * Languages offered before sign-in: zh-CN and en-US plus the language each of the brand's currencies adds
 * (domain `languagesOffered`), in the canonical order of LANGUAGES.
 */
export function languagesBeforeSignIn(brand: Brand): Language[] {
  const offered = new Set<Language>(['zh-CN', 'en-US']);
  for (const currency of brand.currencies) for (const lang of languagesOffered(currency)) offered.add(lang);
  return LANGUAGES.filter((l) => offered.has(l));
}

/** After sign-in: the session currency decides (role all / platform admin: all six). */
export function languagesForSession(currency: string, allLanguages = false): Language[] {
  return languagesOffered(currency, { allLanguages });
}

/** The stored choice when it is offered, else the brand's default, else the first offered. */
export function pickLanguage(brand: Brand, stored: string | null | undefined, offered: readonly Language[]): Language {
  if (isLanguage(stored) && offered.includes(stored)) return stored;
  if (offered.includes(brand.defaultLanguage)) return brand.defaultLanguage;
  return offered[0] ?? FALLBACK_LANGUAGE;
}

/** The language switcher is hidden for needHide brands (and pointless with a single language). */
export function showsLanguageSwitcher(brand: Brand, offered: readonly Language[]): boolean {
  return !brand.needHide && offered.length > 1;
}

/**
 * The first of the browser's languages (`navigator.languages`, most wanted first) that is one of the six: an exact
 * tag, else the same language in another region (`th` and `th-TH`, `pt-PT` and `pt-BR`, `in` is Indonesian's old
 * code). Undefined when none is.
 */
export function browserLanguage(wanted: readonly string[]): Language | undefined {
  const primary = (tag: string) => {
    const p = tag.toLowerCase().split('-')[0] ?? '';
    return p === 'in' ? 'id' : p;
  };
  for (const tag of wanted) {
    const exact = LANGUAGES.find((l) => l.toLowerCase() === tag.toLowerCase());
    if (exact) return exact;
    const same = LANGUAGES.find((l) => primary(l) === primary(tag));
    if (same) return same;
  }
  return undefined;
}
