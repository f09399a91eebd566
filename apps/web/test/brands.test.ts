import { beforeEach, describe, expect, it } from 'vitest';
import { BRANDS, findBrand, type Brand } from '@mg/domain';
import { captureBrandQuery, initBrand, logoOf, resetCurrentBrand, resolveBrandFor } from '../src/brands';
import { STORAGE_KEYS, getSessionCurrency, setSessionCurrency, setStoredLanguage } from '../src/session/storage';
import { startLanguage } from '../src/i18n/bootstrap';
import { languagesBeforeSignIn, pickLanguage, showsLanguageSwitcher } from '../src/i18n/offer';

const brand = (value: string) => findBrand(value) as Brand;

beforeEach(() => {
  window.localStorage.clear();
  resetCurrentBrand();
});

describe('brand resolution', () => {
  it('maps each brand host to its brand (port ignored)', () => {
    for (const b of BRANDS) {
      expect(resolveBrandFor({ hostname: b.host, search: '' }).value).toBe(b.value);
    }
    expect(resolveBrandFor({ hostname: 'portal.pagoverde.test', search: '' }).value).toBe('pagoverde');
  });

  it('falls back to the stored choice, then to the platform brand', () => {
    expect(resolveBrandFor({ hostname: 'localhost', search: '' }).value).toBe('tikipay');
    window.localStorage.setItem(STORAGE_KEYS.brand, 'sakurapay');
    expect(resolveBrandFor({ hostname: 'localhost', search: '' }).value).toBe('sakurapay');
  });

  it('stores ?brand= and uses it; the host still wins', () => {
    expect(resolveBrandFor({ hostname: 'localhost', search: '?brand=coinrail' }).value).toBe('coinrail');
    expect(window.localStorage.getItem(STORAGE_KEYS.brand)).toBe('coinrail');
    expect(resolveBrandFor({ hostname: 'localhost', search: '' }).value).toBe('coinrail');
    expect(resolveBrandFor({ hostname: 'dashboard.lumipay.test', search: '' }).value).toBe('lumipay');
  });

  it('ignores an unknown ?brand= value', () => {
    window.localStorage.setItem(STORAGE_KEYS.brand, 'relaypay');
    expect(resolveBrandFor({ hostname: 'localhost', search: '?brand=nope' }).value).toBe('relaypay');
  });

  it('captureBrandQuery returns the search without the parameter', () => {
    expect(captureBrandQuery('?brand=lumipay&redirect=%2Fx')).toBe('?redirect=%2Fx');
    expect(captureBrandQuery('?brand=lumipay')).toBe('');
    expect(captureBrandQuery('?a=1')).toBeNull();
  });

  it('initBrand stores ?brand= and removes it from the address bar', () => {
    window.history.replaceState(null, '', '/login?brand=pagoverde&redirect=%2Fdashboard%2Fhome#top');
    expect(initBrand().value).toBe('pagoverde');
    expect(window.location.pathname).toBe('/login');
    expect(window.location.search).toBe('?redirect=%2Fdashboard%2Fhome');
    expect(window.location.hash).toBe('#top');
    expect(window.localStorage.getItem(STORAGE_KEYS.brand)).toBe('pagoverde');
  });

  it('every brand has its own logo', () => {
    const logos = BRANDS.map((b) => logoOf(b.value));
    expect(logos.every(Boolean)).toBe(true);
    expect(new Set(logos).size).toBe(BRANDS.length);
  });
});

describe('session country per brand', () => {
  it('defaults to the first currency, keeps a valid stored one per brand', () => {
    expect(getSessionCurrency(brand('tikipay'))).toBe('IDR');
    setSessionCurrency(brand('tikipay'), 'MMK');
    expect(getSessionCurrency(brand('tikipay'))).toBe('MMK');
    expect(getSessionCurrency(brand('lumipay'))).toBe('IDR');
    window.localStorage.setItem('COUNTRY_CURRENCY:lumipay', 'BRL');
    expect(getSessionCurrency(brand('lumipay'))).toBe('IDR');
  });
});

describe('language offer before sign-in', () => {
  it('is zh-CN, en-US plus the languages of the brand currencies', () => {
    expect(languagesBeforeSignIn(brand('lumipay'))).toEqual(['zh-CN', 'en-US', 'id-ID', 'th-TH', 'ms-MY']);
    expect(languagesBeforeSignIn(brand('pagoverde'))).toEqual(['zh-CN', 'en-US', 'pt-BR']);
    expect(languagesBeforeSignIn(brand('sakurapay'))).toEqual(['zh-CN', 'en-US']);
    expect(languagesBeforeSignIn(brand('tikipay'))).toEqual(['zh-CN', 'en-US', 'id-ID', 'th-TH', 'ms-MY', 'pt-BR']);
  });

  it('picks the stored choice when offered, else the brand default', () => {
    const lumipay = brand('lumipay');
    const offered = languagesBeforeSignIn(lumipay);
    expect(pickLanguage(lumipay, null, offered)).toBe('en-US');
    expect(pickLanguage(lumipay, 'th-TH', offered)).toBe('th-TH');
    expect(pickLanguage(lumipay, 'pt-BR', offered)).toBe('en-US');
    expect(pickLanguage(brand('pagoverde'), null, languagesBeforeSignIn(brand('pagoverde')))).toBe('pt-BR');
    expect(pickLanguage(brand('tikipay'), 'xx', languagesBeforeSignIn(brand('tikipay')))).toBe('zh-CN');
  });

  it("the payer's cashier speaks the browser's language among the six, never the staff default to a Thai payer", () => {
    localStorage.clear();
    const lumipay = brand('lumipay'); // English by default
    const tikipay = brand('tikipay'); // Chinese by default
    const pay = (wanted: string[]) => ({ path: '/pay/tok_abc', wanted });
    expect(startLanguage(tikipay, pay(['th-TH', 'en-US']))).toBe('th-TH');
    expect(startLanguage(tikipay, pay(['th']))).toBe('th-TH');
    expect(startLanguage(lumipay, pay(['in-ID']))).toBe('id-ID');
    expect(startLanguage(lumipay, pay(['pt-PT', 'en']))).toBe('pt-BR');
    // None of the six: the brand's default.
    expect(startLanguage(lumipay, pay(['fr-FR', 'de']))).toBe('en-US');
    // The staff's pages keep the brand's rule.
    expect(startLanguage(tikipay, { path: '/user/login', wanted: ['th-TH'] })).toBe('zh-CN');
    // A choice made on the cashier is kept.
    setStoredLanguage(tikipay, 'ms-MY');
    expect(startLanguage(tikipay, pay(['th-TH']))).toBe('ms-MY');
    localStorage.clear();
  });

  it('hides the switcher for needHide brands only', () => {
    for (const b of BRANDS) expect(showsLanguageSwitcher(b, languagesBeforeSignIn(b))).toBe(!b.needHide);
  });
});
