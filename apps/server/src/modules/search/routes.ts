/**
 * Global search (issue 15; docs/api.md "Search"): GET /api/search?q= answers the records the caller may see whose
 * id, merchant order or refund id, payment code, chain transaction id, payer e-mail or account number's last digits
 * equal what was typed, from the lists whose permission the caller holds.
 */
import { findList, SEARCH, SEARCH_KINDS, searchHitSchema, toMajorString, type CurrencyCode, type SearchHit } from '@mg/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeOf, ok } from '../../lib/envelope';
import { fieldError } from '../../lib/errors';
import { requireAuth } from '../auth';
import { holds } from '../auth/plugin';
import { onReadDb } from '../../db/read-replica';
import { searchKind } from './queries';

/** What was typed, checked: identifiers only (nothing else reaches a statement, and even that as a parameter). */
function checkedQuery(raw: string): string {
  const q = raw.trim();
  if (q.length < SEARCH.MIN_LENGTH) throw fieldError('q', 'shell.search.tooShort', { params: { min: SEARCH.MIN_LENGTH } });
  if (q.length > SEARCH.MAX_LENGTH) throw fieldError('q', 'shell.search.tooLong', { params: { max: SEARCH.MAX_LENGTH } });
  if (!SEARCH.PATTERN.test(q)) throw fieldError('q', 'shell.search.invalid');
  return q;
}

export const searchRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/search',
    {
      config: { authenticated: true },
      schema: {
        tags: ['search'],
        summary: 'Records whose identifier equals q (an account number: its last digits), across the lists the caller may open',
        querystring: z.object({ q: z.string().max(SEARCH.MAX_LENGTH * 2) }),
        response: { 200: envelopeOf(z.array(searchHitSchema)) },
      },
    },
    async (req) => {
      const auth = requireAuth(req);
      const q = checkedQuery(req.query.q);
      const kinds = SEARCH_KINDS.filter((k) => {
        const list = findList(k);
        return list !== undefined && holds(auth, list.permission);
      });
      const found = await onReadDb(app.readReplica, app.db, auth.writeLsn, (db) => Promise.all(kinds.map(async (kind) => ({ kind, rows: await searchKind(db, kind, q, auth.scopeMerchantIds) }))));
      const hits: SearchHit[] = [];
      const seen = new Set<string>();
      for (const { kind, rows } of found) {
        for (const r of rows) {
          // One hit per record (a transfer id is on both its sides; an id can also be its own order id).
          const key = `${kind}:${r.id}:${r.merchant_id}`;
          if (seen.has(key)) continue;
          seen.add(key);
          hits.push({
            kind,
            id: r.id,
            match: r.match,
            merchantId: r.merchant_id,
            currency: r.currency,
            status: r.status,
            amount: toMajorString(BigInt(r.amount), r.currency as CurrencyCode),
            createdAt: new Date(r.created_at).toISOString(),
          });
        }
      }
      return ok(hits);
    },
  );
};
