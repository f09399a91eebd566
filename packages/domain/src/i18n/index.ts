/**
 * The domain's message catalogue in six languages. Locale files hold every translatable key; brand names (named
 * channels, brands) are added here from the data so their keys resolve in every language without being copied
 * into six files.
 */
import { CHANNEL_ALL_ENTRY, CHANNELS } from '../channels';
import { derivedMessages } from './derived';
import { AUDIT_ACTIONS, auditActionKey } from '../audit';
import { CURRENCIES, CURRENCY_CODES } from '../currencies';
import { DICT_CODES, DICTIONARIES, dictNameKey } from '../dictionaries';
import { ENUM_SETS, PERMISSION_STATUS_KEYS, PERMISSION_TYPE_KEYS, ROLES } from '../enums';
import { ERROR_CATALOGUE, FIELD_KEYS, HTTP_REACTIONS, PAYOUT_FAILURE_REASONS } from '../errors';
import { FALLBACK_LANGUAGE, LANGUAGES, type Language } from '../languages';
import { REVIEW_ACTIONS, STATE_MACHINES, STATUS_ENUMS } from '../statuses';
import { BUTTONS, flattenMenu } from '../permissions/catalogue';
import { QUERY_RANGE_ERROR_KEYS, VALIDATION_MESSAGE_KEYS } from '../validation';
import { registeredMessages } from './resources';
import enUS from './en-US';
import idID from './id-ID';
import msMY from './ms-MY';
import ptBR from './pt-BR';
import thTH from './th-TH';
import zhCN from './zh-CN';

export { derivedMessages };
export * from './resources';

/** The hand-written locale files, as they are. */
export const LOCALE_FILES: Readonly<Record<Language, Readonly<Record<string, string>>>> = {
  'zh-CN': zhCN,
  'en-US': enUS,
  'id-ID': idID,
  'th-TH': thTH,
  'ms-MY': msMY,
  'pt-BR': ptBR,
};

const DERIVED = derivedMessages();

export const DOMAIN_MESSAGES: Readonly<Record<Language, Readonly<Record<string, string>>>> =
  Object.fromEntries(LANGUAGES.map((l) => [l, Object.freeze({ ...DERIVED, ...LOCALE_FILES[l] })])) as Record<
    Language,
    Record<string, string>
  >;

const PARAM_RE = /\{\{\s*([A-Za-z0-9_]+)\s*\}\}/g;

export function interpolate(text: string, params?: Record<string, string | number>): string {
  if (!params) return text;
  return text.replace(PARAM_RE, (whole, name: string) =>
    Object.hasOwn(params, name) ? String(params[name]) : whole,
  );
}

/** The whole catalogue of one language: the core files and every registered namespace resource. */
export function catalogueOf(lang: Language): Readonly<Record<string, string>> {
  return { ...registeredMessages(lang), ...DOMAIN_MESSAGES[lang] };
}

/** The text of a key in one language: the core catalogue, else the registered namespace resources. */
function textOf(lang: Language, key: string): string | undefined {
  const text = DOMAIN_MESSAGES[lang]?.[key] ?? registeredMessages(lang)[key];
  return text === '' ? undefined : text;
}

/**
 * The text of a key for a count, as i18next picks it on the web: `key_<plural form>` of the language (`_one` for 1 in
 * English, Portuguese...) when it exists, else the key itself (written in the "other" form).
 */
function pluralTextOf(lang: Language, key: string, count: unknown): string | undefined {
  if (typeof count === 'number' && Number.isFinite(count)) {
    const form = textOf(lang, `${key}_${new Intl.PluralRules(lang).select(count)}`);
    if (form !== undefined) return form;
  }
  return textOf(lang, key);
}

/** Text of a key in a language (its plural form when `params.count` is a number); falls back to en-US, then to the key. */
export function translate(lang: Language, key: string, params?: Record<string, string | number>): string {
  return interpolate(pluralTextOf(lang, key, params?.count) ?? pluralTextOf(FALLBACK_LANGUAGE, key, params?.count) ?? key, params);
}

/** Every i18n key the domain package references (enums, statuses, currencies, errors, validation, fields, dictionaries, menus and permissions). */
export function allDomainKeys(): string[] {
  const keys = new Set<string>();
  const add = (k: string) => keys.add(k);
  for (const set of Object.values(ENUM_SETS)) for (const e of set) add(e.i18nKey);
  Object.values(PERMISSION_TYPE_KEYS).forEach(add);
  Object.values(PERMISSION_STATUS_KEYS).forEach(add);
  ROLES.forEach((r) => add(r.i18nKey));
  for (const m of Object.values(STATE_MACHINES))
    for (const s of m.states) add((m.i18nKey as (s: string) => string)(s));
  for (const e of Object.values(STATUS_ENUMS))
    for (const v of e.values) add((e.i18nKey as (v: string) => string)(v));
  REVIEW_ACTIONS.forEach((a) => add(a.i18nKey));
  for (const c of CURRENCY_CODES) {
    add(CURRENCIES[c].countryKey);
    add(CURRENCIES[c].descriptionKey);
  }
  Object.values(ERROR_CATALOGUE).forEach((e) => add(e.messageKey));
  PAYOUT_FAILURE_REASONS.forEach((r) => add(r.messageKey));
  for (const r of Object.values(HTTP_REACTIONS)) {
    if ('messageKey' in r) add(r.messageKey);
    if ('titleKey' in r) add(r.titleKey);
    if ('buttonKey' in r) add(r.buttonKey);
    if ('fallbackKey' in r) add(r.fallbackKey);
  }
  VALIDATION_MESSAGE_KEYS.forEach(add);
  Object.values(QUERY_RANGE_ERROR_KEYS).forEach(add);
  Object.values(FIELD_KEYS).forEach(add);
  for (const code of DICT_CODES) {
    add(dictNameKey(code));
    for (const item of DICTIONARIES[code]?.() ?? []) add(item.textKey);
  }
  for (const ch of [CHANNEL_ALL_ENTRY, ...CHANNELS]) add(ch.i18nKey);
  AUDIT_ACTIONS.forEach((a) => add(auditActionKey(a)));
  // Menu and permission titles (the server sends them in every language).
  for (const m of flattenMenu()) add(m.titleKey);
  BUTTONS.forEach((b) => add(b.titleKey));
  return [...keys].sort();
}

/** Keys every locale FILE must hold: all domain keys except the generated brand-name ones. */
export function translatableDomainKeys(): string[] {
  return allDomainKeys().filter((k) => !Object.hasOwn(DERIVED, k));
}
