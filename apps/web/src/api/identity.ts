/**
 * The identity calls of docs/identity-api.md, each through `callApi` (call.ts) and typed by its domain declaration
 * (auth, account and dictionaries calls): envelope, session headers, spec §8 reactions. The declarations and
 * callApi load with the first call (./identity-calls.ts), not with the sign-in page's first paint: zod stays out of
 * that bundle (issue 10, as features/auth/loginChecks.ts).
 */
import type { accountCalls, authCalls, CallBody, CallParams, LoginResult, TwoFactorChallenge } from '@mg/domain';

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

/** What the sign-in form sends (domain authCalls.login). */
export type LoginForm = CallBody<typeof authCalls.login>;

type Declared = typeof import('./identity-calls');

/**
 * Sends a call once the declarations (and callApi with them) have loaded: neither is in the bundle that paints the
 * sign-in page (issue 10), which calls only through here.
 */
async function send<R>(call: (d: Declared) => Promise<R>): Promise<R> {
  return call(await import('./identity-calls'));
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
  randomImage: (checkKey: CallParams<typeof authCalls.captcha>['key']) => send((d) => d.callApi(d.authCalls.captcha, { params: { key: checkKey } }, { silent: true })),
  /** The login page shows the failure in the form: silent. */
  login: (form: LoginForm) => send((d) => d.callApi(d.authCalls.login, { body: form }, { silent: true })),
  login2fa: (loginTicket: string, code: string) => send((d) => d.callApi(d.authCalls.login2fa, { body: { loginTicket, code } }, { silent: true })),
  logout: () => send((d) => d.callApi(d.authCalls.logout, {}, { silent: true })),
  userInfo: () => send((d) => d.callApi(d.authCalls.userInfo)),
  permissions: () => send((d) => d.callApi(d.authCalls.permissions, {}, { silent: true })),
  switchSubMerchant: (merchantId: number, username: string) =>
    send((d) => d.callApi(d.authCalls.switchSubMerchant, { body: { merchantId, username } }, { replacesSession: true })),
  /** Same server: a new session bound to the new currency. */
  switchCountry: (countryCurrency: string) => send((d) => d.callApi(d.authCalls.switchCountry, { body: { countryCurrency } }, { replacesSession: true })),
  currentUserDeparts: () => send((d) => d.callApi(d.authCalls.departs)),
  selectDepart: (orgCode: string, username: string) => send((d) => d.callApi(d.authCalls.selectDepart, { body: { orgCode, username } })),
  updatePassword: (body: CallBody<typeof authCalls.updatePassword>) => send((d) => d.callApi(d.authCalls.updatePassword, { body })),
  sendEmailCode: (body: CallBody<typeof accountCalls.emailCode>) => send((d) => d.callApi(d.accountCalls.emailCode, { body })),
  register: (body: CallBody<typeof accountCalls.register>) => send((d) => d.callApi(d.accountCalls.register, { body })),
  forgePassword: (body: CallBody<typeof accountCalls.forgePassword>) => send((d) => d.callApi(d.accountCalls.forgePassword, { body })),
  refreshDictCache: () => send((d) => d.callApi(d.dictCalls.refreshCache, {}, { silent: true })),
  queryAllDictItems: () => send((d) => d.callApi(d.dictCalls.all, {}, { silent: true })),
};
