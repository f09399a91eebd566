/** Answer shapes of payouts beyond the list record: the destinations of a currency, the policy, the status history. */
import { PayoutStatus, fieldLabelKey, fieldsOf, payoutDestinationsOf, toMajorString, translate, type CurrencyCode, type Language } from '@mg/domain';
import { z } from 'zod';
import type { PayoutPolicyRow, PayoutRow } from './queries';

export const destinationsSchema = z.array(
  z.object({
    bankCode: z.string(),
    name: z.string(),
    kind: z.string().describe('bank | ewallet'),
    channel: z.number().int(),
    fields: z.array(z.string()).describe('request fields this destination needs, in form order'),
    accountLabel: z.string().describe('the account number field as people call it here, in the request language (X-Lang / Accept-Language): "Account number", "Wallet phone number", "CLABE", "PIX key" ...'),
    agencyLabel: z.string().nullable().describe('the bankAgency field likewise ("Branch", "IFSC"); null where the destination takes no bankAgency'),
    minAmount: z.string(),
    maxAmount: z.string(),
  }),
);

/**
 * The destinations of a currency as integrators read them: field labels are texts in the caller's language, not the
 * dashboard's i18n keys, which mean nothing outside it and could change with any release (docs/decisions.md).
 */
export function destinationsView(currency: CurrencyCode, lang: Language): z.infer<typeof destinationsSchema> {
  return payoutDestinationsOf(currency).map((d) => ({
    bankCode: d.bankCode,
    name: d.name,
    kind: d.kind,
    channel: d.channel,
    fields: fieldsOf(d),
    accountLabel: translate(lang, fieldLabelKey(d, 'accountNumber')),
    agencyLabel: fieldsOf(d).includes('bankAgency') ? translate(lang, fieldLabelKey(d, 'bankAgency')) : null,
    minAmount: d.minAmount,
    maxAmount: d.maxAmount,
  }));
}

export const policySchema = z.object({
  merchantId: z.number().int(),
  currencies: z.array(
    z.object({
      currency: z.string(),
      autoApproveMax: z.string().nullable().describe('auto-approve a payout up to this amount; null: never'),
      dailyAutoMax: z.string().nullable().describe("while the day's auto-approved total stays within this; null: no daily limit"),
      updatedBy: z.string(),
      updatedAt: z.string(),
    }),
  ),
});

export function policyView(merchantId: number, rows: PayoutPolicyRow[]): z.infer<typeof policySchema> {
  const major = (v: bigint | null, c: string) => (v === null ? null : toMajorString(v, c as CurrencyCode));
  return {
    merchantId,
    currencies: rows.map((r) => ({
      currency: r.currency,
      autoApproveMax: major(r.autoApproveMax, r.currency),
      dailyAutoMax: major(r.dailyAutoMax, r.currency),
      updatedBy: r.updatedBy,
      updatedAt: r.updatedAt.toISOString(),
    })),
  };
}

export const timelineSchema = z.array(z.object({ event: z.string().describe('created, approved, autoApproved, rejected, sent, ended'), at: z.string(), by: z.string().nullable(), status: z.string().nullable() }));

/** The status history of a payout, from the times its row keeps (each change writes its own column). */
export function timelineOf(p: PayoutRow): z.infer<typeof timelineSchema> {
  const out: z.infer<typeof timelineSchema> = [{ event: 'created', at: p.createdAt.toISOString(), by: p.createdBy, status: null }];
  if (p.reviewedAt) {
    const rejected = p.status === PayoutStatus.REJECTED;
    out.push({ event: p.autoApproved ? 'autoApproved' : rejected ? 'rejected' : 'approved', at: p.reviewedAt.toISOString(), by: p.reviewedBy, status: null });
  }
  if (p.sentAt) out.push({ event: 'sent', at: p.sentAt.toISOString(), by: null, status: p.channelReference });
  if (p.completedAt && !(p.status === PayoutStatus.REJECTED && p.reviewedAt?.getTime() === p.completedAt.getTime())) {
    out.push({ event: 'ended', at: p.completedAt.toISOString(), by: null, status: p.status });
  }
  return out;
}
