/**
 * Replay protection: a nonce may be used once per key within OPEN_API_NONCE_TTL_S. One statement: insert, or on
 * conflict take over a row that has already aged out (not yet purged); no row back means the nonce was reused.
 */
import { OPEN_API_NONCE_TTL_S } from '@mg/domain';
import { sql } from 'drizzle-orm';
import type { DbLike } from '../../db/pool';

/** True when the nonce is fresh for this key (and is now recorded); false when it was used within the window. */
export async function claimNonce(db: DbLike, keyId: string, nonce: string): Promise<boolean> {
  const res = await db.execute(sql`
    insert into api_nonce (key_id, nonce) values (${keyId}, ${nonce})
    on conflict (key_id, nonce) do update set created_at = now()
      where api_nonce.created_at < now() - make_interval(secs => ${OPEN_API_NONCE_TTL_S})
    returning 1 as ok`);
  return res.rows.length === 1;
}

/** Deletes nonces older than the window; returns how many. */
export async function purgeNonces(db: DbLike, now: Date = new Date()): Promise<number> {
  const res = await db.execute(
    sql`delete from api_nonce where created_at < ${now.toISOString()}::timestamptz - make_interval(secs => ${OPEN_API_NONCE_TTL_S})`,
  );
  return res.rowCount ?? 0;
}
