import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import dayjs from 'dayjs';
import type { Locale as AntdLocale } from 'antd/es/locale';
import type { Language } from '@mg/domain';
import { loadAntdLocale, loadDayjsLocale, loadMessages } from './bundles';
import type { MessagesPart } from './parts';

export const i18n: I18n = i18next.createInstance();
i18n.use(initReactI18next);

const NAMESPACE = 'translation';

export interface ActiveLocale {
  language: Language;
  antdLocale: AntdLocale;
}

/**
 * Whether the screens' part of the messages is wanted (./parts.ts): set by the first lazy page, or by a caller that
 * renders screens directly. From then on a language switch loads both parts before it switches.
 */
let screensWanted = false;
/** Languages whose screens' part is in i18next. */
const screensLoaded = new Set<Language>();

/**
 * Loads the language's bundles (web + domain strings, antd, dayjs) and makes it current: i18next, dayjs's global
 * locale and `<html lang>`. The first call initialises i18next. Messages: the sign-in page's part only, until
 * screens are wanted (`{ screens: true }` here, or `loadScreenMessages`).
 */
export async function activateLanguage(lang: Language, opts: { screens?: boolean } = {}): Promise<ActiveLocale> {
  if (opts.screens) screensWanted = true;
  const parts: MessagesPart[] = screensWanted ? ['first', 'screens'] : ['first'];
  const [messages, antdLocale, dayjsLocale] = await Promise.all([loadMessages(lang, parts), loadAntdLocale(lang), loadDayjsLocale(lang)]);
  if (screensWanted) screensLoaded.add(lang);
  if (!i18n.isInitialized) {
    await i18n.init({
      lng: lang,
      fallbackLng: false,
      resources: { [lang]: { [NAMESPACE]: messages } },
      partialBundledLanguages: true,
      // Flat keys ("page.login", "country.idr"): dots are part of the key.
      keySeparator: false,
      nsSeparator: false,
      interpolation: { escapeValue: false },
      react: { useSuspense: false },
    });
  } else {
    i18n.addResourceBundle(lang, NAMESPACE, messages, true, true);
    await i18n.changeLanguage(lang);
  }
  dayjs.locale(dayjsLocale as Parameters<typeof dayjs.locale>[0]);
  if (typeof document !== 'undefined') document.documentElement.lang = lang;
  return { language: lang, antdLocale };
}

/**
 * Adds the screens' part of the current language's messages (every lazy page awaits it before it renders, so a
 * screen never shows a key); resolves at once when it is there.
 */
export async function loadScreenMessages(): Promise<void> {
  screensWanted = true;
  const lang = currentLanguage();
  if (screensLoaded.has(lang)) return;
  const messages = await loadMessages(lang, ['screens']);
  i18n.addResourceBundle(lang, NAMESPACE, messages, true, true);
  screensLoaded.add(lang);
}

/** Translates a server message when it is a known key (the server answers with catalogue keys), else returns it. */
export function translateMaybeKey(message: string | null | undefined, params?: Record<string, unknown>): string {
  if (!message) return '';
  return i18n.exists(message) ? i18n.t(message, params) : message;
}

export function currentLanguage(): Language {
  return (i18n.language || 'en-US') as Language;
}
