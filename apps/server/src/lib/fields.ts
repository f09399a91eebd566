/** Request fields the route schema cannot check alone (open API and dashboard): currency codes and money amounts. */
import { decimalsOf, isCurrencyCode, MONEY_ERROR_KEYS, parseAmount, type CurrencyCode } from '@mg/domain';
import type { FastifyRequest } from 'fastify';
import { fieldError } from './errors';

/** A currency code, else a 400 naming `field`. */
export function currencyField(value: string, field = 'currency'): CurrencyCode {
  const code = value.trim().toUpperCase();
  if (!isCurrencyCode(code))
    throw fieldError(field, 'open-api.currencyUnknown', {
      labelOf: 'currency',
      params: { value: value.slice(0, 16) },
    });
  return code;
}

/** A positive decimal amount valid for the currency's decimals, in minor units; else a 400 naming `field`. */
export function amountField(value: string, currency: CurrencyCode, field = 'amount'): bigint {
  const parsed = parseAmount(value, currency);
  if (!parsed.ok) {
    throw fieldError(field, MONEY_ERROR_KEYS[parsed.error], {
      labelOf: 'amount',
      params: { digits: decimalsOf(currency) },
    });
  }
  return parsed.minor;
}

/** `currency` of a dashboard query, else the session currency; 400 naming `currency` when unknown or absent. */
export function requestCurrency(req: FastifyRequest, given: string | undefined): CurrencyCode {
  const raw = given?.trim().toUpperCase() || req.ctx?.currency || req.auth?.currency;
  if (!raw) throw fieldError('currency', 'validation.currency.invalid', { params: { value: '' } });
  if (!isCurrencyCode(raw)) throw fieldError('currency', 'validation.currency.invalid', { params: { value: String(given).slice(0, 16) } });
  return raw;
}

