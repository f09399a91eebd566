import type { Language } from '../languages';
import { derivedMessages } from './derived';

type LocaleModule = { default: Readonly<Record<string, string>> };

/*
 * The same catalogue as DOMAIN_MESSAGES, one language at a time: the browser loads only the language it shows
 * (DOMAIN_MESSAGES imports all six, which the server wants and a page does not).
 */
const FILES: Record<Language, () => Promise<LocaleModule>> = {
  'zh-CN': () => import('./zh-CN'),
  'en-US': () => import('./en-US'),
  'id-ID': () => import('./id-ID'),
  'th-TH': () => import('./th-TH'),
  'ms-MY': () => import('./ms-MY'),
  'pt-BR': () => import('./pt-BR'),
};

export async function loadDomainMessages(lang: Language): Promise<Record<string, string>> {
  return { ...derivedMessages(), ...(await FILES[lang]()).default };
}
