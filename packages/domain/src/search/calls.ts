/**
 * The global search call (issue 15; docs/api.md "Search") declared once (calls/define.ts). Exported by the domain's
 * root (index.ts): `./index` holds the search vocabulary this uses, and an area index that re-exports its calls
 * cannot be imported by them. The query takes any text up to twice the longest: the server checks it with
 * searchQuerySchema's rules and answers the field's own message.
 */
import { z } from 'zod';
import { defineCall } from '../calls/define';
import { SEARCH, searchHitSchema } from './index';

export const searchCalls = {
  search: defineCall({
    method: 'GET',
    path: '/search',
    summary: 'Records whose identifier equals q (an account number: its last digits), across the lists the caller may open',
    query: z.object({ q: z.string().max(SEARCH.MAX_LENGTH * 2) }),
    answer: z.array(searchHitSchema),
  }),
};
