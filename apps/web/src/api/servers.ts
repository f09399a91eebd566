import { BRAND_API_BASES_PATH, DEFAULT_API_BASE, type Brand, type CallAnswer, type CurrencyCode, type regionCalls } from '@mg/domain';

/**
 * API base per brand and currency (spec §7: "the base host differs per country, brand and environment"). The map is
 * the deployment's (API_BASES, docs/operations.md "Regional servers"): the page's own server answers its brand's part
 * at start (loadApiBases); without one, or before it answers, every call goes to the page's own `/api`.
 */
export type ApiBaseMap = CallAnswer<typeof regionCalls.apiBases>;

export { DEFAULT_API_BASE };

/** One server for every brand and country: what a deployment without a map has. */
export const NO_REGIONAL_MAP: ApiBaseMap = { default: DEFAULT_API_BASE, brand: { currencies: {} } };

let current: ApiBaseMap = NO_REGIONAL_MAP;

/** The map this page reads its bases from. */
export function currentApiBases(): ApiBaseMap {
  return current;
}

/** The map loadApiBases read (tests: a map of their own; null: none). */
export function setApiBases(map: ApiBaseMap | null): void {
  current = map ?? NO_REGIONAL_MAP;
}

/** How long the start waits for the map: a page that cannot read it still opens, on its own server. */
const LOAD_TIMEOUT_MS = 5_000;

const isBase = (v: unknown): v is string => typeof v === 'string' && v !== '';

/** The answer's shape, checked: anything else is no map (the page's own server for everything). */
function mapOf(result: unknown): ApiBaseMap | null {
  if (typeof result !== 'object' || result === null) return null;
  const r = result as { default?: unknown; brand?: { default?: unknown; currencies?: unknown } };
  if (!isBase(r.default) || typeof r.brand !== 'object' || r.brand === null) return null;
  const currencies = typeof r.brand.currencies === 'object' && r.brand.currencies !== null ? (r.brand.currencies as Record<string, unknown>) : {};
  return {
    default: r.default,
    brand: {
      ...(isBase(r.brand.default) ? { default: r.brand.default } : {}),
      currencies: Object.fromEntries(Object.entries(currencies).filter(([, v]) => isBase(v))) as Partial<Record<CurrencyCode, string>>,
    },
  };
}

/**
 * Reads the brand's part of the deployment's map from the page's own server (main.tsx, before the first render), so
 * that even the sign-in page's first call goes to the server of its country. Not through `request()`: that call
 * would itself need a base, and a failure here is no reason for a toast: the page then stays on its own server.
 * Typed by the domain's regionCalls.apiBases (whose path is BRAND_API_BASES_PATH); its declaration is not imported as
 * a value, so its zod stays out of the bundle that paints the page (issue 10).
 */
export async function loadApiBases(brand: Brand, fetchImpl: typeof fetch = (...args) => globalThis.fetch(...args)): Promise<ApiBaseMap> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), LOAD_TIMEOUT_MS);
  try {
    const response = await fetchImpl(`${DEFAULT_API_BASE}${BRAND_API_BASES_PATH}?brand=${encodeURIComponent(brand.value)}`, { signal: controller.signal });
    const body = response.ok ? ((await response.json()) as { success?: unknown; result?: unknown }) : null;
    setApiBases(body?.success === true ? mapOf(body.result) : null);
  } catch {
    setApiBases(null);
  } finally {
    clearTimeout(timer);
  }
  return current;
}

/**
 * The base a call of the brand in `currency` goes to: the currency's own entry, else the brand's default, else the
 * deployment's. A proxy brand (isProxy: relaypay) calls through its own base whatever the country: its proxy host
 * forwards each country to the server that serves it (docs/decisions.md "Regional servers").
 */
export function apiBaseFor(brand: Brand, currency: CurrencyCode, bases: ApiBaseMap = current): string {
  const own = bases.brand;
  if (brand.isProxy) return own.default ?? bases.default;
  return own.currencies[currency] ?? own.default ?? bases.default;
}

/** Whether the brand's countries are served by more than one server (then the sign-in must say which country). */
export function isRegional(brand: Brand, bases: ApiBaseMap = current): boolean {
  return new Set(brand.currencies.map((c) => apiBaseFor(brand, c, bases))).size > 1;
}

export type CountrySwitchAction = 'reload' | 'relogin';

/**
 * Spec §4 "Changing country". The same server: a new session in the target country, then a reload (admins and
 * everyone else: the server opens it, PUT /sys/switchCountry). Another server: confirm, sign out, sign in there:
 * a non-admin as §4 says, and an admin too, since "admin logins can switch without logging out if the server
 * matches" and here it does not: the other region's server has its own database, where this session does not
 * exist (docs/decisions.md "Regional servers").
 */
export function countrySwitchAction(brand: Brand, from: CurrencyCode, to: CurrencyCode, bases: ApiBaseMap = current): CountrySwitchAction {
  return apiBaseFor(brand, from, bases) === apiBaseFor(brand, to, bases) ? 'reload' : 'relogin';
}

/**
 * The URL of `path` under `base`: a path the server handed out (`/api/...`, a download link of its own) is under
 * the server's own API, whatever base the page uses for it.
 */
export function underBase(base: string, path: string): string {
  if (/^https?:\/\//.test(path)) return path;
  const b = base.replace(/\/$/, '');
  if (path === b || path.startsWith(`${b}/`)) return path;
  const rest = path === DEFAULT_API_BASE || path.startsWith(`${DEFAULT_API_BASE}/`) ? path.slice(DEFAULT_API_BASE.length) : path;
  return `${b}${rest.startsWith('/') || rest === '' ? '' : '/'}${rest}`;
}

/** The realtime socket's address under `base` (same origin as the page when the base is a path). */
export function socketUrl(base: string, path: string, loc: Pick<Location, 'protocol' | 'host'>): string {
  const http = /^https?:\/\//.test(base) ? base.replace(/\/$/, '') : `${loc.protocol}//${loc.host}${base.replace(/\/$/, '')}`;
  return `${http.replace(/^http/, 'ws')}${path}`;
}
