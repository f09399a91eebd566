/**
 * Global search (issue 15; docs/api.md "Search"): what was typed is checked (identifiers only: nothing else reaches
 * a statement, and even that as a parameter), then looked up in each list whose permission the caller holds, one hit
 * per record.
 */
import { findList, SEARCH, SEARCH_KINDS, toMajorString, type CurrencyCode, type SearchHit } from '@mg/domain';
import type { Db } from '../../db/pool';
import { onReadDb, type ReadReplica } from '../../db/read-replica';
import { fieldError } from '../../lib/errors';
import { holds, type AuthSession } from '../auth/plugin';
import { searchKind } from './queries';

/** What was typed, checked: 400 naming `q` when too short, too long or not an identifier. */
export function checkedQuery(raw: string): string {
  const q = raw.trim();
  if (q.length < SEARCH.MIN_LENGTH) throw fieldError('q', 'shell.search.tooShort', { params: { min: SEARCH.MIN_LENGTH } });
  if (q.length > SEARCH.MAX_LENGTH) throw fieldError('q', 'shell.search.tooLong', { params: { max: SEARCH.MAX_LENGTH } });
  if (!SEARCH.PATTERN.test(q)) throw fieldError('q', 'shell.search.invalid');
  return q;
}

/** The records the caller may see whose identifier equals what was typed, from the replica when it is fresh enough. */
export async function searchRecords(db: { primary: Db; replica: ReadReplica | null }, auth: AuthSession, raw: string): Promise<SearchHit[]> {
  const q = checkedQuery(raw);
  const kinds = SEARCH_KINDS.filter((k) => {
    const list = findList(k);
    return list !== undefined && holds(auth, list.permission);
  });
  const found = await onReadDb(db.replica, db.primary, auth.writeLsn, (read) => Promise.all(kinds.map(async (kind) => ({ kind, rows: await searchKind(read, kind, q, auth.scopeMerchantIds) }))));
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
  return hits;
}
