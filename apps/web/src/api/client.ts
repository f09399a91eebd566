// Long file: the one API client of the web app (request and its envelope, spec §7 headers and payload fields, the
// spec §8 reactions to statuses, downloads and raw calls); its parts share the session and notifier state kept here.
import {
  BACKGROUND_REQUEST_HEADER,
  DEFAULT_TENANT_ID,
  DUPLICATE_REQUEST_GUARD_MS,
  ERROR_CATALOGUE,
  EXPORT_TIMEOUT_MS,
  HTTP_REACTIONS,
  REQUEST_TIMEOUT_MS,
  USER_ACTIVITY_WINDOW_MS,
  httpReactionFor,
  zoneOf,
  zoneOffsetMinutes,
  type Brand,
  type CurrencyCode,
  type HttpReaction,
  type Language,
} from '@mg/domain';
import { getCurrentBrand } from '../brands/resolve';
import { currentLanguage, i18n, translateMaybeKey } from '../i18n';
import { clearToken, getSessionCurrency, getToken, markSessionExpired } from '../session/storage';
import { lastPersonInput } from './activity';
import { ApiError } from './errors';
import { apiBaseFor, underBase } from './servers';
import { createAntdNotifier, type ApiNotifier } from './notifier';
import { isPlainObject, sessionDateFields, toQueryString } from './payload';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type ResponseType = 'json' | 'blob' | 'text';

export interface RequestOptions {
  /** Query parameters (GET and others). */
  params?: Record<string, unknown>;
  /** Body: a plain object is sent as JSON (with the session fields); FormData, Blob and strings as they are. */
  data?: unknown;
  timeoutMs?: number;
  responseType?: ResponseType;
  signal?: AbortSignal;
  headers?: Record<string, string>;
  /** No toast/dialog on failure (the caller shows its own); the rejection still carries the ApiError. */
  silent?: boolean;
  /**
   * The call ends the session it is sent with and answers a new one (a sub-merchant or country switch). While it
   * is in flight, another call refused for the old token (the server ended it before answering the switch) is not
   * a reason to sign out: the new session is on its way.
   */
  replacesSession?: boolean;
  /**
   * No person asked for this call (a probe, a poll): it is sent with BACKGROUND_REQUEST_HEADER, so it does not keep
   * the session from its idle limit. Calls made long after the person's last input are marked so anyway.
   */
  background?: boolean;
}

/** The response envelope of every JSON reply (DESIGN §6). */
export interface Envelope<T> {
  success: boolean;
  message: string;
  code: number | string;
  result: T;
  timestamp: number;
  errorCode?: string;
  errors?: unknown;
}

/** Where the client reads the session from. Swapped in tests. */
export interface ApiContext {
  /** Where calls go now: the base of the session's country (api/servers.ts), `/api` without a regional map. */
  apiBase(): string;
  brand(): Brand;
  language(): Language;
  currency(): CurrencyCode;
  token(): string | null;
  logout(): void;
  tenantId(): string;
  reload(): void;
  now(): number;
  /** Epoch ms of the person's last input in the page (api/activity.ts). */
  lastInput(): number;
  fetch: typeof fetch;
}

const defaultContext: ApiContext = {
  // Asked at each call: the country (and with it the server) changes on the sign-in page and at a country switch.
  apiBase: () => apiBaseFor(ctx.brand(), ctx.currency()),
  brand: () => getCurrentBrand(),
  language: () => currentLanguage(),
  currency: () => getSessionCurrency(getCurrentBrand()),
  token: () => getToken(),
  logout: () => clearToken(),
  tenantId: () => DEFAULT_TENANT_ID,
  // The reload after a refused session is a timer; where the page is already gone (a test's jsdom torn down) it has
  // nothing to reload.
  reload: () => {
    if (typeof window !== 'undefined') window.location.reload();
  },
  now: () => Date.now(),
  lastInput: () => lastPersonInput(),
  fetch: (...args) => globalThis.fetch(...args),
};

let ctx: ApiContext = defaultContext;
let notifier: ApiNotifier | undefined;
const inFlight = new Set<string>();

