import type pg from 'pg';

/** `select 1` within 2 s. */
export async function checkDatabase(pool: pg.Pool): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  try {
    const timeout = new Promise<never>((_r, reject) => {
      timer = setTimeout(() => reject(new Error('timeout')), 2_000);
    });
    await Promise.race([pool.query('select 1'), timeout]);
    return true;
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}
