/**
 * A declared call (domain calls/define.ts) sent through the one client: the method and path come from the
 * declaration, the params fill the path, and what is sent and answered is typed by the declaration's schemas. A
 * hook never writes a call's shape by hand, so a server change the web does not follow fails the type check.
 *
 *   callApi(payoutCalls.detail, { params: { id } })
 *   callApi(payoutCalls.quote, { body: input }, { silent: true })
 */
import { callPath, type CallAnswer, type CallBody, type CallDecl, type CallParams, type CallQuery } from '@mg/domain';
import { request, type RequestOptions } from './client';

/** A part the call declares is required (optional when every field of it is); one it does not is absent. */
type Part<K extends string, T> = [T] extends [never] ? { [P in K]?: never } : object extends T ? { [P in K]?: T } : { [P in K]: T };

export type CallInput<C> = Part<'params', CallParams<C>> & Part<'body', CallBody<C>> & Part<'query', CallQuery<C>>;

export function callApi<C extends CallDecl>(call: C, ...[input, options]: object extends CallInput<C> ? [input?: CallInput<C>, options?: Omit<RequestOptions, 'params' | 'data'>] : [input: CallInput<C>, options?: Omit<RequestOptions, 'params' | 'data'>]): Promise<CallAnswer<C>> {
  const i = (input ?? {}) as { params?: Record<string, string | number>; body?: unknown; query?: Record<string, unknown> };
  return request<CallAnswer<C>>(call.method, callPath(call, i.params), { ...options, params: i.query, data: i.body });
}
