/**
 * No input earns a 500 (issue 8): a corpus of hostile values driven through every registered route, as an anonymous
 * caller, as platform staff, as a merchant's admin and (for the open API) as a signed integrator, in path
 * parameters, query strings, bodies and headers. Any 5xx is a defect: the test lists each one with its request.
 *
 * The corpus holds what broke routes before: control characters, numbers beyond a column's range (1e9, 2^63),
 * non-numbers where ids go, ids of nothing, over-long strings, wrong JSON types, malformed dates and JSON.
 *
 * The routes are dealt into parts, one test file each (fuzz-N.test.ts), so the parts share the workers with the other
 * files: the whole corpus is over 100 000 requests. Each route draws its values from its own seed, so a route is sent
 * the same requests whichever part it falls in.
 */
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildAdminTestApp, login } from './admin-session';
import { createTestDatabase, type TestDatabase } from './db';
import { paymentFixtures } from './money-fixtures';
import { openApiRequest } from './open-api';
import { mulberry32 } from '../../src/lib/random';

const CALLERS = ['admin', 'demo_admin'] as const;
/** Requests sent over all parts; each part must send its share. */
const MIN_REQUESTS = 10_000;

/** Values for path segments and query strings (URL-encoded where they are sent). */
const TEXT_VALUES = [
  '0',
  '-1',
  '1e9',
  '1000000000',
  '9223372036854775808',
  '99999999999999999999999',
  '1.5',
  'NaN',
  'abc',
  '',
  ' ',
  '\u0000',
  'a\u0007b',
  "'; drop table collection; --",
  '%',
  '..%2F..%2Fetc%2Fpasswd',
  'x'.repeat(600),
  '2026-13-45',
  '2026-02-30 25:61:61',
  '[]',
  '{"a":1}',
  'IDR',
  'idr',
  'ZZZ',
  'C202611240000000000000000',
  '😀',
];

/** Values for JSON body fields. */
const JSON_VALUES: unknown[] = [
  null,
  true,
  0,
  -1,
  1e9,
  2 ** 63,
  1e308,
  1.5,
  '1,000',
  '1e9',
  '',
  '\u0000',
  'x'.repeat(5000),
  [],
  [null],
  {},
  { $ne: 1 },
  '2026-13-45',
  'IDR',
  '99999999999999999999',
];

/** Field names the routes read (bodies and queries); each gets each hostile value. */
const FIELDS = [
  'id',
  'ids',
  'merchantId',
  'userId',
  'roleId',
  'departId',
  'parentId',
  'dictId',
  'dictCode',
  'itemValue',
  'amount',
  'currency',
  'paymentType',
  'channel',
  'status',
  'username',
  'password',
  'email',
  'phone',
  'pageNo',
  'pageSize',
  'column',
  'order',
  'startTime',
  'endTime',
  'createTimeBegin',
  'createTimeEnd',
  'merchantOrderId',
  'collectionId',
  'reason',
  'refundWay',
  'description',
  'ipWhitelist',
  'callbackUrl',
  'sortNo',
  'code',
  'list',
  'format',
  'lang',
];

const VALUES_PER_FIELD = 2;

const HEADER_VALUES = ['\u0000', 'x'.repeat(9000), 'zz-ZZ', ';;;', '"'];

interface Finding {
  request: string;
  status: number;
  body: string;
}

function fill(url: string, value: string): string {
  return url.replace(/:[A-Za-z_]+/g, encodeURIComponent(value)).replace(/\*$/, encodeURIComponent(value));
}

function pick<T>(rnd: () => number, xs: readonly T[]): T {
  return xs[Math.floor(rnd() * xs.length)]!;
}

