/**
 * Fee rules administration (platform staff, Perm.FEE_EDIT): read and upsert one rule per (merchant, currency,
 * payment type, channel | any). Amounts travel as decimal strings in the currency's major units; rates in basis
 * points 0..FEE_RATE_BPS_MAX. Every change is audited with the rule before and after.
 */
import { FEE_ANY_CHANNEL, parseAmount, toMajorString, type CurrencyCode, type feeRuleSchema } from '@mg/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { fieldError } from '../../lib/errors';
import { forbidden, notFound } from '../../lib/admin';
import { audit, requireAuth } from '../auth';
import { merchantExists, productChannels, selectRule, selectRulesOf, upsertRule, type FeeRuleRow } from './queries';

/** A rule as the dashboard reads it (domain feeRuleSchema). */
export type FeeRuleView = z.output<typeof feeRuleSchema>;

/** A rule to save: the view without its time (amounts as decimal strings). */
export type FeeRuleInput = Omit<FeeRuleView, 'updatedAt'>;

type Row = FeeRuleRow;

function view(r: Row): FeeRuleView {
  const currency = r.currency as CurrencyCode;
  return {
    merchantId: r.merchantId,
    currency,
    paymentType: r.paymentType,
    channel: r.channel,
    rateBps: r.rateBps,
    fixedFee: toMajorString(r.fixedFee, currency),
    minFee: toMajorString(r.minFee, currency),
    status: r.status,
    updatedAt: r.updatedAt.toISOString(),
  };
}

function minorOf(field: 'fixedFee' | 'minFee', value: string, currency: CurrencyCode): bigint {
  const r = parseAmount(value, currency, { allowZero: true });
  if (!r.ok) throw fieldError(field, 'fees.amountInvalid', { params: { currency } });
  return r.minor;
}

/** Fee rules are the provider's: platform staff only, whatever role grants the permission (403 fees.platformOnly). */
export function platformOnly(req: FastifyRequest): void {
  if (!requireAuth(req).isPlatform) throw forbidden('fees.platformOnly');
}

export async function listFeeRules(app: FastifyInstance, merchantId: number, currency?: CurrencyCode): Promise<FeeRuleView[]> {
  return (await selectRulesOf(app.db, merchantId, currency)).map(view);
}

/** Creates or replaces the rule of (merchant, currency, payment type, channel). */
export async function saveFeeRule(app: FastifyInstance, req: FastifyRequest, input: FeeRuleInput): Promise<FeeRuleView> {
  const fixedFee = minorOf('fixedFee', input.fixedFee, input.currency);
  const minFee = minorOf('minFee', input.minFee, input.currency);

  if (!(await merchantExists(app.db, input.merchantId))) throw notFound();
  // The payment type (and channel) must be a product of the currency.
  const offered = await productChannels(app.db, input.currency, input.paymentType);
  if (offered.length === 0) throw fieldError('paymentType', 'fees.channelMismatch', { params: { channel: input.channel, currency: input.currency } });
  if (input.channel !== FEE_ANY_CHANNEL && !offered.includes(input.channel)) {
    throw fieldError('channel', 'fees.channelMismatch', { params: { channel: input.channel, currency: input.currency } });
  }

  const key = { merchantId: input.merchantId, currency: input.currency, paymentType: input.paymentType, channel: input.channel };
  const before = await selectRule(app.db, key);
  const after = view(await upsertRule(app.db, key, { rateBps: input.rateBps, fixedFee, minFee, status: input.status }));
  await audit(app.db, req, 'fee_rule_changed', {
    success: true,
    detail: { merchantId: input.merchantId, before: before ? view(before) : null, after },
  });
  return after;
}