export function configureApi(overrides: Partial<ApiContext>): void {
  ctx = { ...ctx, ...overrides };
}

/** The notifier of the mounted antd `<App>`; `undefined` goes back to the static fallback (that `<App>` unmounted). */
export function setApiNotifier(next: ApiNotifier | undefined): void {
  notifier = next;
}

export function currentApiNotifier(): ApiNotifier | undefined {
  return notifier;
}

async function getNotifier(): Promise<ApiNotifier> {
  if (!notifier) {
    const { message, Modal } = await import('antd');
    notifier = createAntdNotifier(message, Modal);
  }
  return notifier;
}

/** Tests: back to the defaults, guard emptied. */
export function resetApiForTests(): void {
  ctx = defaultContext;
  notifier = undefined;
  inFlight.clear();
  replacing.clear();
}

/** The session fields of spec §7 that travel in every payload. */
export function sessionFields(c: ApiContext = ctx): Record<string, unknown> {
  const brand = c.brand();
  const currency = c.currency();
  const fields: Record<string, unknown> = {
    countryCurrency: currency,
    timeZoneOffset: zoneOffsetMinutes(zoneOf(currency), new Date(c.now())),
    lang: c.language(),
  };
  if (brand.sendsBrand) fields.paymentBrand = brand.value;
  return fields;
}

/** Whether a call now is background traffic: asked so, or no input from the person for USER_ACTIVITY_WINDOW_MS. */
function isBackground(c: ApiContext, asked: boolean): boolean {
  return asked || c.now() - c.lastInput() > USER_ACTIVITY_WINDOW_MS;
}

export function sessionHeaders(c: ApiContext = ctx, background = false): Record<string, string> {
  const brand = c.brand();
  const currency = c.currency();
  const headers: Record<string, string> = {
    tenant_id: c.tenantId(),
    'X-Lang': c.language(),
    'X-Currency': currency,
    'X-Time-Zone': zoneOf(currency),
  };
  const token = c.token();
  if (token) headers['X-Access-Token'] = token;
  if (brand.sendsBrand) headers['X-Brand'] = brand.value;
  if (isBackground(c, background)) headers[BACKGROUND_REQUEST_HEADER] = '1';
  return headers;
}

function resolveUrl(url: string): string {
  return underBase(ctx.apiBase(), url);
}

/** The base calls go to now (the realtime socket and the captcha follow it). */
export function currentApiBase(): string {
  return ctx.apiBase();
}

function t(key: string): string {
  return i18n.isInitialized ? i18n.t(key) : key;
}

/** Tokens whose session a call in flight is replacing (replacesSession), with how many such calls. */
const replacing = new Map<string, number>();

/** Who sent a failed call: its token, and whether it is itself the call replacing that token's session. */
interface Sender {
  token: string | null;
  replaces: boolean;
}

/**
 * A call made with a token that has since been replaced (sub-merchant or country switch), or is being replaced right
 * now, is refused for that old token only: it must not end the session that replaces it.
 */
function refusedForOldToken(sender: Sender): boolean {
  const sentToken = sender.token;
  if (sentToken && ctx.token() !== sentToken) return true;
  return Boolean(sentToken && !sender.replaces && (replacing.get(sentToken) ?? 0) > 0);
}

/**
 * Shows the reaction of spec §8 for a failed call and runs its side effects (logout + reload; the re-login dialog,
 * for a 500 about token expiry and for the 401 TOKEN_EXPIRED of a session ended for being idle).
 */
