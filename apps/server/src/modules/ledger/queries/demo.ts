/**
 * Demo data only (collections/demo.ts, never a live database): the time of the movements of a demo history.
 *
 * The demo's weeks of payments are made through the real services at the moment the database is seeded, and the
 * ledger stamps every transfer and entry with the moment it writes it: by design it takes no time from its caller,
 * so a live balance record is always when the money moved. A demo history is the exception, made afterwards: each of
 * its transfers is then dated by the business record it carries out (issue 40: every THB balance record carried the
 * seed instant). The seed posts them in the order of those times, so each account's running balances read in order.
 */
import { sql } from 'drizzle-orm';
import type { LedgerFlow } from '@mg/domain';
import type { DbLike } from '../../../db/pool';
import { collection, ledgerEntry, ledgerTransfer, refund, settlement } from '../../../db/schema';

const PAID: LedgerFlow = 'collection_succeeded';
const REFUND: LedgerFlow = 'refund';
const SETTLED: LedgerFlow = 'settlement';

/** Dates each payment's, refund's and settlement's transfer and its entries by that record; answers the transfers dated. */
export async function dateDemoMovements(db: DbLike): Promise<number> {
  const res = await db.execute(sql`
    with times (flow, merchant_id, reference, at) as (
      select ${PAID}::text, merchant_id, id, paid_at from ${collection} where paid_at is not null
      union all select ${REFUND}::text, merchant_id, id, created_at from ${refund}
      union all select ${SETTLED}::text, merchant_id, id, settled_at from ${settlement} where settled_at is not null
    ),
    dated as (
      update ${ledgerTransfer} t set created_at = x.at
      from times x
      where t.flow = x.flow and t.merchant_id = x.merchant_id and t.reference = x.reference and t.created_at <> x.at
      returning t.id, t.created_at
    ),
    entries as (
      update ${ledgerEntry} e set created_at = d.created_at from dated d where e.transfer_id = d.id
      returning 1
    )
    select count(*)::int as n from dated`);
  return Number((res.rows[0] as { n?: number } | undefined)?.n ?? 0);
}
