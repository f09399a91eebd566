/**
 * Each route's operation in the OpenAPI document, derived from what the route already declares: its access
 * (`config.public | authenticated | permission | openApi`, which the auth plugin enforces) gives the security
 * requirement and the error answers; an open-API route's operationId names its domain call (OPEN_API_CALLS), whose
 * declared errors narrow each status; a POST of the open API takes the Idempotency-Key header. Nothing is written
 * per route, so no route can be documented differently from how it behaves.
 */
import { OPEN_API_CALLS, OPEN_API_HEADERS, IDEMPOTENCY_KEY_MAX_LENGTH, type OpenApiCallKey } from '@mg/domain';
import type { RouteOptions } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

type Transform = typeof jsonSchemaTransform;
type TransformInput = Parameters<Transform>[0];
type Schema = Record<string, unknown>;

/** How a route is reached (the document's x-access, read back by ./document.ts to add answers). */
export type Access = { kind: 'public' } | { kind: 'session'; permission: string | null } | { kind: 'openApi'; call: OpenApiCallKey | null };
export const ACCESS_KEY = 'x-access';
/** Whether the route takes input the server validates (a VALIDATION_FAILED is possible). */
export const INPUT_KEY = 'x-input';
/** The operationId was derived from method and path (not declared by the route). */
export const DERIVED_KEY = 'x-derived-id';

export const SESSION_SCHEME = 'sessionToken';
/** The open API's signature: five headers, all required together (one security requirement). */
export const SIGNATURE_SCHEMES = {
  signatureMerchantId: OPEN_API_HEADERS.MERCHANT_ID,
  signatureKeyId: OPEN_API_HEADERS.KEY_ID,
  signatureTimestamp: OPEN_API_HEADERS.TIMESTAMP,
  signatureNonce: OPEN_API_HEADERS.NONCE,
  signature: OPEN_API_HEADERS.SIGNATURE,
} as const;

function accessOf(route: RouteOptions): Access {
  const c = (route.config ?? {}) as { public?: boolean; permission?: string; openApi?: boolean };
  if (c.openApi) return { kind: 'openApi', call: null };
  if (c.public) return { kind: 'public' };
  return { kind: 'session', permission: c.permission ?? null };
}

/** `GET /api/sys/dict/getDictItems/:dictCode` -> `getSysDictGetDictItemsByDictCode`: unique as method and path are. */
export function derivedOperationId(method: string, url: string): string {
  const words = url
    .replace(/^\/api\/?/, '')
    .split('/')
    .filter(Boolean)
    .map((seg) => (seg.startsWith(':') ? `by-${seg.slice(1)}` : seg))
    .flatMap((seg) => seg.split(/[^A-Za-z0-9]+/))
    .filter(Boolean);
  const pascal = words.map((w) => w[0]!.toUpperCase() + w.slice(1)).join('');
  return `${method.toLowerCase()}${pascal}`;
}

const idempotencyHeader = {
  type: 'object',
  required: [OPEN_API_HEADERS.IDEMPOTENCY_KEY],
  properties: {
    [OPEN_API_HEADERS.IDEMPOTENCY_KEY]: {
      type: 'string',
      minLength: 1,
      maxLength: IDEMPOTENCY_KEY_MAX_LENGTH,
      pattern: '^[A-Za-z0-9._:-]+$',
      description: 'unique per request you mean once: a retry with the same key and body answers the first answer again',
    },
  },
};

function securityOf(access: Access): Schema['security'] {
  if (access.kind === 'public') return [];
  if (access.kind === 'session') return [{ [SESSION_SCHEME]: [] }];
  return [Object.fromEntries(Object.keys(SIGNATURE_SCHEMES).map((k) => [k, []]))];
}

/** The route transform of @fastify/swagger: the zod schemas as JSON Schema, then what the route's access implies. */
export function describeRoute(input: TransformInput): ReturnType<Transform> {
  const out = jsonSchemaTransform(input);
  const schema = { ...(out.schema as Schema) };
  if (schema.hide) return { ...out, schema };
  const route = (input as { route?: RouteOptions }).route;
  const method = (Array.isArray(route?.method) ? route.method[0] : route?.method) ?? 'GET';
  let access = route ? accessOf(route) : ({ kind: 'public' } as Access);
  if (access.kind === 'openApi') {
    const call = typeof schema.operationId === 'string' && schema.operationId in OPEN_API_CALLS ? (schema.operationId as OpenApiCallKey) : null;
    access = { kind: 'openApi', call };
    if (method === 'POST' && !schema.headers) schema.headers = idempotencyHeader;
  }
  if (schema.operationId === undefined) {
    schema.operationId = derivedOperationId(method, out.url);
    schema[DERIVED_KEY] = true;
  }
  schema.security = securityOf(access);
  schema[ACCESS_KEY] = access;
  schema[INPUT_KEY] = Boolean(schema.body || schema.querystring || schema.params);
  return { ...out, schema };
}
