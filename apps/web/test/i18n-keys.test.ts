import { describe, expect, it } from 'vitest';
import { DOMAIN_MESSAGES, ERROR_CATALOGUE, HTTP_REACTIONS, LANGUAGES, CURRENCIES } from '@mg/domain';
import enUS from '../src/i18n/locales/en-US';
import zhCN from '../src/i18n/locales/zh-CN';
import idID from '../src/i18n/locales/id-ID';
import thTH from '../src/i18n/locales/th-TH';
import msMY from '../src/i18n/locales/ms-MY';
import ptBR from '../src/i18n/locales/pt-BR';
import { loadMessages } from '../src/i18n/bundles';

const WEB: Record<string, Record<string, string>> = { 'en-US': enUS, 'zh-CN': zhCN, 'id-ID': idID, 'th-TH': thTH, 'ms-MY': msMY, 'pt-BR': ptBR };

describe('web locale files', () => {
  const reference = Object.keys(enUS).sort();

  it('covers the six languages', () => {
    expect(Object.keys(WEB).sort()).toEqual([...LANGUAGES].sort());
  });

  for (const [lang, messages] of Object.entries(WEB)) {
    if (lang === 'en-US') continue;
    it(`${lang} has every en-US key, non-empty, and no extra key`, () => {
      const keys = Object.keys(messages).sort();
      expect(keys.filter((k) => !reference.includes(k))).toEqual([]);
      expect(reference.filter((k) => !keys.includes(k))).toEqual([]);
      for (const k of reference) expect(messages[k]?.trim(), `${lang} ${k}`).toBeTruthy();
    });

    it(`${lang} is translated (not the English text) and keeps the placeholders`, () => {
      for (const k of reference) {
        const en = (enUS as Record<string, string>)[k] as string;
        const own = messages[k] as string;
        expect(own, `${lang} ${k} is still English`).not.toBe(en);
        const params = (s: string) => (s.match(/\{\{\s*\w+\s*\}\}/g) ?? []).sort();
        expect(params(own), `${lang} ${k}`).toEqual(params(en));
      }
    });
  }

  it('en-US values are non-empty', () => {
    for (const k of reference) expect((enUS as Record<string, string>)[k]?.trim()).toBeTruthy();
  });

  it('web keys do not shadow domain keys', () => {
    const domainKeys = new Set(Object.keys(DOMAIN_MESSAGES['en-US']));
    expect(reference.filter((k) => domainKeys.has(k))).toEqual([]);
  });
});

describe('locale bundles', () => {
  it('merge the web strings with the domain messages of the same language', async () => {
    for (const lang of LANGUAGES) {
      const bundle = await loadMessages(lang);
      expect(bundle['page.login']).toBe(WEB[lang]?.['page.login']);
      expect(bundle[CURRENCIES.IDR.countryKey]).toBe(DOMAIN_MESSAGES[lang][CURRENCIES.IDR.countryKey]);
    }
  });

  it('the domain has every key the API client shows, in all six languages', () => {
    const keys = [
      HTTP_REACTIONS[403].messageKey,
      HTTP_REACTIONS[404].messageKey,
      HTTP_REACTIONS[504].messageKey,
      HTTP_REACTIONS[401].messageKey,
      HTTP_REACTIONS[500].titleKey,
      HTTP_REACTIONS[500].messageKey,
      HTTP_REACTIONS[500].buttonKey,
      HTTP_REACTIONS.other.fallbackKey,
      ERROR_CATALOGUE.DUPLICATE_REQUEST_INTERRUPTED.messageKey,
      ERROR_CATALOGUE.NETWORK_ERROR.messageKey,
      ...Object.values(CURRENCIES).map((c) => c.countryKey),
    ];
    for (const lang of LANGUAGES) for (const k of keys) expect(DOMAIN_MESSAGES[lang][k], `${lang} ${k}`).toBeTruthy();
  });
});
