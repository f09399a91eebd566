import { describe, expect, it } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import { DOMAIN_MESSAGES, ERROR_CATALOGUE, HTTP_REACTIONS, LANGUAGES, CURRENCIES } from '@mg/domain';
import { loadMessages } from '../src/i18n/bundles';
import { activateLanguage, i18n } from '../src/i18n';
import { messagesOf } from '../build/messages-plugin';

describe('locale bundles', () => {
  it('merge the namespace resources of the language with the domain core catalogue', async () => {
    for (const lang of LANGUAGES) {
      const bundle = await loadMessages(lang);
      expect(bundle['auth.page.login']).toBe(messagesOf(lang)['auth.page.login']);
      expect(bundle['settlements.title']).toBe(messagesOf(lang)['settlements.title']);
      expect(bundle[CURRENCIES.IDR.countryKey]).toBe(DOMAIN_MESSAGES[lang][CURRENCIES.IDR.countryKey]);
    }
    expect((await loadMessages('th-TH'))['auth.page.login']).not.toBe((await loadMessages('en-US'))['auth.page.login']);
  });

  it('hold every key the screens ask for by name', async () => {
    const bundle = await loadMessages('en-US');
    const src = path.resolve(__dirname, '../src');
    const files: string[] = [];
    const walk = (dir: string) => {
      for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
        if (e.isDirectory()) walk(path.join(dir, e.name));
        else if (/\.tsx?$/.test(e.name)) files.push(path.join(dir, e.name));
      }
    };
    walk(src);
    const missing: string[] = [];
    for (const file of files) {
      const text = fs.readFileSync(file, 'utf8');
      for (const m of text.matchAll(/\bt\(\s*'([a-z][\w-]*(?:\.[\w-]+)+)'/g)) {
        if (!bundle[m[1] as string]) missing.push(`${path.relative(src, file)}: ${m[1]}`);
      }
    }
    expect(missing).toEqual([]);
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

  it('counts take the plural form of the language, as the server writes them', async () => {
    await activateLanguage('en-US', { screens: true });
    expect(i18n.t('settlements.runDone', { count: 1 })).toBe('Settlement finished: 1 batch settled');
    expect(i18n.t('settlements.runDone', { count: 3 })).toBe('Settlement finished: 3 batches settled');
    expect(i18n.t('validation.date.rangeTooLong', { count: 1 })).toBe('The query range cannot exceed 1 month');
    await activateLanguage('pt-BR');
    expect(i18n.t('validation.date.rangeTooLong', { count: 3 })).toBe('O período da consulta não pode exceder 3 meses');
    await activateLanguage('en-US');
  });
});
