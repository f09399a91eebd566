/** The six interface languages (BRANDS-AND-COUNTRIES.md "Languages"). */
export const LANGUAGES = ['zh-CN', 'en-US', 'id-ID', 'th-TH', 'ms-MY', 'pt-BR'] as const;
export type Language = (typeof LANGUAGES)[number];

export const FALLBACK_LANGUAGE: Language = 'en-US';

/** Native names, shown in the switcher in their own script so a user can find their language in any UI language. */
export const LANGUAGE_NATIVE_NAMES: Record<Language, string> = {
  'zh-CN': '简体中文',
  'en-US': 'English',
  'id-ID': 'Bahasa Indonesia',
  'th-TH': 'ไทย',
  'ms-MY': 'Bahasa Melayu',
  'pt-BR': 'Português (Brasil)',
};

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** Languages every session gets; a currency adds its own (IDR adds id-ID, ...). */
const BASE_LANGUAGES: readonly Language[] = ['zh-CN', 'en-US'];
const CURRENCY_LANGUAGE: Partial<Record<string, Language>> = {
  IDR: 'id-ID',
  THB: 'th-TH',
  MYR: 'ms-MY',
  BRL: 'pt-BR',
};

/** The language of a currency's country among the six (BRL: pt-BR), if it has one: how its people write amounts. */
export function languageOfCurrency(currency: string): Language | undefined {
  return CURRENCY_LANGUAGE[currency];
}

/**
 * The language offer for a session: zh-CN and en-US plus the currency's own language;
 * role `business` (role all) and the platform admin get all six.
 */
export function languagesOffered(currency: string | undefined, opts: { allLanguages?: boolean } = {}): Language[] {
  if (opts.allLanguages) return [...LANGUAGES];
  const extra = currency ? CURRENCY_LANGUAGE[currency] : undefined;
  return extra ? [...BASE_LANGUAGES, extra] : [...BASE_LANGUAGES];
}

/** Picks the best supported language for a free-form tag (Accept-Language value, navigator.language). */
export function resolveLanguage(tag: string | null | undefined, fallback: Language = FALLBACK_LANGUAGE): Language {
  if (!tag) return fallback;
  for (const part of tag.split(',')) {
    const code = part.split(';')[0]?.trim().toLowerCase();
    if (!code) continue;
    const exact = LANGUAGES.find((l) => l.toLowerCase() === code);
    if (exact) return exact;
    const prefix = LANGUAGES.find((l) => l.slice(0, 2).toLowerCase() === code.slice(0, 2));
    if (prefix) return prefix;
  }
  return fallback;
}
