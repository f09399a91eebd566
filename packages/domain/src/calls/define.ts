/**
 * A dashboard call declared once (issue 42), as lists are: method, path (as the server registers it, without
 * `/api`), the permission it checks, and its request and answer in zod. The server's route takes its validation,
 * its types and its OpenAPI from the declaration (apps/server/src/lib/call-route.ts `callRoute`); the web's hook
 * takes its request and answer types from it (`CallBody`, `CallAnswer`), so a change of either side that the other
 * does not follow fails the type check instead of a user's click.
 *
 *   export const payoutCalls = { quote: defineCall({ method: 'POST', path: '/payouts/quote', permission, body, answer }) };
 */
import { z } from 'zod';

export interface CallDecl<B extends z.ZodType | undefined = z.ZodType | undefined, Q extends z.ZodType | undefined = z.ZodType | undefined, A extends z.ZodType = z.ZodType> {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  /** The permission code the route checks; none: any signed-in user. */
  permission?: string;
  /** One line: the OpenAPI summary. */
  summary: string;
  body?: B;
  query?: Q;
  /** The `result` of the success envelope. */
  answer: A;
}

export function defineCall<B extends z.ZodType | undefined = undefined, Q extends z.ZodType | undefined = undefined, A extends z.ZodType = z.ZodType>(decl: CallDecl<B, Q, A>): CallDecl<B, Q, A> {
  if (!decl.path.startsWith('/') || decl.path.startsWith('/api/')) throw new Error(`call ${decl.method} ${decl.path}: the path is relative to /api`);
  return decl;
}

/** What a caller sends as the body (the schema's input: optional fields optional). */
export type CallBody<C> = C extends CallDecl<infer B, z.ZodType | undefined, z.ZodType> ? (B extends z.ZodType ? z.input<B> : never) : never;
/** What a caller sends as the query. */
export type CallQuery<C> = C extends CallDecl<z.ZodType | undefined, infer Q, z.ZodType> ? (Q extends z.ZodType ? z.input<Q> : never) : never;
/** The answer's `result` as the caller receives it. */
export type CallAnswer<C> = C extends CallDecl<z.ZodType | undefined, z.ZodType | undefined, infer A> ? z.output<A> : never;
