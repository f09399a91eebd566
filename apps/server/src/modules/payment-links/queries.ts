/** SQL of the payment links list (its source) and of the links the dashboard acts on. */
import { PaymentLinkStatus, paymentLinksList, type ListRecord, type PaymentLinkStatusValue } from '@mg/domain';
import { and, asc, count, eq, gt, lte, or, sql, type SQL } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { DbLike } from '../../db/pool';
import { collection, merchant, paymentLink, product, STATUS_ENABLED } from '../../db/schema';
import { createdBetween, newestFirst, listRange } from '../../lib/list/order';
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
      const range = listRange(paymentLinksList, q, ctx);
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

/* The link's life: create, void, pay ------------------------------------------------------------------------ */

export type PaymentLinkRow = typeof paymentLink.$inferSelect;

export async function selectMerchantCurrencies(db: DbLike, merchantId: number): Promise<string[] | undefined> {
  const [m] = await db.select({ currencies: merchant.currencies }).from(merchant).where(eq(merchant.id, merchantId));
  return m?.currencies;
}

/** The enabled products of a currency (optionally one payment type), in payment type and channel order. */
export function selectOfferedProducts(db: DbLike, currency: string, paymentType?: number) {
  return db
    .select({ paymentType: product.paymentType, channel: product.channel, minAmount: product.minAmount, maxAmount: product.maxAmount })
    .from(product)
    .where(and(eq(product.currency, currency), eq(product.status, STATUS_ENABLED), paymentType === undefined ? undefined : eq(product.paymentType, paymentType)))
    .orderBy(asc(product.paymentType), asc(product.channel));
}

export async function insertLink(db: DbLike, values: typeof paymentLink.$inferInsert): Promise<PaymentLinkRow> {
  const [row] = await db.insert(paymentLink).values(values).returning();
  return row!;
}

export async function selectLink(db: DbLike, merchantId: number, id: string): Promise<PaymentLinkRow | undefined> {
  const [row] = await db.select().from(paymentLink).where(and(eq(paymentLink.merchantId, merchantId), eq(paymentLink.id, id)));
  return row;
}

export async function selectLinkByToken(db: DbLike, token: string, opts: { lock?: boolean } = {}): Promise<PaymentLinkRow | undefined> {
  const q = db.select().from(paymentLink).where(eq(paymentLink.token, token));
  const [row] = opts.lock ? await q.for('update') : await q;
  return row;
}

/**
 * The link's attempt (a collection) locked for the rest of the transaction without waiting: PostgreSQL refuses with
 * lock_not_available (55P03) when another transaction holds it, as a payment of it does.
 */
export async function lockAttemptNoWait(db: DbLike, merchantId: number, collectionId: string): Promise<{ id: string; status: string } | undefined> {
  const [row] = await db
    .select({ id: collection.id, status: collection.status })
    .from(collection)
    .where(and(eq(collection.merchantId, merchantId), eq(collection.id, collectionId)))
    .for('update', { noWait: true });
  return row;
}

/** The link row locked for the rest of the transaction. */
export async function lockLink(db: DbLike, merchantId: number, id: string): Promise<PaymentLinkRow | undefined> {
  const [row] = await db.select().from(paymentLink).where(and(eq(paymentLink.merchantId, merchantId), eq(paymentLink.id, id))).for('update');
  return row;
}

export async function updateLink(db: DbLike, link: { merchantId: number; id: string }, set: Partial<typeof paymentLink.$inferInsert>): Promise<PaymentLinkRow> {
  const [row] = await db.update(paymentLink).set(set).where(and(eq(paymentLink.merchantId, link.merchantId), eq(paymentLink.id, link.id))).returning();
  return row!;
}

/** How many collections a link has started (the next one's merchant order id counts on). */
export async function countLinkCollections(db: DbLike, merchantId: number, linkId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(collection).where(and(eq(collection.merchantId, merchantId), eq(collection.paymentLinkId, linkId)));
  return row?.n ?? 0;
}
