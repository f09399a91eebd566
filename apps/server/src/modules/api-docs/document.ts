/**
 * The OpenAPI 3.1 document at /api/docs/json (and its page at /api/docs): @fastify/swagger's options. Routes are
 * described by ./operations.ts; this file finishes the whole: the security schemes, the error answers of each
 * operation (./errors.ts), the response headers every answer carries, the webhooks (./webhooks.ts), and only the
 * components something refers to. `npm test` validates it with @apidevtools/swagger-parser and lints it with
 * Redocly's recommended rules (apps/server/test/openapi-contract.test.ts; the lint settings in redocly.yaml).
 */
import { openApiCallErrors, OPEN_API_HEADERS } from '@mg/domain';
import type { FastifyDynamicSwaggerOptions } from '@fastify/swagger';
import { jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { dashboardErrors, errorComponents, errorResponses } from './errors';
import { ACCESS_KEY, DERIVED_KEY, INPUT_KEY, SESSION_SCHEME, SIGNATURE_SCHEMES, describeRoute, type Access } from './operations';
import { pruneSchemas, type Doc } from './prune';
import { webhooksOf } from './webhooks';

type Obj = Record<string, unknown>;

const HEADERS: Obj = {
  RequestId: { description: 'the request id: quote it to support', schema: { type: 'string' } },
  RateLimitLimit: { description: 'requests allowed per minute from this address (the open API also counts per key)', schema: { type: 'integer' } },
  RateLimitRemaining: { description: 'requests left in the current minute', schema: { type: 'integer' } },
  RateLimitReset: { description: 'seconds until the minute is over', schema: { type: 'integer' } },
  RetryAfter: { description: 'seconds to wait before trying again', schema: { type: 'integer' } },
};
const ref = (name: string) => ({ $ref: `#/components/headers/${name}` });
const successHeaders = { 'x-request-id': ref('RequestId'), 'x-ratelimit-limit': ref('RateLimitLimit'), 'x-ratelimit-remaining': ref('RateLimitRemaining'), 'x-ratelimit-reset': ref('RateLimitReset') };
const errorHeaders = (status: number) => ({ 'x-request-id': ref('RequestId'), ...(status === 429 || status === 503 ? { 'retry-after': ref('RetryAfter') } : {}) });

const SECURITY_SCHEMES: Record<string, { type: 'apiKey'; in: 'header'; name: string; description: string }> = {
  [SESSION_SCHEME]: { type: 'apiKey', in: 'header', name: 'X-Access-Token', description: 'the dashboard session token of POST /api/sys/login' },
  signatureMerchantId: { type: 'apiKey', in: 'header', name: SIGNATURE_SCHEMES.signatureMerchantId, description: 'your merchant id (digits)' },
  signatureKeyId: { type: 'apiKey', in: 'header', name: SIGNATURE_SCHEMES.signatureKeyId, description: 'the key id, mk_sandbox_... or mk_live_...' },
  signatureTimestamp: { type: 'apiKey', in: 'header', name: SIGNATURE_SCHEMES.signatureTimestamp, description: 'Unix seconds, within 300 s of the server clock' },
  signatureNonce: { type: 'apiKey', in: 'header', name: SIGNATURE_SCHEMES.signatureNonce, description: 'unique per key for 10 minutes, at most 128 characters (a UUID)' },
  signature: {
    type: 'apiKey',
    in: 'header',
    name: SIGNATURE_SCHEMES.signature,
    description: `lowercase hex HMAC-SHA256 with the key secret over METHOD \\n PATH_WITH_QUERY \\n ${OPEN_API_HEADERS.TIMESTAMP} \\n ${OPEN_API_HEADERS.NONCE} \\n hex(SHA-256(raw body)) (docs/open-api.md "Signing")`,
  },
};

function finishOperation(op: Obj): void {
  const access = op[ACCESS_KEY] as Access | undefined;
  const input = op[INPUT_KEY] === true;
  delete op[ACCESS_KEY];
  delete op[INPUT_KEY];
  if (!access) return;
  const responses = (op.responses ?? {}) as Record<string, Obj>;
  for (const [status, r] of Object.entries(responses)) if (/^2/.test(status)) r.headers = { ...successHeaders, ...(r.headers as Obj | undefined) };
  const codes =
    access.kind === 'openApi'
      ? access.call
        ? openApiCallErrors(access.call)
        : dashboardErrors({ public: false, permission: false, input })
      : dashboardErrors({ public: access.kind === 'public', permission: access.kind === 'session' && access.permission !== null, input });
  Object.assign(responses, errorResponses(codes, errorHeaders));
  responses.default = {
    description: 'Any other error of the catalogue (docs/api.md "Errors")',
    headers: errorHeaders(0),
    content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorEnvelope' } } },
  };
  op.responses = responses;
  if (access.kind === 'session' && access.permission) op['x-permission'] = access.permission;
}

/** The transformObject of @fastify/swagger: registered schemas as components, then the finishing above. */
export function finishDocument(input: Parameters<typeof jsonSchemaTransformObject>[0]): Doc {
  const doc = jsonSchemaTransformObject(input) as Doc;
  for (const ops of Object.values(doc.paths ?? {})) {
    for (const [method, shared] of Object.entries(ops)) {
      // A route of several methods shares one operation object: each method gets its own copy and, when the id was
      // derived, its own method's id.
      const op = { ...shared };
      if (op[DERIVED_KEY] === true) op.operationId = `${method}${String(op.operationId).replace(/^[a-z]+/, '')}`;
      delete op[DERIVED_KEY];
      finishOperation(op);
      ops[method] = op;
    }
  }
  doc.components = {
    ...doc.components,
    headers: HEADERS,
    schemas: { ...doc.components?.schemas, ...errorComponents() },
  };
  doc.webhooks = webhooksOf();
  pruneSchemas(doc);
  return doc;
}

/** @fastify/swagger's options. */
export function documentOptions(o: { version: string; publicUrl?: string | null }): FastifyDynamicSwaggerOptions {
  return {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Merchant gateway API',
        version: o.version,
        description:
          'The dashboard API (session token) and the open API for integrations under /api/open/v1 (signed requests, docs/open-api.md). Webhooks are the callbacks the gateway sends (Standard Webhooks).',
        license: { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' },
      },
      servers: [{ url: o.publicUrl || '/', description: o.publicUrl ? 'this server' : 'the server that serves this document' }],
      // Here, not at the end: the route pass reads them (a security requirement's header is not a parameter).
      components: { securitySchemes: SECURITY_SCHEMES },
    },
    transform: describeRoute,
    transformObject: finishDocument as unknown as FastifyDynamicSwaggerOptions['transformObject'],
  };
}
