/**
 * Translation resources (src/i18n/resources.ts): one file per language per namespace, found by place. Every
 * namespace has the six languages with the same keys, translated, with the same {{params}}; no resource shadows
 * the core catalogue; every namespace is an area of the registry or a shared one.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { AREAS, DOMAIN_MESSAGES, LANGUAGES, LISTS, flattenResource, resourceOf, translate, type Language } from '../src/index';
import { readResources, resourceFiles } from '../tools/resources.node';

/** Namespaces of no registry area: shared vocabulary, the shell and sign-in pages, and areas without pages. */
// reports: the online reports the popup pickers of every area read. files: the upload widget and file preview.
// onboarding-review: the staff review screen of onboarding (the applicant's texts are the onboarding area's).
const SHARED_NAMESPACES = ['common', 'shell', 'auth', 'cashier', 'open-api', 'statistics', 'reports', 'files', 'onboarding-review'];

/**
 * Texts that are the same in English and the language on purpose: product and protocol names, and words the
 * language itself uses (Indonesian and Malay "Status", Indonesian "Normal", Malay "Item", Portuguese "E-mail").
 */
const SAME_AS_ENGLISH: Record<string, readonly string[]> = {
  '*': ['Google Authenticator', 'OK', 'IP', 'URL', 'ID', 'API', 'Webhook', 'QR', 'CSV', 'XLSX', 'PIX', 'Idempotency-Key'],
  'id-ID': ['Status', 'Normal', 'Merchant', 'Total', 'Email', 'Detail', 'Item', 'Label', 'Token'],
  'ms-MY': ['Status', 'Item', 'Total', 'Email', 'Normal', 'Label', 'Token'],
  'pt-BR': ['E-mail', 'Status', 'Total', 'Normal', 'Token'],
  'th-TH': [],
  'zh-CN': [],
};

const params = (s: string) => (s.match(/\{\{\s*\w+\s*\}\}/g) ?? []).sort();

function byNamespace(): Map<string, Map<Language, Record<string, string>>> {
  const out = new Map<string, Map<Language, Record<string, string>>>();
  for (const [file, json] of Object.entries(readResources())) {
    const r = resourceOf(file)!;
    const langs = out.get(r.namespace) ?? new Map<Language, Record<string, string>>();
    langs.set(r.language, flattenResource(r.namespace, json, file));
    out.set(r.namespace, langs);
  }
  return out;
}

describe('translation resources', () => {
  const namespaces = byNamespace();

  it('are found by place: area folders and shared namespaces', () => {
    expect(resourceFiles().length).toBe(namespaces.size * LANGUAGES.length);
    const areas = new Set(AREAS.map((a) => a.name));
    for (const ns of namespaces.keys()) expect(areas.has(ns) || SHARED_NAMESPACES.includes(ns), ns).toBe(true);
    for (const file of resourceFiles()) {
      const { namespace } = resourceOf(file)!;
      const rel = path.relative(path.resolve(__dirname, '../src'), file).split(path.sep);
      expect(rel[0] === namespace || (rel[0] === 'i18n' && rel[1] === namespace), file).toBe(true);
    }
  });

  for (const [ns, langs] of namespaces) {
    describe(ns, () => {
      const en = langs.get('en-US') ?? {};
      const reference = Object.keys(en).sort();

      it('has all six languages with the same keys, every text non-empty', () => {
        expect([...langs.keys()].sort()).toEqual([...LANGUAGES].sort());
        for (const [lang, messages] of langs) {
          const keys = Object.keys(messages).sort();
          expect(keys.filter((k) => !reference.includes(k)), `${lang}: extra keys`).toEqual([]);
          expect(reference.filter((k) => !keys.includes(k)), `${lang}: missing keys`).toEqual([]);
          for (const k of reference) expect(messages[k]?.trim(), `${lang} ${k}`).toBeTruthy();
        }
      });

      it('is translated (not the English text, except names) and keeps the placeholders', () => {
        for (const [lang, messages] of langs) {
          if (lang === 'en-US') continue;
          const allowed = new Set([...(SAME_AS_ENGLISH['*'] ?? []), ...(SAME_AS_ENGLISH[lang] ?? [])]);
          for (const k of reference) {
            const own = messages[k] as string;
            if (!allowed.has(own) && !/^[\p{Lu}\d\s./:-]+$/u.test(own)) expect(own, `${lang} ${k} is still English`).not.toBe(en[k]);
            expect(params(own), `${lang} ${k} placeholders`).toEqual(params(en[k] as string));
          }
        }
      });

      it('does not shadow the core catalogue', () => {
        expect(reference.filter((k) => Object.hasOwn(DOMAIN_MESSAGES['en-US'], k))).toEqual([]);
      });
    });
  }
});

describe('plurals', () => {
  it('a count picks the plural form of the language (key_one, else the key), as i18next does on the web', () => {
    expect(translate('en-US', 'validation.date.rangeTooLong', { count: 1 })).toBe('The query range cannot exceed 1 month');
    expect(translate('en-US', 'validation.date.rangeTooLong', { count: 3 })).toBe('The query range cannot exceed 3 months');
    expect(translate('pt-BR', 'validation.date.rangeTooLong', { count: 1 })).toBe('O período da consulta não pode exceder 1 mês');
    expect(translate('zh-CN', 'validation.date.rangeTooLong', { count: 1 })).toBe('查询范围不能超过 1 个月');
    expect(translate('en-US', 'users.freezeBatchTitle', { count: 2 })).toBe('Freeze 2 users?');
  });
});

describe('the texts of every declared list', () => {
  // The screen's title, every header, filter label and status or enum label of a list: a missing one shows as a raw
  // key on the screen and in the export's header.
  const keysOf = (list: (typeof LISTS)[string]): string[] => {
    const keys = [`${list.name}.title`, ...list.columns.map((c) => c.header), ...list.filters.filter((f) => f.kind !== 'merchant').map((f) => f.label)];
    for (const c of list.columns) if (c.colors && c.labels) keys.push(...Object.keys(c.colors).map((v) => `${c.labels}.${v}`));
    for (const f of list.filters) if (f.labels && f.options) keys.push(...f.options.map((v) => `${f.labels}.${v}`));
    return [...new Set(keys)];
  };
  it.each(Object.values(LISTS).map((l) => [l.name, l] as const))('%s is translated in every language', (_name, list) => {
    for (const lang of LANGUAGES) {
      const missing = keysOf(list).filter((k) => translate(lang, k) === k);
      expect(missing, `${list.name} ${lang}`).toEqual([]);
    }
  });
});
