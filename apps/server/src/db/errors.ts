/**
 * Errors that mean "the database is away for a moment" (a restart, a failover, a terminated connection, the pool
 * unable to connect), as opposed to a bad statement: the request gets a retryable 503, the process keeps running.
 */

/** SQLSTATEs of a connection lost or refused (class 08), an administrator's shutdown (57P0x), too many connections. */
const UNAVAILABLE_SQLSTATES = new Set(['08000', '08001', '08003', '08004', '08006', '57P01', '57P02', '57P03', '53300']);
const UNAVAILABLE_NODE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'ENOTFOUND']);
const UNAVAILABLE_MESSAGE = /connection terminated|terminating connection|connection error|timeout exceeded when trying to connect|client was closed|cannot use a pool after calling end/i;

/** True when `err` (or an error it wraps, as drizzle's DrizzleQueryError does) says the database is unreachable. */
export function isDatabaseUnavailable(err: unknown): boolean {
  for (let e: unknown = err, depth = 0; e && typeof e === 'object' && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const { code, message } = e as { code?: unknown; message?: unknown };
    if (typeof code === 'string' && (UNAVAILABLE_SQLSTATES.has(code) || UNAVAILABLE_NODE_CODES.has(code))) return true;
    if (typeof message === 'string' && UNAVAILABLE_MESSAGE.test(message)) return true;
  }
  return false;
}
