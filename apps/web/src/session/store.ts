/**
 * The session (spec §3, §4): token (7 days), user info and dictionaries (7 days, like the token), the permission
 * menu with auth and allAuth (session storage), the department choice (7 days). One external store, so the shell,
 * the guard and `usePermission()` react to sign-in, switches and sign-out.
 */
import { useSyncExternalStore } from 'react';
import { TOKEN_TTL_MS, type Brand, type CurrencyCode } from '@mg/domain';
import type { AuthEntry, DictItems, LoginResult, MenuItem, PermissionResult, UserInfo } from '../api/identity';
import {
  SESSION_KEYS,
  STORAGE_KEYS,
  clearCountryIfNotKept,
  clearToken,
  getToken,
  readExpiringJson,
  readSessionJson,
  removeKey,
  removeSessionKey,
  setSessionCurrency,
  setSessionCurrencySource,
  setToken,
  writeExpiringJson,
  writeSessionJson,
} from './storage';

export interface SessionState {
  token: string | null;
  userInfo: UserInfo | null;
  dictItems: DictItems | null;
  /** null: not loaded yet in this tab (the guard fetches it). */
  menu: MenuItem[] | null;
  auth: AuthEntry[];
  allAuth: AuthEntry[];
}

const listeners = new Set<() => void>();
let snapshot: SessionState | null = null;
let snapshotRaw = '';

/** The raw stored values: the snapshot is rebuilt only when one of them changed (whoever wrote it). */
function rawKey(): string {
  const ls = typeof window !== 'undefined' ? window.localStorage : undefined;
  const ss = typeof window !== 'undefined' ? window.sessionStorage : undefined;
  return [
    ls?.getItem(STORAGE_KEYS.accessToken),
    ls?.getItem(STORAGE_KEYS.userInfo),
    ls?.getItem(STORAGE_KEYS.dictItems),
    ss?.getItem(SESSION_KEYS.menu),
    ss?.getItem(SESSION_KEYS.auth),
    ss?.getItem(SESSION_KEYS.allAuth),
  ].join('\u0000');
}

function read(): SessionState {
  return {
    token: getToken(),
    userInfo: readExpiringJson<UserInfo>(STORAGE_KEYS.userInfo),
    dictItems: readExpiringJson<DictItems>(STORAGE_KEYS.dictItems),
    menu: readSessionJson<MenuItem[]>(SESSION_KEYS.menu),
    auth: readSessionJson<AuthEntry[]>(SESSION_KEYS.auth) ?? [],
    allAuth: readSessionJson<AuthEntry[]>(SESSION_KEYS.allAuth) ?? [],
  };
}

/** Tells every subscriber that the stored session changed. */
export function notifySession(): void {
  for (const l of listeners) l();
}

/** The current session; the same object while nothing stored changed (useSyncExternalStore needs that). */
export function getSession(): SessionState {
  const raw = rawKey();
  if (!snapshot || raw !== snapshotRaw) {
    snapshot = read();
    snapshotRaw = raw;
  }
  // A token that expired since the last read reads as signed out.
  if (snapshot.token && getToken() === null) {
    snapshot = read();
    snapshotRaw = rawKey();
  }
  return snapshot;
}

let crossTab = false;
export function subscribeSession(listener: () => void): () => void {
  // Another tab signing in or out changes localStorage: re-read.
  if (!crossTab && typeof window !== 'undefined') {
    crossTab = true;
    window.addEventListener('storage', notifySession);
  }
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useSession(): SessionState {
  return useSyncExternalStore(subscribeSession, getSession, getSession);
}

// The session's currencies count as valid stored countries (platform admin: more than the brand's).
setSessionCurrencySource(() => getSession().userInfo?.currencies ?? []);

export function setUserInfo(userInfo: UserInfo, now = Date.now()): void {
  writeExpiringJson(STORAGE_KEYS.userInfo, userInfo, TOKEN_TTL_MS, now);
  notifySession();
}

export function setDictItems(items: DictItems, now = Date.now()): void {
  writeExpiringJson(STORAGE_KEYS.dictItems, items, TOKEN_TTL_MS, now);
  notifySession();
}

export function setPermissions(result: PermissionResult): void {
  writeSessionJson(SESSION_KEYS.menu, result.menu ?? []);
  writeSessionJson(SESSION_KEYS.auth, result.auth ?? []);
  writeSessionJson(SESSION_KEYS.allAuth, result.allAuth ?? []);
  notifySession();
}

export function clearPermissions(): void {
  removeSessionKey(SESSION_KEYS.menu);
  removeSessionKey(SESSION_KEYS.auth);
  removeSessionKey(SESSION_KEYS.allAuth);
  notifySession();
}

/** Spec §4 "Login": token for 7 days, user info and dictionaries stored; the session currency is the server's. */
export function applyLoginResult(brand: Brand, result: LoginResult, now = Date.now()): void {
  setToken(result.token, now);
  writeExpiringJson(STORAGE_KEYS.userInfo, result.userInfo, TOKEN_TTL_MS, now);
  writeExpiringJson(STORAGE_KEYS.dictItems, result.sysAllDictItems ?? {}, TOKEN_TTL_MS, now);
  removeSessionKey(SESSION_KEYS.menu);
  removeSessionKey(SESSION_KEYS.auth);
  removeSessionKey(SESSION_KEYS.allAuth);
  if (result.userInfo?.currency) setSessionCurrency(brand, result.userInfo.currency as CurrencyCode);
  notifySession();
}

/** The department choice (spec §4): kept 7 days. */
export function setDepartChoice(orgCode: string, now = Date.now()): void {
  writeExpiringJson(STORAGE_KEYS.depart, orgCode, TOKEN_TTL_MS, now);
}

export function getDepartChoice(now = Date.now()): string | null {
  return readExpiringJson<string>(STORAGE_KEYS.depart, now);
}

/**
 * Sign-out housekeeping: token, user info, dictionaries, menu and permission lists go; the country goes too for
 * brands that do not keep it. The language and the department choice stay.
 */
export function clearSession(brand: Brand): void {
  clearToken();
  removeKey(STORAGE_KEYS.userInfo);
  removeKey(STORAGE_KEYS.dictItems);
  removeSessionKey(SESSION_KEYS.menu);
  removeSessionKey(SESSION_KEYS.auth);
  removeSessionKey(SESSION_KEYS.allAuth);
  clearCountryIfNotKept(brand);
  notifySession();
}

/** "Name(10002),Other(10003)" -> entries; malformed parts are skipped. */
export function parseSubMerchants(infos: string | null | undefined): { name: string; merchantId: number }[] {
  if (!infos) return [];
  const out: { name: string; merchantId: number }[] = [];
  for (const part of infos.split(',')) {
    const m = /^\s*(.*?)\s*\((\d+)\)\s*$/.exec(part);
    if (m) out.push({ name: m[1] ?? '', merchantId: Number(m[2]) });
  }
  return out;
}

export function isAdminSession(userInfo: UserInfo | null): boolean {
  if (!userInfo) return false;
  if (userInfo.isPlatform) return true;
  return userInfo.roleCode.split(',').map((r) => r.trim()).includes('admin');
}
