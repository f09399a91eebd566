/**
 * The identity calls of docs/identity-api.md, typed. Every call goes through `api` (client.ts): envelope, session
 * headers, spec §8 reactions.
 */
import type { CurrencyCode, Depart, DictItems, LoginResult, PermissionResult, TwoFactorChallenge, UserInfo } from '@mg/domain';
import { api } from './client';

// The response shapes are shared with the server (@mg/domain); re-exported so screens keep importing from here.
export type {
  AuthEntry,
  Depart,
  DictItems,
  DictItemView,
  LoginResult,
  MenuItem,
  PermissionFlag,
  PermissionResult,
  TwoFactorChallenge,
  UserInfo,
} from '@mg/domain';

export interface LoginForm {
  username: string;
  password: string;
  captcha: string;
  checkKey: string;
  /** Left out when the user chose none: the server takes the merchant's home country. */
  countryCurrency: CurrencyCode | undefined;
}


export interface Paged<T> {
  records: T[];
  total: number;
  size: number;
  current: number;
  pages: number;
}

export function isTwoFactorChallenge(r: LoginResult | TwoFactorChallenge): r is TwoFactorChallenge {
  return (r as TwoFactorChallenge).twoFactorRequired === true;
}

/** A random captcha key of 32 hex characters (contract: 8-64 characters). */
export function newCheckKey(): string {
  const bytes = new Uint8Array(16);
  globalThis.crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

export const identityApi = {
  randomImage: (checkKey: string) => api.get<string>(`/sys/randomImage/${encodeURIComponent(checkKey)}`, undefined, { silent: true }),
  /** The login page shows the failure in the form: silent. */
  login: (form: LoginForm) => api.post<LoginResult | TwoFactorChallenge>('/sys/login', form, { silent: true }),
  login2fa: (loginTicket: string, code: string) => api.post<LoginResult>('/sys/login/2fa', { loginTicket, code }, { silent: true }),
  logout: () => api.post<null>('/sys/logout', undefined, { silent: true }),
  userInfo: () => api.get<UserInfo>('/user/info'),
  permissions: () => api.get<PermissionResult>('/sys/permission/getUserPermissionByToken', undefined, { silent: true }),
  switchSubMerchant: (merchantId: number, username: string) => api.put<LoginResult>('/sys/switchSubMId', { merchantId, username }, { replacesSession: true }),
  /** Same server: a new session bound to the new currency. */
  switchCountry: (countryCurrency: CurrencyCode) => api.put<LoginResult>('/sys/switchCountry', { countryCurrency }, { replacesSession: true }),
  currentUserDeparts: () => api.get<{ list: Depart[]; orgCode: string | null }>('/sys/user/getCurrentUserDeparts'),
  selectDepart: (orgCode: string, username: string) => api.put<{ userInfo: UserInfo }>('/sys/selectDepart', { orgCode, username }),
  updatePassword: (body: { username: string; oldpassword: string; password: string; confirmpassword: string }) =>
    api.post<null>('/sys/user/updatePassword', body),
  sendEmailCode: (body: { email: string; purpose: 'register' | 'reset'; captcha: string; checkKey: string }) => api.post<null>('/account/sms', body),
  register: (body: {
    username: string;
    password: string;
    confirmpassword: string;
    email: string;
    phone: string;
    emailCode: string;
    companyName: string;
    countryCurrency: CurrencyCode;
    brand: string;
  }) => api.post<{ username: string; merchantId: number }>('/auth/register', body),
  forgePassword: (body: { email: string; emailCode: string; password: string; confirmpassword: string }) => api.post<null>('/auth/forge-password', body),
  refreshDictCache: () => api.get<null>('/sys/dict/refleshCache', undefined, { silent: true }),
  queryAllDictItems: () => api.get<DictItems>('/sys/dict/queryAllDictItems', undefined, { silent: true }),
};