async function react(status: number, serverMessage: string, silent: boolean, sender: Sender, errorCode?: string): Promise<void> {
  const reaction: HttpReaction = httpReactionFor(status, serverMessage, errorCode);
  if (reaction.kind === 'logoutAndReload') {
    if (refusedForOldToken(sender)) return;
    const hadToken = Boolean(ctx.token());
    if (!silent) (await getNotifier()).error(t(reaction.messageKey), HTTP_REACTIONS.other.durationSeconds);
    if (hadToken) {
      ctx.logout();
      markSessionExpired();
      setTimeout(() => ctx.reload(), reaction.reloadAfterMs);
    }
    return;
  }
  if (reaction.kind === 'reloginDialog') {
    if (refusedForOldToken(sender)) return;
    // Shown even for a silent call (the session probe): nothing else would tell the person why the page stopped.
    (await getNotifier()).reloginDialog({
      title: t(reaction.titleKey),
      content: t(reaction.messageKey),
      okText: t(reaction.buttonKey),
      onOk: () => {
        ctx.logout();
        ctx.reload();
      },
    });
    return;
  }
  if (silent) return;
  const text = reaction.kind === 'notice' ? t(reaction.messageKey) : translateMaybeKey(serverMessage) || t(reaction.fallbackKey);
  (await getNotifier()).error(text, HTTP_REACTIONS.other.durationSeconds);
}

/** The answer's body stopped arriving (the connection dropped, or the page unloading aborted it): no answer at all. */
class BodyLost extends Error {}

async function readBody(response: Response): Promise<unknown> {
  const type = response.headers.get('content-type') ?? '';
  try {
    return type.includes('json') ? await response.json() : await response.text();
  } catch (e) {
    // A body that arrived whole but is not JSON is the server's (bad) answer; one that stopped arriving is none, and
    // must not read as a refusal (a session switch's reload cut a 200 short, and the session was signed out).
    if (e instanceof SyntaxError) return undefined;
    throw new BodyLost();
  }
}

function isSuccess(envelope: Partial<Envelope<unknown>>): boolean {
  return envelope.success === true && (envelope.code === undefined || String(envelope.code) === '200');
}

async function fail(status: number, body: unknown, silent: boolean, sender: Sender = { token: null, replaces: false }): Promise<never> {
  const env = (isPlainObject(body) ? body : {}) as Partial<Envelope<unknown>>;
  const message = typeof env.message === 'string' ? env.message : typeof body === 'string' ? body : '';
  const errorCode = typeof env.errorCode === 'string' ? env.errorCode : undefined;
  await react(status, message, silent, sender, errorCode);
  throw new ApiError({
    httpStatus: status,
    code: env.code !== undefined ? String(env.code) : String(status),
    message: translateMaybeKey(message) || t(HTTP_REACTIONS.other.fallbackKey),
    errorCode,
    errors: env.errors,
  });
}

/** A call that got no answer: the network notice (unless silent), then `NETWORK_ERROR` with HTTP status 0. */
async function noAnswer(silent: boolean): Promise<never> {
  const text = t(ERROR_CATALOGUE.NETWORK_ERROR.messageKey);
  if (!silent) (await getNotifier()).error(text, HTTP_REACTIONS.other.durationSeconds);
  throw new ApiError({ httpStatus: 0, code: 'NETWORK', errorCode: 'NETWORK_ERROR', message: text });
}

/** A JSON reply of a 2xx status: the envelope's `result`, or the failure it reports. */
async function settle<T>(status: number, payload: unknown, silent: boolean, sender: Sender): Promise<T> {
  if (!isPlainObject(payload)) return await fail(status, payload, silent, sender);
  const envelope = payload as Partial<Envelope<T>>;
  if (isSuccess(envelope)) return envelope.result as T;
  const code = Number(envelope.code);
  return await fail(Number.isFinite(code) && code >= 400 ? code : status, payload, silent, sender);
}

/**
 * The one way a screen talks to the server. Resolves with the envelope's `result` (or the Blob/text for those
 * response types); rejects with an ApiError after showing the reaction of spec §8.
 */
