/**
 * One secret key per database (issue 41). The key seals the API-key and webhook secrets the database holds, so every
 * instance on the database must have the same one: an instance with another key could open none of them (every
 * signed call 401 OPEN_API_UNKNOWN_KEY) and would seal new ones that the others cannot open. The first instance
 * records the key's fingerprint (SecretBox.fingerprint, an HMAC: it reveals nothing of the key); an instance whose
 * key has another fingerprint refuses to start, and says what to do. Nothing is ever sealed again at start.
 */
import type pg from 'pg';
import type { SecretBox } from '../lib/secret-box';

/** Thrown by claimSecretKey; `message` is the one line shown to the operator. */
export class SecretKeyMismatchError extends Error {
  override readonly name = 'SecretKeyMismatchError';
}

// As db/backup.ts keyFingerprint shows it: the same 16 characters in the start log, an error and a backup's manifest.
const short = (fingerprint: string) => fingerprint.slice(0, 16);

const WHAT_TO_DO =
  'Start every instance on this database with the same key: set SECRET_KEY (64 hex characters) or SECRET_KEY_FILE to the key of the instances already running (their $DATA_DIR/secret.key when they generated it; docs/operations.md "Running several instances"). Nothing was changed.';

/** Sealed secrets already in the database (a database from before the fingerprint): the key must open them. */
async function sealedSamples(db: Pick<pg.Pool, 'query'>): Promise<string[]> {
  const { rows } = await db.query<{ sealed: string }>(
    `(select secret_sealed as sealed from api_key order by created_at limit 3)
     union all
     (select webhook_secret_sealed from merchant where webhook_secret_sealed is not null order by id limit 3)`,
  );
  return rows.map((r) => r.sealed);
}

function opensAny(box: SecretBox, sealed: readonly string[]): boolean {
  return sealed.some((s) => {
    try {
      box.open(s);
      return true;
    } catch {
      return false;
    }
  });
}

/**
 * Records the key's fingerprint in a database that has none, or checks it against the one recorded; throws
 * SecretKeyMismatchError for another key. `source` says where this instance's key came from.
 */
export async function claimSecretKey(db: Pick<pg.Pool, 'query'>, box: SecretBox, source: string): Promise<'recorded' | 'matched'> {
  const mine = box.fingerprint();
  const read = async () =>
    (await db.query<{ fingerprint: string; recorded_at: Date }>('select fingerprint, recorded_at from secret_key_fingerprint where id = 1')).rows[0];
  let recorded = await read();
  let outcome: 'recorded' | 'matched' = 'matched';
  if (!recorded) {
    // A database from before the fingerprint: the key that sealed its secrets is the one to record.
    const sealed = await sealedSamples(db);
    if (sealed.length > 0 && !opensAny(box, sealed)) {
      throw new SecretKeyMismatchError(
        `Secret key refused: this instance's key (fingerprint ${short(mine)}, from ${source}) opens none of the secrets sealed in this database, which another key sealed. ${WHAT_TO_DO}`,
      );
    }
    // Two instances starting at once with different keys: one row goes in, and the other is compared with it.
    const ins = await db.query('insert into secret_key_fingerprint (id, fingerprint) values (1, $1) on conflict (id) do nothing', [mine]);
    if (ins.rowCount === 1) outcome = 'recorded';
    recorded = await read();
  }
  if (!recorded || recorded.fingerprint !== mine) {
    throw new SecretKeyMismatchError(
      `Secret key refused: this instance's key (fingerprint ${short(mine)}, from ${source}) is not the key of this database (fingerprint ${short(recorded?.fingerprint ?? '')}, recorded ${recorded?.recorded_at.toISOString() ?? '?'}). ${WHAT_TO_DO}`,
    );
  }
  return outcome;
}
