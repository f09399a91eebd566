/**
 * The approval policy of a merchant's payouts (domain payoutCalls.policy, savePolicy): per currency, the amount a
 * payout is approved without review up to, and the day's auto-approved total it stays within. An empty limit is
 * none: that currency is always reviewed (an empty daily limit: no daily limit).
 */
import type { CallAnswer, CurrencyCode, payoutCalls } from '@mg/domain';
import type { DbLike } from '../../db/pool';
import { amountOf } from '../../lib/amounts';
import { selectPolicies, upsertPolicy } from './queries';
import { policyView } from './views';

type PolicyView = CallAnswer<typeof payoutCalls.policy>;

export async function payoutPolicyOf(db: DbLike, merchantId: number): Promise<PolicyView> {
  return policyView(merchantId, await selectPolicies(db, merchantId));
}

/** Sets one currency's limits (each a decimal in the currency, 400 naming its field; empty or null: none). */
export async function savePayoutPolicy(db: DbLike, v: { merchantId: number; currency: CurrencyCode; autoApproveMax: string | null; dailyAutoMax: string | null; updatedBy: string }): Promise<PolicyView> {
  const amount = (s: string | null, field: string) => (s === null || s.trim() === '' ? null : amountOf(s, v.currency, field));
  const autoApproveMax = amount(v.autoApproveMax, 'autoApproveMax');
  const dailyAutoMax = amount(v.dailyAutoMax, 'dailyAutoMax');
  await upsertPolicy(db, { merchantId: v.merchantId, currency: v.currency, autoApproveMax, dailyAutoMax, updatedBy: v.updatedBy });
  return payoutPolicyOf(db, v.merchantId);
}
