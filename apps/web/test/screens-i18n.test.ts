import { describe, expect, it } from 'vitest';
import { DOMAIN_MESSAGES, LANGUAGES } from '@mg/domain';
import enUS from '../src/i18n/screens/en-US';
import zhCN from '../src/i18n/screens/zh-CN';
import idID from '../src/i18n/screens/id-ID';
import thTH from '../src/i18n/screens/th-TH';
import msMY from '../src/i18n/screens/ms-MY';
import ptBR from '../src/i18n/screens/pt-BR';
import webEnUS from '../src/i18n/locales/en-US';

const SCREENS: Record<string, Record<string, string>> = { 'en-US': enUS, 'zh-CN': zhCN, 'id-ID': idID, 'th-TH': thTH, 'ms-MY': msMY, 'pt-BR': ptBR };

/**
 * Texts that are the same in English and the language, on purpose: the product name, and words the language itself
 * uses (Indonesian and Malay "Status", Indonesian "Normal" and "Merchant" in the payments trade, Malay "Item", Portuguese "E-mail").
 */
const SAME_AS_ENGLISH: Record<string, readonly string[]> = {
  '*': ['Google Authenticator'],
  'id-ID': ['Status', 'Normal', 'Merchant'],
  'ms-MY': ['Status', 'Item'],
  'pt-BR': ['E-mail'],
};

const params = (s: string) => (s.match(/\{\{\s*\w+\s*\}\}/g) ?? []).sort();

describe('screen strings (src/i18n/screens)', () => {
  const reference = Object.keys(enUS).sort();

  it('cover the six languages', () => {
    expect(Object.keys(SCREENS).sort()).toEqual([...LANGUAGES].sort());
  });

  it('en-US values are non-empty and every key is namespaced screens.*', () => {
    for (const k of reference) {
      expect(k.startsWith('screens.'), k).toBe(true);
      expect((enUS as Record<string, string>)[k]?.trim(), k).toBeTruthy();
    }
  });

  for (const [lang, messages] of Object.entries(SCREENS)) {
    if (lang === 'en-US') continue;
    it(`${lang}: same keys as en-US, every text non-empty`, () => {
      const keys = Object.keys(messages).sort();
      expect(keys.filter((k) => !reference.includes(k)), 'extra keys').toEqual([]);
      expect(reference.filter((k) => !keys.includes(k)), 'missing keys').toEqual([]);
      for (const k of reference) expect(messages[k]?.trim(), `${lang} ${k}`).toBeTruthy();
    });

    it(`${lang}: translated (not the English text, except proper names) and placeholders kept`, () => {
      const allowed = new Set([...(SAME_AS_ENGLISH['*'] ?? []), ...(SAME_AS_ENGLISH[lang] ?? [])]);
      for (const k of reference) {
        const en = (enUS as Record<string, string>)[k] as string;
        const own = messages[k] as string;
        if (!allowed.has(own)) expect(own, `${lang} ${k} is still English`).not.toBe(en);
        expect(params(own), `${lang} ${k} placeholders`).toEqual(params(en));
      }
    });
  }

  it('do not shadow the web or domain strings', () => {
    const other = new Set([...Object.keys(webEnUS), ...Object.keys(DOMAIN_MESSAGES['en-US'])]);
    expect(reference.filter((k) => other.has(k))).toEqual([]);
  });
});
