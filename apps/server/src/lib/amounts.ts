/** Amounts of request bodies: a decimal string of a currency in minor units, or a 400 naming the field. */
import { MAX_AMOUNT_MINOR, MONEY_ERROR_KEYS, decimalsOf, parseAmount, type CurrencyCode } from '@mg/domain';
import { fieldError } from './errors';

/** A decimal amount of `currency` from a body, 400 naming `field` when malformed. */
export function amountOf(value: string, currency: CurrencyCode, field: string): bigint {
  const r = parseAmount(value, currency);
  if (!r.ok) throw fieldError(field, MONEY_ERROR_KEYS[r.error], { labelOf: 'amount', params: { digits: decimalsOf(currency) } });
  return r.minor;
}

/** A positive amount in minor units within MAX_AMOUNT_MINOR, else a 400 naming `field`. */
export function validateAmount(amount: bigint, field = 'amount'): void {
  if (typeof amount !== 'bigint') throw fieldError(field, MONEY_ERROR_KEYS.AMOUNT_REQUIRED, { labelOf: 'amount' });
  if (amount < 0n) throw fieldError(field, MONEY_ERROR_KEYS.AMOUNT_NEGATIVE, { labelOf: 'amount' });
  if (amount === 0n) throw fieldError(field, MONEY_ERROR_KEYS.AMOUNT_ZERO, { labelOf: 'amount' });
  if (amount > MAX_AMOUNT_MINOR) throw fieldError(field, MONEY_ERROR_KEYS.AMOUNT_TOO_LARGE, { labelOf: 'amount' });
}