export async function request<T>(method: HttpMethod, url: string, options: RequestOptions = {}): Promise<T> {
  const { responseType = 'json', silent = false } = options;
  const sessionZone = zoneOf(ctx.currency());
  const fields = sessionFields();

  let params: Record<string, unknown> = sessionDateFields({ ...(options.params ?? {}) }, sessionZone);
  let body: BodyInit | undefined;
  const headers: Record<string, string> = { ...sessionHeaders(ctx, options.background === true), ...(options.headers ?? {}) };

  if (method === 'GET') {
    params = { ...fields, ...params, _t: Math.floor(ctx.now() / 1000) };
  } else if (isPlainObject(options.data) || options.data === undefined) {
    const data = sessionDateFields({ ...((options.data as Record<string, unknown>) ?? {}) }, sessionZone);
    body = JSON.stringify({ ...fields, ...data });
    headers['Content-Type'] = 'application/json';
  } else {
    body = options.data as BodyInit;
  }

  const query = toQueryString(params);
  const target = resolveUrl(url);
  const fullUrl = `${target}${query ? `${target.includes('?') ? '&' : '?'}${query}` : ''}`;

  const sentToken = ctx.token();
  const sender: Sender = { token: sentToken, replaces: options.replacesSession === true && sentToken !== null };
  if (sender.replaces && sentToken) replacing.set(sentToken, (replacing.get(sentToken) ?? 0) + 1);
  // Duplicate guard (spec §4): an identical non-GET while the first is in flight (or within 2 s after) is refused.
  let guardKey: string | undefined;
  if (method !== 'GET') {
    const identity = typeof options.data === 'string' || isPlainObject(options.data) || options.data === undefined ? JSON.stringify(options.data ?? null) : String(ctx.now());
    guardKey = `${method} ${target} ${JSON.stringify(options.params ?? null)} ${identity}`;
    if (inFlight.has(guardKey)) {
      const text = t(ERROR_CATALOGUE.DUPLICATE_REQUEST_INTERRUPTED.messageKey);
      if (!silent) (await getNotifier()).error(text, HTTP_REACTIONS.other.durationSeconds);
      throw new ApiError({ httpStatus: 0, code: 'DUPLICATE_REQUEST', errorCode: 'DUPLICATE_REQUEST_INTERRUPTED', message: text });
    }
    inFlight.add(guardKey);
  }

  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, options.timeoutMs ?? REQUEST_TIMEOUT_MS);
  const onCallerAbort = () => controller.abort(options.signal?.reason);
  if (options.signal) {
    if (options.signal.aborted) controller.abort(options.signal.reason);
    else options.signal.addEventListener('abort', onCallerAbort, { once: true });
  }

  try {
    let response: Response;
    try {
      response = await ctx.fetch(fullUrl, { method, headers, body, credentials: 'include', signal: controller.signal });
    } catch (e) {
      if (timedOut) return await fail(504, { code: 'TIMEOUT', message: HTTP_REACTIONS[504].messageKey }, silent);
      if (options.signal?.aborted) throw e;
      return await noAnswer(silent);
    }

    const isJson = (response.headers.get('content-type') ?? '').includes('json');
    // An error status is the server's answer even when its body is cut short: a 401 still signs out.
    if (!response.ok) return await fail(response.status, await readBody(response).catch(() => undefined), silent, sender);

    if (responseType === 'blob' && !isJson) return fileOf(await response.blob(), response.headers.get('content-disposition')) as T;
    if (responseType === 'text' && !isJson) return (await response.text()) as T;

    return await settle<T>(response.status, await readBody(response), silent, sender);
  } catch (e) {
    if (timedOut && !(e instanceof ApiError)) return await fail(504, { code: 'TIMEOUT', message: HTTP_REACTIONS[504].messageKey }, silent);
    if (e instanceof BodyLost) {
      if (options.signal?.aborted) throw options.signal.reason;
      return await noAnswer(silent);
    }
    throw e;
  } finally {
    if (sender.replaces && sentToken) {
      const left = (replacing.get(sentToken) ?? 1) - 1;
      if (left > 0) replacing.set(sentToken, left);
      else replacing.delete(sentToken);
    }
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', onCallerAbort);
    if (guardKey) {
      const key = guardKey;
      setTimeout(() => inFlight.delete(key), DUPLICATE_REQUEST_GUARD_MS);
    }
  }
}

export const api = {
  get: <T>(url: string, params?: Record<string, unknown>, options: Omit<RequestOptions, 'params'> = {}) => request<T>('GET', url, { ...options, params }),
  post: <T>(url: string, data?: unknown, options: Omit<RequestOptions, 'data'> = {}) => request<T>('POST', url, { ...options, data }),
  put: <T>(url: string, data?: unknown, options: Omit<RequestOptions, 'data'> = {}) => request<T>('PUT', url, { ...options, data }),
  patch: <T>(url: string, data?: unknown, options: Omit<RequestOptions, 'data'> = {}) => request<T>('PATCH', url, { ...options, data }),
  delete: <T>(url: string, params?: Record<string, unknown>, options: Omit<RequestOptions, 'params'> = {}) => request<T>('DELETE', url, { ...options, params }),
};

