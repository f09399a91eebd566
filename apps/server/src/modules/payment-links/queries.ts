/** SQL of the payment links list (its source) and of the links the dashboard acts on. */
import { PaymentLinkStatus, paymentLinksList, type ListRecord, type PaymentLinkStatusValue } from '@mg/domain';
import { and, eq, gt, lte, or, sql, type SQL } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { DbLike } from '../../db/pool';
import { paymentLink } from '../../db/schema';
import { createdBetween, newestFirst, rangeUnlessKey } from '../../lib/list/order';
import { pagedSource } from '../../lib/list/source';
import { currencyOf, ownScope, scopeWhere } from '../auth/scope';
import { linkView } from './service';

export type PaymentLinkRecord = ListRecord<typeof paymentLinksList>;

/** A link's status as shown (linkView): an active link past its expiry is expired before the job marks it. */
function linkStatusIs(status: PaymentLinkStatusValue, now: Date): SQL | undefined {
  if (status === PaymentLinkStatus.ACTIVE) return and(eq(paymentLink.status, status), gt(paymentLink.expiresAt, now));
  if (status === PaymentLinkStatus.EXPIRED) {
    return or(eq(paymentLink.status, status), and(eq(paymentLink.status, PaymentLinkStatus.ACTIVE), lte(paymentLink.expiresAt, now)));
  }
  return eq(paymentLink.status, status);
}

/** The list of payment links; a record carries the link's address, so the source knows the public URL. */
export function paymentLinksSource(publicUrl: string) {
  return pagedSource({
    list: paymentLinksList,
    where: (q, ctx) => {
      const currency = currencyOf(ctx, q.currency);
      const range = rangeUnlessKey(q.id !== undefined, q, ctx, paymentLinksList.range?.months);
      const now = ctx.now ?? new Date();
      return and(
        scopeWhere(paymentLink.merchantId, ctx.scope),
        createdBetween(paymentLink.createdAt, range),
        q.status?.length ? or(...q.status.map((st) => linkStatusIs(st as PaymentLinkStatusValue, now))) : undefined,
        q.id !== undefined ? eq(paymentLink.id, q.id) : undefined,
        currency ? eq(paymentLink.currency, currency) : undefined,
      );
    },
    order: newestFirst(paymentLink, paymentLink.createdAt, paymentLink.id),
    sort: { createdAt: paymentLink.createdAt, createTime: paymentLink.createdAt, amount: paymentLink.amount, expiresAt: paymentLink.expiresAt },
    countFrom: sql`${paymentLink}`,
    read: async (db, where, o) => {
      const now = new Date();
      const rows = await db.select().from(paymentLink).where(where).orderBy(...o.orderBy).limit(o.limit).offset(o.offset ?? 0);
      return rows.map((r): PaymentLinkRecord => linkView(r, publicUrl, now));
    },
  });
}

/** The merchant of a link the caller may see (another merchant's: undefined). */
export async function scopedLinkMerchant(db: DbLike, req: FastifyRequest, id: string): Promise<number | undefined> {
  const [link] = await db
    .select({ merchantId: paymentLink.merchantId })
    .from(paymentLink)
    .where(and(eq(paymentLink.id, id), scopeWhere(paymentLink.merchantId, ownScope(req))));
  return link?.merchantId;
}
