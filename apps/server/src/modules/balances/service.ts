/**
 * Balances of a merchant (docs/payments-api.md "Balances"): available / pending / frozen per currency from the
 * ledger (every currency of the merchant, zeros included) with the low-balance threshold; setting or clearing the
 * threshold. The notice itself is ./limit.ts.
 */
import type { BalanceView } from '@mg/domain';
import { MERCHANT_ACCOUNT_KINDS, parseAmount, toMajorString, type CurrencyCode } from '@mg/domain';
import type { Db } from '../../db/pool';
import { fieldError } from '../../lib/errors';
import { notFound } from '../../lib/admin';
import { balancesOf, merchantTotals } from '../ledger/service';
import { deleteLimit, selectLimits, selectMerchant, upsertLimit } from './queries';

export async function merchantCurrencies(db: Db, merchantId: number): Promise<CurrencyCode[]> {
  const m = await selectMerchant(db, merchantId);
  if (!m) throw notFound();
  return m.currencies as CurrencyCode[];
}

/** One row per currency of the merchant (its order), then any other currency the ledger holds for it. */
export async function balancesView(db: Db, merchantId: number): Promise<BalanceView[]> {
  const [currencies, rows, limits] = await Promise.all([
    merchantCurrencies(db, merchantId),
    balancesOf(db, merchantId),
    selectLimits(db, merchantId),
  ]);
  return viewOf(currencies, rows, limits);
}

/**
 * Platform staff without a merchant chosen: every merchant's money together (what their home page sums), in the
 * platform's currency order; no limit (a threshold is one merchant's).
 */
export async function allMerchantsBalancesView(db: Db, platformId: number): Promise<BalanceView[]> {
  const [currencies, rows] = await Promise.all([merchantCurrencies(db, platformId), merchantTotals(db)]);
  return viewOf(currencies, rows, []);
}

function viewOf(
  currencies: CurrencyCode[],
  rows: { currency: string; kind: string; balance: bigint }[],
  limits: { currency: string; threshold: bigint }[],
): BalanceView[] {
  const all = [...currencies];
  for (const r of rows) if (!all.includes(r.currency as CurrencyCode)) all.push(r.currency as CurrencyCode);
  return all.map((currency) => {
    const of = (kind: (typeof MERCHANT_ACCOUNT_KINDS)[number]) =>
      rows.find((r) => r.currency === currency && r.kind === kind)?.balance ?? 0n;
    const available = of('available');
    const limit = limits.find((l) => l.currency === currency);
    return {
      currency,
      available: toMajorString(available, currency),
      pending: toMajorString(of('pending'), currency),
      frozen: toMajorString(of('frozen'), currency),
      limitBalance: limit ? toMajorString(limit.threshold, currency) : null,
      belowLimit: limit ? available < limit.threshold : false,
    };
  });
}

/**
 * The threshold as typed: a positive whole number of currency units (spec §5: "Balance limit is required", "Enter a
 * positive integer"), in minor units; 400 naming `limitBalance` otherwise.
 */
export function parseLimit(value: string | number, currency: CurrencyCode): bigint {
  const s = String(value).trim();
  if (s === '') throw fieldError('limitBalance', 'balances.limit.required');
  if (!/^\d+$/.test(s) || /^0+$/.test(s)) throw fieldError('limitBalance', 'balances.limit.positiveInteger');
  const r = parseAmount(s, currency);
  if (!r.ok) throw fieldError('limitBalance', 'validation.amount.tooLarge');
  return r.minor;
}

/**
 * The threshold asked for one currency of the merchant, in minor units (null clears it): 400 naming `currency` when
 * the merchant holds no such currency, naming `limitBalance` when the amount is not a positive whole number.
 */
export async function limitRequested(db: Db, merchantId: number, currency: CurrencyCode, raw: string | number | null): Promise<bigint | null> {
  if (!(await merchantCurrencies(db, merchantId)).includes(currency)) {
    throw fieldError('currency', 'validation.currency.invalid', { params: { value: currency } });
  }
  return raw === null ? null : parseLimit(raw, currency);
}

/**
 * Sets (threshold in minor units) or clears (null) the limit of one currency. A new threshold starts a new watch:
 * below_since is reset (the same threshold again keeps it), so the caller's low-balance check notifies at once when
 * the balance is already under it.
 */
export async function setLimit(db: Db, merchantId: number, currency: CurrencyCode, threshold: bigint | null, now: Date = new Date()): Promise<void> {
  if (threshold === null) await deleteLimit(db, merchantId, currency);
  else await upsertLimit(db, merchantId, currency, threshold, now);
}