/** The name the server gave a file (`filename*=UTF-8''…` first, then `filename="…"`), else none. */
export function fileNameFrom(disposition: string | null): string | undefined {
  if (!disposition) return undefined;
  const star = /filename\*=UTF-8''([^;]+)/i.exec(disposition);
  if (star?.[1]) {
    try {
      return decodeURIComponent(star[1].trim());
    } catch {
      /* a malformed escape: fall back to the plain name */
    }
  }
  return /filename="([^"]+)"/i.exec(disposition)?.[1];
}

function fileOf(blob: Blob, disposition: string | null): Blob {
  const name = fileNameFrom(disposition);
  return name && typeof File === 'function' ? new File([blob], name, { type: blob.type }) : blob;
}

/** How long a downloaded file's blob: URL stays valid after its click (FileSaver.js keeps it 40 s). */
const BLOB_URL_KEEP_MS = 60_000;

/**
 * Export download: GET with the session, the export timeout and a blob response, saved under the server's file
 * name (else `filename`). Resolves with the Blob.
 */
export async function download(url: string, params: Record<string, unknown> = {}, filename = 'export.xlsx'): Promise<Blob> {
  const blob = await request<Blob>('GET', url, { params, responseType: 'blob', timeoutMs: EXPORT_TIMEOUT_MS });
  saveBlob(blob, typeof File === 'function' && blob instanceof File ? blob.name : filename);
  return blob;
}

/** Hands a file made in the page (or downloaded) to the browser's downloads under `filename`. */
export function saveBlob(blob: Blob, filename: string): void {
  if (typeof document === 'undefined' || typeof URL.createObjectURL !== 'function') return;
  const href = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = href;
  a.download = filename;
  a.rel = 'noopener';
  document.body.appendChild(a);
  a.click();
  a.remove();
  // Chromium reads a blob: download after the click returns; revoked at once, a busy browser sometimes found the URL
  // gone and dropped the download without a word (a browser test's template download never came).
  setTimeout(() => URL.revokeObjectURL(href), BLOB_URL_KEEP_MS);
}

/** What a call made outside `request()` needs (see `rawCall`). */
export interface RawCall {
  /** The full URL under the API base. */
  url: string;
  /** The session headers `request()` sends. */
  headers: Record<string, string>;
  /** The session fields `request()` adds to a payload (for a multipart body: form fields). */
  fields: Record<string, string>;
  /**
   * The reply (status and body, parsed JSON or text) as `request()` would answer it: the envelope's `result`, or an
   * ApiError after the reactions of spec §8 (401 signs out, the login-expired dialog); other failures show no toast,
   * the caller shows the message.
   */
  settle<T>(status: number, body: unknown): Promise<T>;
  /** The ApiError of a call that got no answer (`NETWORK_ERROR`), without a toast. */
  networkError(): ApiError;
}

/**
 * For the one call `request()` cannot make: an upload through XMLHttpRequest, whose progress events fetch does not
 * report (components/upload/uploadFile.ts). Same base URL, session and answers as `request()`.
 */
export function rawCall(url: string): RawCall {
  const sender: Sender = { token: ctx.token(), replaces: false };
  const fields = Object.fromEntries(Object.entries(sessionFields()).map(([k, v]) => [k, String(v)]));
  return {
    url: resolveUrl(url),
    headers: sessionHeaders(),
    fields,
    settle: <T>(status: number, body: unknown) => (status >= 200 && status < 300 ? settle<T>(status, body, true, sender) : fail(status, body, true, sender)),
    networkError: () => new ApiError({ httpStatus: 0, code: 'NETWORK', errorCode: 'NETWORK_ERROR', message: t(ERROR_CATALOGUE.NETWORK_ERROR.messageKey) }),
  };
}
