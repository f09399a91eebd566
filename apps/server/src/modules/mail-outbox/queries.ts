/** SQL of the mail outbox list (its source: lib/list/source.ts). */
import { mailOutboxList, type ListRecord } from '@mg/domain';
import { and, ilike, inArray, sql } from 'drizzle-orm';
import { mailOutbox } from '../../db/schema';
import { containsPattern, iso } from '../../lib/admin';
import { newestFirst } from '../../lib/list/order';
import { pagedSource } from '../../lib/list/source';
import { scopeWhere } from '../auth/scope';

type MailRecord = ListRecord<typeof mailOutboxList>;

function toMailRecord(r: typeof mailOutbox.$inferSelect): MailRecord {
  return {
    id: r.id,
    merchantId: r.merchantId,
    toAddress: r.toAddress,
    subject: r.subject,
    textBody: r.textBody,
    status: r.status,
    error: r.error,
    createdAt: r.createdAt.toISOString(),
    sentAt: iso(r.sentAt),
  };
}

export const mailOutboxSource = pagedSource({
  list: mailOutboxList,
  // Platform staff in practice (mail-outbox:menu is platform-only); anyone else would see its own merchant's mail.
  where: (q, ctx) =>
    and(
      scopeWhere(mailOutbox.merchantId, ctx.scope),
      q.toAddress ? ilike(mailOutbox.toAddress, containsPattern(q.toAddress)) : undefined,
      q.status?.length ? inArray(mailOutbox.status, q.status) : undefined,
    ),
  order: newestFirst(mailOutbox, mailOutbox.createdAt, mailOutbox.id),
  sort: { createdAt: mailOutbox.createdAt, toAddress: mailOutbox.toAddress, status: mailOutbox.status },
  countFrom: sql`${mailOutbox}`,
  read: async (db, where, o) =>
    (await db.select().from(mailOutbox).where(where).orderBy(...o.orderBy).limit(o.limit).offset(o.offset ?? 0)).map(toMailRecord),
});
