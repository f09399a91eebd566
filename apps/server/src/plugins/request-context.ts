/**
 * Request context (spec §7 common fields): language, session currency, time zone, brand and tenant, read once
 * per request and validated. Language is resolved first (onRequest) so even the earliest errors are answered
 * in the caller's language; the rest after body parsing (preValidation), since `countryCurrency` may be in the body.
 */
import {
  DEFAULT_TENANT_ID,
  findBrand,
  isCurrencyCode,
  resolveLanguage,
  timeZoneSchema,
  zoneOf,
  type Brand,
  type CurrencyCode,
  type Language,
} from '@mg/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { fieldError } from '../lib/errors';

export interface RequestContext {
  lang: Language;
  /** Session currency, when the request names one. */
  currency: CurrencyCode | undefined;
  /** IANA zone wall-clock dates of this request are in: X-Time-Zone, else the currency's zone. */
  timeZone: string;
  brand: Brand | undefined;
  tenantId: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    lang: Language;
    ctx: RequestContext;
  }
}

function header(req: FastifyRequest, name: string): string | undefined {
  const v = req.headers[name];
  const s = Array.isArray(v) ? v[0] : v;
  return s === undefined || s.trim() === '' ? undefined : s.trim();
}

function field(source: unknown, name: string): string | undefined {
  if (!source || typeof source !== 'object') return undefined;
  const v = (source as Record<string, unknown>)[name];
  const s = Array.isArray(v) ? v[0] : v;
  return typeof s === 'string' && s.trim() !== '' ? s.trim() : undefined;
}

export function languageOf(req: FastifyRequest): Language {
  return resolveLanguage(header(req, 'x-lang') ?? field(req.query, 'lang') ?? header(req, 'accept-language'));
}

export function readContext(req: FastifyRequest): RequestContext {
  const lang = req.lang ?? languageOf(req);

  const currencyHeader = header(req, 'x-currency');
  const rawCurrency = currencyHeader ?? field(req.query, 'countryCurrency') ?? field(req.body, 'countryCurrency');
  let currency: CurrencyCode | undefined;
  if (rawCurrency !== undefined) {
    const upper = rawCurrency.toUpperCase();
    if (!isCurrencyCode(upper)) {
      throw fieldError(currencyHeader !== undefined ? 'X-Currency' : 'countryCurrency', 'validation.currency.invalid', {
        labelOf: 'currency',
        params: { value: rawCurrency.slice(0, 16) },
      });
    }
    currency = upper;
  }

  const rawZone = header(req, 'x-time-zone');
  let timeZone = zoneOf(currency);
  if (rawZone !== undefined) {
    const parsed = timeZoneSchema.safeParse(rawZone);
    if (!parsed.success) {
      throw fieldError('X-Time-Zone', 'validation.timeZone.invalid', { labelOf: 'timeZone', params: { value: rawZone.slice(0, 64) } });
    }
    timeZone = parsed.data;
  }

  const rawBrand = header(req, 'x-brand');
  const brand = rawBrand === undefined ? undefined : findBrand(rawBrand.toLowerCase());
  if (rawBrand !== undefined && !brand) {
    throw fieldError('X-Brand', 'error.fieldInvalid', { params: { value: rawBrand.slice(0, 32) } });
  }

  const tenantId = header(req, 'tenant_id') ?? DEFAULT_TENANT_ID;
  if (!/^\d{1,18}$/.test(tenantId)) throw fieldError('tenant_id', 'error.fieldInvalid', { params: { value: tenantId.slice(0, 32) } });

  return { lang, currency, timeZone, brand, tenantId };
}

/** Registers on the root instance (no encapsulation), so every route and the 404 handler get the context. */
export function registerRequestContext(app: FastifyInstance): void {
  app.decorateRequest('lang', 'en-US');
  app.decorateRequest('ctx', null as unknown as RequestContext);
  app.addHook('onRequest', async (req) => {
    req.lang = languageOf(req);
  });
  app.addHook('preValidation', async (req) => {
    if (req.url.startsWith('/api')) {
      req.ctx = readContext(req);
      return;
    }
    // Pages and assets: a stray header never turns a page load into a 400.
    try {
      req.ctx = readContext(req);
    } catch {
      req.ctx = { lang: req.lang, currency: undefined, timeZone: zoneOf(undefined), brand: undefined, tenantId: DEFAULT_TENANT_ID };
    }
  });
}
