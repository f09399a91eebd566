/** Amounts of request bodies: a decimal string of a currency in minor units, or a 400 naming the field. */
import { MONEY_ERROR_KEYS, decimalsOf, parseAmount, type CurrencyCode } from '@mg/domain';
import { fieldError } from './errors';

/** A decimal amount of `currency` from a body, 400 naming `field` when malformed. */
export function amountOf(value: string, currency: CurrencyCode, field: string): bigint {
  const r = parseAmount(value, currency);
  if (!r.ok) throw fieldError(field, MONEY_ERROR_KEYS[r.error], { labelOf: 'amount', params: { digits: decimalsOf(currency) } });
  return r.minor;
}
