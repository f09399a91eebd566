/**
 * The regional map of a deployment (docs/operations.md "Regional servers"): which API base answers each brand's
 * countries. Read from API_BASES (JSON) or API_BASES_FILE by config.ts; served per brand at GET /api/sys/apiBases.
 *
 *   { "default": "/api", "brands": { "tikipay": { "THB": "https://api-th.tikipay.example/api" },
 *                                    "relaypay": { "default": "https://gw.relaypay.example/api" } } }
 */
import { CURRENCY_CODES, DEFAULT_API_BASE, findBrand, type ApiBasesAnswer, type BrandApiBases, type CurrencyCode } from '@mg/domain';

export interface ApiBaseMap {
  default: string;
  brands: Readonly<Record<string, BrandApiBases>>;
}

/** A bad map; `message` says where, for ConfigError's one line. */
export class ApiBasesError extends Error {
  override readonly name = 'ApiBasesError';
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * A base is the API of the page's own origin (a path: `/api`) or of another one (`https://host[:port][/path]`): no
 * query, no fragment, no credentials; a trailing slash is dropped.
 */
function baseOf(value: unknown, where: string): string {
  if (typeof value !== 'string' || value.trim() === '') throw new ApiBasesError(`${where} must be a path (/api) or an http(s):// URL`);
  const v = value.trim().replace(/\/+$/, '');
  if (v.startsWith('/') && !v.startsWith('//')) {
    if (!/^\/[\w./-]*$/.test(v)) throw new ApiBasesError(`${where} must be a path of letters, digits and - _ . / (got ${JSON.stringify(value)})`);
    return v;
  }
  let url: URL;
  try {
    url = new URL(v);
  } catch {
    throw new ApiBasesError(`${where} must be a path (/api) or an http(s):// URL (got ${JSON.stringify(value)})`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new ApiBasesError(`${where} must be an http(s):// URL (got ${JSON.stringify(value)})`);
  if (url.search || url.hash || url.username || url.password) throw new ApiBasesError(`${where} must have no query, fragment or credentials (got ${JSON.stringify(value)})`);
  return v;
}

function brandBasesOf(brandValue: string, entry: unknown): BrandApiBases {
  const brand = findBrand(brandValue);
  if (!brand) throw new ApiBasesError(`brands names an unknown brand ${JSON.stringify(brandValue)}`);
  if (!isObject(entry)) throw new ApiBasesError(`brands.${brandValue} must be an object of "default" and currency codes`);
  const out: BrandApiBases = { currencies: {} };
  for (const [key, value] of Object.entries(entry)) {
    const where = `brands.${brandValue}.${key}`;
    if (key === 'default') {
      out.default = baseOf(value, where);
      continue;
    }
    if (!(CURRENCY_CODES as readonly string[]).includes(key)) throw new ApiBasesError(`${where}: ${JSON.stringify(key)} is neither "default" nor a currency code`);
    // A proxy brand's calls all go to its own host, which forwards each country: one base, whatever the country.
    if (brand.isProxy) throw new ApiBasesError(`${where}: ${brandValue} calls through its own proxy, give it one "default" base and no per-country ones`);
    out.currencies[key as CurrencyCode] = baseOf(value, where);
  }
  return out;
}

/** Parses the map's JSON text; throws ApiBasesError naming the first bad entry. */
export function parseApiBases(text: string): ApiBaseMap {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (e) {
    throw new ApiBasesError(`is not JSON (${(e as Error).message})`);
  }
  if (!isObject(json)) throw new ApiBasesError('must be a JSON object {"default": ..., "brands": {...}}');
  for (const key of Object.keys(json)) if (key !== 'default' && key !== 'brands') throw new ApiBasesError(`has an unknown key ${JSON.stringify(key)} (only "default" and "brands")`);
  const brands: Record<string, BrandApiBases> = {};
  if (json.brands !== undefined) {
    if (!isObject(json.brands)) throw new ApiBasesError('brands must be an object of brand values');
    for (const [value, entry] of Object.entries(json.brands)) brands[value] = brandBasesOf(value, entry);
  }
  return { default: json.default === undefined ? DEFAULT_API_BASE : baseOf(json.default, 'default'), brands };
}

/** One brand's part, what the web app of that brand needs (a brand's page does not list the other brands' hosts). */
export function apiBasesAnswer(map: ApiBaseMap | null, brandValue: string): ApiBasesAnswer {
  if (!map) return { default: DEFAULT_API_BASE, brand: { currencies: {} } };
  const own = map.brands[brandValue];
  return { default: map.default, brand: { ...(own?.default ? { default: own.default } : {}), currencies: { ...(own?.currencies ?? {}) } } };
}

/** The other origins the map sends the web app to (CSP connect-src, img-src and media-src of the page). */
export function apiOrigins(map: ApiBaseMap | null): string[] {
  if (!map) return [];
  const bases = [map.default, ...Object.values(map.brands).flatMap((b) => [b.default, ...Object.values(b.currencies)])];
  const origins = new Set<string>();
  for (const b of bases) if (b && /^https?:\/\//.test(b)) origins.add(new URL(b).origin);
  return [...origins].sort();
}

/** WEB_ORIGINS: comma-separated `http(s)://host[:port]`, no path. */
export function parseWebOrigins(text: string): string[] {
  const out: string[] = [];
  for (const part of text.split(',').map((s) => s.trim()).filter(Boolean)) {
    let url: URL;
    try {
      url = new URL(part);
    } catch {
      throw new ApiBasesError(`must be http(s)://host[:port] origins separated by commas (got ${JSON.stringify(part)})`);
    }
    if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.origin !== part.replace(/\/$/, '')) {
      throw new ApiBasesError(`must be http(s)://host[:port] origins separated by commas, no path (got ${JSON.stringify(part)})`);
    }
    out.push(url.origin);
  }
  return out;
}
