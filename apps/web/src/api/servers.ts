import type { Brand, CurrencyCode } from '@mg/domain';

/**
 * API base per brand and currency (spec §7: "the base host differs per country, brand and environment"). This
 * deployment serves every brand and country from one server, so the map is empty and every lookup answers the
 * default; a deployment with regional servers fills it in.
 */
export type ApiBaseMap = Readonly<Record<string, Readonly<Partial<Record<CurrencyCode, string>>>>>;

export const DEFAULT_API_BASE = '/api';
export const API_BASES: ApiBaseMap = {};

export function apiBaseFor(brand: Brand, currency: CurrencyCode, bases: ApiBaseMap = API_BASES): string {
  return bases[brand.value]?.[currency] ?? DEFAULT_API_BASE;
}

export type CountrySwitchAction = 'reload' | 'relogin';

/**
 * Spec §4 "Changing country": when the target country is served by another server and the user is not an admin,
 * the session cannot move there: log out and sign in again. Otherwise just reload with the new currency.
 */
export function countrySwitchAction(
  brand: Brand,
  from: CurrencyCode,
  to: CurrencyCode,
  isAdmin: boolean,
  bases: ApiBaseMap = API_BASES,
): CountrySwitchAction {
  const sameServer = apiBaseFor(brand, from, bases) === apiBaseFor(brand, to, bases);
  return sameServer || isAdmin ? 'reload' : 'relogin';
}
