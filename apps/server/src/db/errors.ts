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

/** What a refused statement means for the caller: PostgreSQL's data (22) and integrity (23) classes. */
export interface DatabaseRejection {
  status: 400 | 404 | 409;
  code: 'VALIDATION_FAILED' | 'NOT_FOUND' | 'DUPLICATE';
  /** The column PostgreSQL named, when it did. */
  field?: string;
}

/**
 * A statement PostgreSQL refused because of the data it was given: a unique violation is a duplicate (409), a
 * missing referenced row is not found (404), any other integrity or data exception is bad input (400). Undefined for
 * everything else (a real server fault stays a 500).
 */
export function databaseRejection(err: unknown): DatabaseRejection | undefined {
  for (let e: unknown = err, depth = 0; e && typeof e === 'object' && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const { code, column } = e as { code?: unknown; column?: unknown };
    if (typeof code !== 'string' || !/^2[23][0-9A-Z]{3}$/.test(code)) continue;
    const field = typeof column === 'string' ? { field: column } : {};
    if (code === '23505') return { status: 409, code: 'DUPLICATE', ...field };
    if (code === '23503') return { status: 404, code: 'NOT_FOUND', ...field };
    return { status: 400, code: 'VALIDATION_FAILED', ...field };
  }
  return undefined;
}
