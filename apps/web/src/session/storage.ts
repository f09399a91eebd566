import { TOKEN_TTL_MS, type Brand, type CurrencyCode } from '@mg/domain';

/** localStorage keys of the web app. One place, so logout and "clear cache" know what exists. */
export const STORAGE_KEYS = {
  accessToken: 'ACCESS_TOKEN',
  brand: 'BRAND',
  /** Per brand: `LANGUAGE:<brand>`. */
  language: 'LANGUAGE',
  /** Per brand: `COUNTRY_CURRENCY:<brand>`. */
  countryCurrency: 'COUNTRY_CURRENCY',
  /** 7 days, like the token. */
  userInfo: 'USER_INFO',
  /** 7 days, like the token. */
  dictItems: 'SYS_ALL_DICT_ITEMS',
  /** The department choice (spec §4): 7 days. */
  depart: 'DEPART_ORG_CODE',
  /** Layout settings of the settings drawer (layout mode, header auto-hide). */
  layoutSettings: 'LAYOUT_SETTINGS',
} as const;

/** sessionStorage keys (spec §3: menu, auth and allAuth live in session storage). */
export const SESSION_KEYS = {
  menu: 'USER_MENU',
  auth: 'USER_AUTH',
  allAuth: 'SYS_BUTTON_AUTH',
  /** Set when the server ended the session (401): the sign-in page says so after the reload. */
  expired: 'SESSION_EXPIRED',
  /** The open tabs of this browser tab's shell and their addresses, with their user (app/shell/tabs.ts). */
  openTabs: 'OPEN_TABS',
} as const;

interface Expiring {
  value: string;
  /** Epoch ms; absent: no expiry. */
  expire?: number;
}

function storage(): Storage | undefined {
  try {
    return typeof window !== 'undefined' ? window.localStorage : undefined;
  } catch {
    return undefined;
  }
}

function sessionStore(): Storage | undefined {
  try {
    return typeof window !== 'undefined' ? window.sessionStorage : undefined;
  } catch {
    return undefined;
  }
}

export function readSessionJson<T>(key: string): T | null {
  const raw = sessionStore()?.getItem(key);
  if (raw === null || raw === undefined) return null;
  try {
    return JSON.parse(raw) as T;
  } catch {
    return null;
  }
}

export function writeSessionJson(key: string, value: unknown): void {
  sessionStore()?.setItem(key, JSON.stringify(value));
}

export function removeSessionKey(key: string): void {
  sessionStore()?.removeItem(key);
}

export function readString(key: string): string | null {
  return storage()?.getItem(key) ?? null;
}

export function writeString(key: string, value: string): void {
  storage()?.setItem(key, value);
}

export function removeKey(key: string): void {
  storage()?.removeItem(key);
}

/** Stores a value that reads back as absent after `ttlMs`. */
export function writeExpiring(key: string, value: string, ttlMs: number, now = Date.now()): void {
  const item: Expiring = { value, expire: now + ttlMs };
  writeString(key, JSON.stringify(item));
}

export function readExpiring(key: string, now = Date.now()): string | null {
  const raw = readString(key);
  if (raw === null) return null;
  try {
    const item = JSON.parse(raw) as Partial<Expiring>;
    if (typeof item.value !== 'string' || !item.value) return null;
    if (typeof item.expire === 'number' && item.expire <= now) {
      removeKey(key);
      return null;
    }
    return item.value;
  } catch {
    return null;
  }
}

/** The session token (7 days, spec §4). */
export function getToken(now = Date.now()): string | null {
  return readExpiring(STORAGE_KEYS.accessToken, now);
}

export function setToken(token: string, now = Date.now()): void {
  writeExpiring(STORAGE_KEYS.accessToken, token, TOKEN_TTL_MS, now);
}

export function clearToken(): void {
  removeKey(STORAGE_KEYS.accessToken);
}

export function hasSession(): boolean {
  return getToken() !== null;
}

function countryKey(brand: Brand): string {
  return `${STORAGE_KEYS.countryCurrency}:${brand.value}`;
}

/** Currencies the signed-in session may use beyond the brand's own (platform admin: the extra ones). */
let sessionCurrencies: () => readonly string[] = () => [];
export function setSessionCurrencySource(source: () => readonly string[]): void {
  sessionCurrencies = source;
}

/**
 * The session currency: the brand's stored choice when it is one of its currencies (or one the signed-in session
 * was given), else the brand's first.
 */
export function getSessionCurrency(brand: Brand): CurrencyCode {
  return getChosenCurrency(brand) ?? (brand.currencies[0] as CurrencyCode);
}

/**
 * The country the user chose for the brand (the switcher, or the session of the last sign-in), if any. The sign-in
 * sends only this: without a choice the server signs the user in to the merchant's home country.
 */
export function getChosenCurrency(brand: Brand): CurrencyCode | undefined {
  const stored = readString(countryKey(brand));
  return brand.currencies.find((c) => c === stored) ?? (sessionCurrencies().find((c) => c === stored) as CurrencyCode | undefined);
}

const currencyListeners = new Set<() => void>();

/** Told after every change of the stored country (the captcha follows its server: api/servers.ts). */
export function onSessionCurrencyChange(listener: () => void): () => void {
  currencyListeners.add(listener);
  return () => {
    currencyListeners.delete(listener);
  };
}

export function setSessionCurrency(brand: Brand, currency: CurrencyCode): void {
  writeString(countryKey(brand), currency);
  for (const listener of [...currencyListeners]) listener();
}

/** Logout housekeeping: brands that do not keep the country (storesCountry=false) forget it. */
export function clearCountryIfNotKept(brand: Brand): void {
  if (!brand.storesCountry) removeKey(countryKey(brand));
}

function languageKey(brand: Brand): string {
  return `${STORAGE_KEYS.language}:${brand.value}`;
}

export function getStoredLanguage(brand: Brand): string | null {
  return readString(languageKey(brand));
}

export function setStoredLanguage(brand: Brand, language: string): void {
  writeString(languageKey(brand), language);
}

/** A JSON value that expires like the token (user info, dictionaries, department choice). */
export function writeExpiringJson(key: string, value: unknown, ttlMs: number, now = Date.now()): void {
  writeExpiring(key, JSON.stringify(value), ttlMs, now);
}

export function readExpiringJson<T>(key: string, now = Date.now()): T | null {
  const raw = readExpiring(key, now);
  if (raw === null) return null;
  try {
    return JSON.parse(raw) as T;
  } catch {
    return null;
  }
}

/** The server refused the session: remembered across the reload to the sign-in page, which says so once. */
export function markSessionExpired(): void {
  sessionStore()?.setItem(SESSION_KEYS.expired, '1');
}

/** True once after markSessionExpired (the sign-in page's notice). */
export function takeSessionExpired(): boolean {
  const store = sessionStore();
  const was = store?.getItem(SESSION_KEYS.expired) === '1';
  if (was) store?.removeItem(SESSION_KEYS.expired);
  return was;
}
