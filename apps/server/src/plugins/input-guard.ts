/**
 * Control characters are refused in every string of a request's query, path and body (issue 8: a NUL byte used to
 * reach PostgreSQL and answer 500): 400 naming the field, in the caller's language. Tab, line feed and carriage
 * return are text and pass. A binary body (an uploaded file) is not text and is not looked into.
 */
import type { FastifyInstance } from 'fastify';
import { fieldError } from '../lib/errors';

// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;
/** Deeper than any payload of ours; a deeper one is not walked further (the schema refuses it). */
const MAX_DEPTH = 20;

/** The path of the first string (or key) holding a control character, '' for the value itself; undefined if none. */
export function controlCharacterAt(value: unknown, path = '', depth = 0): string | undefined {
  if (typeof value === 'string') return CONTROL.test(value) ? path : undefined;
  if (value === null || typeof value !== 'object' || depth > MAX_DEPTH) return undefined;
  // An uploaded file's bytes are no text (its own reader checks them): walked as an object, a 3 MB body was 3 million
  // entries, seconds and hundreds of MB before the route ran (issue 39).
  if (ArrayBuffer.isView(value)) return undefined;
  for (const [k, v] of Array.isArray(value) ? value.map((x, i) => [String(i), x] as const) : Object.entries(value)) {
    const here = path ? `${path}.${k}` : k;
    if (CONTROL.test(k)) return here;
    const found = controlCharacterAt(v, here, depth + 1);
    if (found !== undefined) return found;
  }
  return undefined;
}

export function registerInputGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (req) => {
    for (const [part, value] of [
      ['query', req.query],
      ['params', req.params],
      ['body', req.body],
    ] as const) {
      const field = controlCharacterAt(value);
      if (field !== undefined) throw fieldError(field || part, 'validation.text.controlCharacter');
    }
  });
}
