import type { Locale as AntdLocale } from 'antd/es/locale';
import { loadDomainMessages, type Language } from '@mg/domain';
import type { MessagesPart } from './parts';

/*
 * Everything language-dependent is loaded lazily, one chunk per language: the translations, antd's locale and
 * dayjs's locale. antd is imported from `antd/es/locale/*` (ESM): Vite 8 wraps the CJS `antd/locale/*` modules and
 * the built app would silently fall back to Chinese (DESIGN §3).
 */
type Resources = () => Promise<{ default: Record<string, string> }>;
/** The namespace resources of a language in their two parts (./parts.ts), merged at build time (build/messages-plugin.ts). */
const RESOURCES: Record<Language, Record<MessagesPart, Resources>> = {
  'zh-CN': { first: () => import('virtual:messages/zh-CN/first'), screens: () => import('virtual:messages/zh-CN/screens') },
  'en-US': { first: () => import('virtual:messages/en-US/first'), screens: () => import('virtual:messages/en-US/screens') },
  'id-ID': { first: () => import('virtual:messages/id-ID/first'), screens: () => import('virtual:messages/id-ID/screens') },
  'th-TH': { first: () => import('virtual:messages/th-TH/first'), screens: () => import('virtual:messages/th-TH/screens') },
  'ms-MY': { first: () => import('virtual:messages/ms-MY/first'), screens: () => import('virtual:messages/ms-MY/screens') },
  'pt-BR': { first: () => import('virtual:messages/pt-BR/first'), screens: () => import('virtual:messages/pt-BR/screens') },
};

const ANTD: Record<Language, () => Promise<{ default: AntdLocale }>> = {
  'zh-CN': () => import('antd/es/locale/zh_CN'),
  'en-US': () => import('antd/es/locale/en_US'),
  'id-ID': () => import('antd/es/locale/id_ID'),
  'th-TH': () => import('antd/es/locale/th_TH'),
  'ms-MY': () => import('antd/es/locale/ms_MY'),
  'pt-BR': () => import('antd/es/locale/pt_BR'),
};

/** dayjs locale names match antd's `locale.locale` (pro-components calls dayjs.locale() with that name). */
export const DAYJS_LOCALE_NAMES: Record<Language, string> = {
  'zh-CN': 'zh-cn',
  'en-US': 'en',
  'id-ID': 'id',
  'th-TH': 'th',
  'ms-MY': 'ms-my',
  'pt-BR': 'pt-br',
};

type DayjsLocaleModule = { default: { name: string } };
const DAYJS: Record<Language, () => Promise<DayjsLocaleModule>> = {
  'zh-CN': () => import('dayjs/locale/zh-cn'),
  'en-US': () => import('dayjs/locale/en'),
  'id-ID': () => import('dayjs/locale/id'),
  'th-TH': () => import('dayjs/locale/th'),
  'ms-MY': () => import('dayjs/locale/ms-my'),
  'pt-BR': () => import('dayjs/locale/pt-br'),
};

/**
 * Messages of one language: `first` is the domain core catalogue (enums, statuses, errors, countries) with the
 * sign-in page's namespaces, `screens` the other namespaces; both when no part is named.
 */
export async function loadMessages(lang: Language, parts: readonly MessagesPart[] = ['first', 'screens']): Promise<Record<string, string>> {
  const loaded = await Promise.all([
    parts.includes('first') ? loadDomainMessages(lang) : {},
    ...parts.map(async (part) => (await RESOURCES[lang][part]()).default),
  ]);
  return Object.assign({}, ...loaded) as Record<string, string>;
}

export async function loadAntdLocale(lang: Language): Promise<AntdLocale> {
  return (await ANTD[lang]()).default;
}

/** Loads (and thereby registers) the dayjs locale; returns the locale object. */
export async function loadDayjsLocale(lang: Language): Promise<{ name: string }> {
  const mod = await DAYJS[lang]();
  const loc = mod.default as { name?: string; default?: { name: string } };
  return loc.name ? (loc as { name: string }) : (loc.default as { name: string });
}
