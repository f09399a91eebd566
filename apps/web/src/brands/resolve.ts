import { resolveBrand, findBrand, type Brand } from '@mg/domain';
import { STORAGE_KEYS, readString, writeString } from '../session/storage';

/** Query parameter that stores a brand choice for local use (`?brand=pagoverde`). */
export const BRAND_QUERY_PARAM = 'brand';

export interface BrandLocation {
  hostname: string;
  search: string;
}

/**
 * Reads `?brand=` from the location: a known brand value is stored as the choice. Returns the search string without
 * the parameter (or null when there was none), so the caller can tidy the address bar.
 */
export function captureBrandQuery(search: string): string | null {
  const params = new URLSearchParams(search);
  if (!params.has(BRAND_QUERY_PARAM)) return null;
  const value = params.get(BRAND_QUERY_PARAM);
  if (findBrand(value)) writeString(STORAGE_KEYS.brand, value as string);
  params.delete(BRAND_QUERY_PARAM);
  const rest = params.toString();
  return rest ? `?${rest}` : '';
}

/** Host first, then the stored choice, then the platform brand (domain rule). */
export function resolveBrandFor(location: BrandLocation): Brand {
  captureBrandQuery(location.search);
  return resolveBrand(location.hostname, readString(STORAGE_KEYS.brand));
}

let current: Brand | undefined;

/**
 * The brand of this page, resolved once at start. `?brand=` is stored and removed from the address bar here
 * (history.replaceState, no reload).
 */
export function initBrand(): Brand {
  const { hostname, search, pathname, hash } = window.location;
  const rest = captureBrandQuery(search);
  if (rest !== null) window.history.replaceState(window.history.state, '', `${pathname}${rest}${hash}`);
  current = resolveBrand(hostname, readString(STORAGE_KEYS.brand));
  return current;
}

export function getCurrentBrand(): Brand {
  return current ?? initBrand();
}

/** Tests only: forget the resolved brand. */
export function resetCurrentBrand(): void {
  current = undefined;
}