/** The requests of one route: every path value, every field with every value (query or body), odd bodies. */
function requestsOf(method: string, url: string, rnd: () => number): InjectOptions[] {
  const out: InjectOptions[] = [];
  const hasBody = method !== 'GET' && method !== 'DELETE';
  const pathValues = url.includes(':') || url.endsWith('*') ? TEXT_VALUES : ['0'];
  for (const v of pathValues) out.push({ method: method as InjectOptions['method'], url: fill(url, v) });
  const base = fill(url, '1');
  for (const field of FIELDS) {
    // Alone (so no other field's refusal hides it), twice with a random value, then among other hostile fields.
    for (let i = 0; i < VALUES_PER_FIELD; i++) {
      out.push({
        method: method as InjectOptions['method'],
        url: `${base}?${field}=${encodeURIComponent(pick(rnd, TEXT_VALUES))}`,
      });
      if (hasBody)
        out.push({
          method: method as InjectOptions['method'],
          url: base,
          payload: { [field]: pick(rnd, JSON_VALUES) },
        });
    }
    const query = `${base}?${field}=${encodeURIComponent(pick(rnd, TEXT_VALUES))}&${pick(rnd, FIELDS)}=${encodeURIComponent(pick(rnd, TEXT_VALUES))}`;
    out.push({ method: method as InjectOptions['method'], url: query });
    if (hasBody) {
      out.push({
        method: method as InjectOptions['method'],
        url: base,
        payload: {
          [field]: pick(rnd, JSON_VALUES),
          [pick(rnd, FIELDS)]: pick(rnd, JSON_VALUES),
          [pick(rnd, FIELDS)]: pick(rnd, JSON_VALUES),
        },
      });
    }
  }
  if (hasBody) {
    for (const payload of ['not json', '[]', 'null', '"x"', '{"a":', '1e999']) {
      out.push({
        method: method as InjectOptions['method'],
        url: base,
        payload,
        headers: { 'content-type': 'application/json' },
      });
    }
    out.push({
      method: method as InjectOptions['method'],
      url: base,
      payload: 'a=1&b=2',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
  }
  for (const h of HEADER_VALUES)
    out.push({
      method: method as InjectOptions['method'],
      url: base,
      headers: { 'x-lang': h, 'x-brand': h },
    });
  return out;
}

function describeRequest(caller: string, r: InjectOptions): string {
  const body =
    r.payload === undefined
      ? ''
      : ` ${typeof r.payload === 'string' ? r.payload : JSON.stringify(r.payload)}`;
  return `${caller} ${r.method} ${String(r.url)}${body}`.slice(0, 300);
}

/** Part `part` (1-based) of `parts`: every route whose index in the route table falls to it. */
export function fuzzRoutes(part: number, parts: number): void {
  let tdb: TestDatabase;
  let app: FastifyInstance;
  const tokens: Record<string, string> = {};

  beforeAll(async () => {
    tdb = await createTestDatabase();
    await paymentFixtures(tdb.pool);
    app = await buildAdminTestApp(tdb);
    for (const u of CALLERS) tokens[u] = await login(app, u);
  });
  afterAll(async () => {
    await app?.close();
    await tdb?.drop();
  });

  describe(`hostile input on every route (part ${part} of ${parts})`, () => {
    it('no 5xx for any caller, route and value', async () => {
      const findings: Finding[] = [];
      // Routes that end the session would sign the fuzzing callers out; their own tests cover them.
      const routes = app.routeTable.filter(
        (r) => !/logout|\/api\/docs/.test(r.url) && !r.url.startsWith('/assets'),
      );
      expect(routes.length).toBeGreaterThan(100);
      let sent = 0;
      for (const [index, route] of routes.entries()) {
        if (index % parts !== part - 1) continue;
        const requests = requestsOf(route.method, route.url, mulberry32(8 + index));
        for (const caller of ['anonymous', ...CALLERS]) {
          await Promise.all(
            (caller === 'anonymous' ? requests.filter((_, i) => i % 4 === 0) : requests).map(async (r) => {
              const headers: Record<string, string> = {
                'x-lang': 'en-US',
                ...(r.headers as Record<string, string> | undefined),
              };
              if (caller !== 'anonymous') headers['x-access-token'] = tokens[caller]!;
              const res = await app.inject({ ...r, headers });
              sent++;
              if (res.statusCode >= 500)
                findings.push({
                  request: describeRequest(caller, r),
                  status: res.statusCode,
                  body: res.body.slice(0, 200),
                });
            }),
          );
        }
        // The signed integrator: open API routes with valid signatures around hostile values.
        if (route.url.startsWith('/api/open/')) {
          await Promise.all(
            requests.map(async (r) => {
              const res = await openApiRequest(app, {
                method: route.method as 'GET' | 'POST',
                url: String(r.url),
                ...(r.payload === undefined ? {} : { body: r.payload }),
              });
              sent++;
              if (res.statusCode >= 500)
                findings.push({
                  request: describeRequest('integrator', r),
                  status: res.statusCode,
                  body: res.body.slice(0, 200),
                });
            }),
          );
        }
      }
      expect(sent).toBeGreaterThan(MIN_REQUESTS / parts);
      expect(findings, findings.map((f) => `${f.status} ${f.request} -> ${f.body}`).join('\n')).toEqual([]);
    }, 600_000);
  });
}
