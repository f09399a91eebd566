import { BACKGROUND_REQUEST_HEADER } from './constants';
import type { CurrencyCode } from './currencies';

/**
 * Spec §7: "the base host differs per country, brand and environment". Which server answers a brand's country is
 * deployment data (API_BASES, docs/operations.md "Regional servers"), not code: the server reads it from its
 * configuration and answers one brand's part at GET /api/sys/apiBases (BRAND_API_BASES_PATH); the web sends every
 * call to the base of the session's country.
 */

/** A brand's bases: `default` for its countries without their own entry (a proxy brand: the only entry). */
export interface BrandApiBases {
  default?: string;
  currencies: Partial<Record<CurrencyCode, string>>;
}

/** What GET /api/sys/apiBases answers for one brand: the deployment's default base and the brand's own. */
export interface ApiBasesAnswer {
  /** Base of whatever the map does not name: `/api` (the page's own origin) unless the deployment says otherwise. */
  default: string;
  brand: BrandApiBases;
}

/** The base of a deployment without a map: the API of the origin the web app was loaded from. */
export const DEFAULT_API_BASE = '/api';

/** Under DEFAULT_API_BASE; public (the sign-in page reads it before anyone signs in). */
export const BRAND_API_BASES_PATH = '/sys/apiBases';

/**
 * The request headers the web app sends (apps/web api/client.ts sessionHeaders): what a regional server allows a
 * cross-origin call to carry (CORS preflight).
 */
export const CROSS_ORIGIN_REQUEST_HEADERS = [
  'Content-Type',
  'X-Access-Token',
  'tenant_id',
  'X-Lang',
  'X-Currency',
  'X-Time-Zone',
  'X-Brand',
  BACKGROUND_REQUEST_HEADER,
] as const;

/** Answer headers the web app reads from a cross-origin answer (a download's file name, the request id of a report). */
export const CROSS_ORIGIN_EXPOSED_HEADERS = ['Content-Disposition', 'X-Request-Id'] as const;
