/** The mail outbox (platform staff): what was sent, or, without MAIL_URL, what would have been. Newest first. */
import { Perm } from '@mg/domain';
import { and, count, desc, eq, ilike } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { mailOutbox } from '../../db/schema';
import { envelopeOf, ok } from '../../lib/envelope';
import { requireAuth } from '../auth';
import { containsPattern, iso, offsetOf, orderOf, pageOf, pageQuery, pageSchema } from '../../lib/admin';

const viewSchema = z.object({
  id: z.number(),
  merchantId: z.number().nullable(),
  toAddress: z.string(),
  subject: z.string(),
  textBody: z.string(),
  status: z.string(),
  error: z.string().nullable(),
  createTime: z.string().nullable(),
  sentAt: z.string().nullable(),
});

const SORT = {
  createTime: mailOutbox.createdAt,
  toAddress: mailOutbox.toAddress,
  status: mailOutbox.status,
} as const;

export const mailOutboxRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/outbox',
    {
      config: { permission: Perm.MAIL_OUTBOX_MENU },
      schema: {
        tags: ['mail'],
        summary: 'Mail outbox, newest first',
        querystring: pageQuery.extend({ toAddress: z.string().max(191).optional() }),
        response: { 200: envelopeOf(pageSchema(viewSchema)) },
      },
    },
    async (req) => {
      const q = req.query;
      const auth = requireAuth(req);
      const where = and(
        // Platform staff only in practice (mailOutbox:menu is platform-only); anyone else its own merchant's mail.
        auth.isPlatform
          ? q.merchantId === undefined
            ? undefined
            : eq(mailOutbox.merchantId, q.merchantId)
          : eq(mailOutbox.merchantId, auth.merchantId),
        q.toAddress ? ilike(mailOutbox.toAddress, containsPattern(q.toAddress)) : undefined,
      );
      const orderBy = orderOf(SORT, q.column, q.order, [desc(mailOutbox.createdAt)], mailOutbox.id);
      const [n] = await app.db.select({ n: count() }).from(mailOutbox).where(where);
      const rows = await app.db
        .select()
        .from(mailOutbox)
        .where(where)
        .orderBy(...orderBy)
        .limit(q.pageSize)
        .offset(offsetOf(q));
      const records = rows.map((r) => ({
        id: r.id,
        merchantId: r.merchantId,
        toAddress: r.toAddress,
        subject: r.subject,
        textBody: r.textBody,
        status: r.status,
        error: r.error,
        createTime: iso(r.createdAt),
        sentAt: iso(r.sentAt),
      }));
      return ok(pageOf(records, n?.n ?? 0, q));
    },
  );
};
