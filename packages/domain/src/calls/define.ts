/**
 * A dashboard call declared once (issue 42), as lists are: method, path (as the server registers it, without
 * `/api`, path parameters as `:name`), the permission it checks, and its params, query, body and answer in zod.
 * The server's route takes its validation, its types and its OpenAPI from the declaration
 * (apps/server/src/lib/call-route.ts `callRoute`); the web calls it through `callApi` (apps/web/src/api/call.ts),
 * which takes the method, the path and the request and answer types from it, so a change of either side that the
 * other does not follow fails the type check instead of a user's click.
 *
 *   export const payoutCalls = { quote: defineCall({ method: 'POST', path: '/payouts/quote', permission, summary, body, answer }) };
 *
 * Lists (lists/define.ts) and downloads are not calls: lists derive their own route, a download answers a file.
 */
import { z } from 'zod';

type Schema = z.ZodType | undefined;

export interface CallDecl<B extends Schema = Schema, Q extends Schema = Schema, A extends z.ZodType = z.ZodType, P extends Schema = Schema> {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  /** The permission code the route checks; none: any signed-in user (or `public`). */
  permission?: string;
  /** No session needed (sign-in, the public cashier): the route is open to anyone. */
  public?: boolean;
  /** One line: the OpenAPI summary. */
  summary: string;
  /** The path parameters (`:id` in the path), as an object schema. */
  params?: P;
  body?: B;
  query?: Q;
  /** The `result` of the success envelope. */
  answer: A;
}

/** The `:name` segments of a path. */
function pathParams(path: string): string[] {
  return [...path.matchAll(/:([A-Za-z][A-Za-z0-9_]*)/g)].map((m) => m[1]!);
}

export function defineCall<B extends Schema = undefined, Q extends Schema = undefined, A extends z.ZodType = z.ZodType, P extends Schema = undefined>(
  decl: CallDecl<B, Q, A, P>,
): CallDecl<B, Q, A, P> {
  const where = `call ${decl.method} ${decl.path}`;
  if (!decl.path.startsWith('/') || decl.path.startsWith('/api/')) throw new Error(`${where}: the path is relative to /api`);
  const named = pathParams(decl.path);
  const shape = decl.params instanceof z.ZodObject ? Object.keys(decl.params.shape) : [];
  if (named.join() !== shape.join()) throw new Error(`${where}: params declares [${shape.join()}], the path has [${named.join()}]`);
  if (decl.body && decl.method === 'GET') throw new Error(`${where}: a GET has no body`);
  return decl;
}

/** The path with its parameters filled in (each one encoded), as the web sends it. */
export function callPath(call: Pick<CallDecl, 'path'>, params: Record<string, string | number> = {}): string {
  return call.path.replace(/:([A-Za-z][A-Za-z0-9_]*)/g, (_, name: string) => {
    const v = params[name];
    if (v === undefined) throw new Error(`${call.path}: no value for :${name}`);
    return encodeURIComponent(String(v));
  });
}

/** What a caller sends as the body (the schema's input: optional fields optional). */
export type CallBody<C> = C extends CallDecl<infer B, Schema, z.ZodType, Schema> ? (B extends z.ZodType ? z.input<B> : never) : never;
/** What a caller sends as the query. */
export type CallQuery<C> = C extends CallDecl<Schema, infer Q, z.ZodType, Schema> ? (Q extends z.ZodType ? z.input<Q> : never) : never;
/** What a caller fills the path with. */
export type CallParams<C> = C extends CallDecl<Schema, Schema, z.ZodType, infer P> ? (P extends z.ZodType ? z.input<P> : never) : never;
/** The answer's `result` as the caller receives it. */
export type CallAnswer<C> = C extends CallDecl<Schema, Schema, infer A, Schema> ? z.output<A> : never;
