/**
 * The developer documentation's call reference (spec §2 /document/document, issue 15), read from the server's own
 * OpenAPI document: each open API route's fields and rules are what its request schema validates, so the page cannot
 * describe a field the server does not check. Computed once per process (routes do not change while it runs).
 */
import type { FastifyInstance } from 'fastify';
import { OPEN_API_CALLS, OPEN_API_PREFIX, OPEN_API_TAG, openApiDocPath, type DocCall, type DocField, type DocFieldPlace, type DocRule, type OpenApiCallKey } from '@mg/domain';

interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  pattern?: string;
  format?: string;
  default?: unknown;
  minItems?: number;
  maxItems?: number;
}

interface Operation {
  operationId?: string;
  tags?: string[];
  parameters?: { name: string; in: string; required?: boolean; schema?: JsonSchema }[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
}

type OpenApiDocument = { paths?: Record<string, Record<string, Operation>> };

/** Nested objects deeper than this are listed by their own name only. */
const MAX_DEPTH = 3;

/** A schema without its null branch (`x | null` is an optional x). */
function nonNull(s: JsonSchema): { schema: JsonSchema; nullable: boolean } {
  const branches = s.anyOf ?? s.oneOf;
  if (!branches) return { schema: s, nullable: Array.isArray(s.type) && s.type.includes('null') };
  const rest = branches.filter((b) => b.type !== 'null');
  if (rest.length === 1 && rest[0]) return { schema: rest[0], nullable: rest.length < branches.length };
  return { schema: s, nullable: rest.length < branches.length };
}

function typeOf(s: JsonSchema): string {
  const branches = s.anyOf ?? s.oneOf;
  if (branches) return [...new Set(branches.map(typeOf))].join(' | ');
  if (s.const !== undefined) return JSON.stringify(s.const);
  const t = Array.isArray(s.type) ? s.type.filter((x) => x !== 'null').join(' | ') : s.type;
  if (t === 'array') return `${s.items ? typeOf(s.items) : 'any'}[]`;
  return t ?? 'any';
}

function bounds(min: number | undefined, max: number | undefined): { min?: number; max?: number } {
  return { ...(min !== undefined && min > 0 ? { min } : {}), ...(max !== undefined && max < Number.MAX_SAFE_INTEGER ? { max } : {}) };
}

function rulesOf(s: JsonSchema): DocRule[] {
  const rules: DocRule[] = [];
  if (s.enum) rules.push({ rule: 'oneOf', text: s.enum.map((v) => JSON.stringify(v)).join(', ') });
  if (s.format) rules.push({ rule: 'format', text: s.format });
  const length = bounds(s.minLength, s.maxLength);
  if (Object.keys(length).length > 0) rules.push({ rule: 'length', ...length });
  if (s.minimum !== undefined || s.maximum !== undefined) {
    const range = { ...(s.minimum !== undefined ? { min: s.minimum } : {}), ...bounds(undefined, s.maximum) };
    if (Object.keys(range).length > 0) rules.push({ rule: 'range', ...range });
  }
  if (s.exclusiveMinimum !== undefined) rules.push({ rule: 'greater', min: s.exclusiveMinimum });
  const items = bounds(s.minItems, s.maxItems);
  if (Object.keys(items).length > 0) rules.push({ rule: 'items', ...items });
  // A format (email, uri) says it better than the pattern the validator spells it with.
  if (s.pattern && !s.format) rules.push({ rule: 'pattern', text: `/${s.pattern}/` });
  if (s.default !== undefined) rules.push({ rule: 'default', text: JSON.stringify(s.default) });
  return rules;
}

function fieldsOfObject(s: JsonSchema, place: DocFieldPlace, prefix: string, depth: number, out: DocField[]): void {
  const required = new Set(s.required ?? []);
  for (const [name, raw] of Object.entries(s.properties ?? {})) {
    const { schema, nullable } = nonNull(raw);
    const full = `${prefix}${name}`;
    out.push({ name: full, in: place, type: typeOf(schema), required: required.has(name) && !nullable && schema.default === undefined, rules: rulesOf(schema) });
    if (depth >= MAX_DEPTH) continue;
    if (schema.properties) fieldsOfObject(schema, place, `${full}.`, depth + 1, out);
    else if (schema.items?.properties) fieldsOfObject(schema.items, place, `${full}[].`, depth + 1, out);
  }
}

/** The reference of every declared call, in the declaration's order; a declared call without a route is left out. */
export function docCallsOf(doc: OpenApiDocument): DocCall[] {
  const calls: DocCall[] = [];
  for (const [key, decl] of Object.entries(OPEN_API_CALLS) as [OpenApiCallKey, (typeof OPEN_API_CALLS)[OpenApiCallKey]][]) {
    const op = doc.paths?.[`${OPEN_API_PREFIX}${openApiDocPath(decl.path)}`]?.[decl.method.toLowerCase()];
    if (!op || op.operationId !== key || !op.tags?.includes(OPEN_API_TAG)) continue;
    const fields: DocField[] = [];
    for (const p of op.parameters ?? []) {
      if (p.in !== 'path' && p.in !== 'query') continue;
      const schema = p.schema ? nonNull(p.schema).schema : {};
      fields.push({ name: p.name, in: p.in, type: typeOf(schema), required: p.in === 'path' || p.required === true, rules: rulesOf(schema) });
    }
    const body = op.requestBody?.content?.['application/json']?.schema;
    if (body) fieldsOfObject(body, 'body', '', 1, fields);
    calls.push({ key, method: decl.method, path: openApiDocPath(decl.path), sandbox: 'sandbox' in decl && decl.sandbox === true, fields });
  }
  return calls;
}

const cache = new WeakMap<FastifyInstance, DocCall[]>();

export function docCalls(app: FastifyInstance): DocCall[] {
  let calls = cache.get(app);
  if (!calls) {
    calls = docCallsOf(app.swagger() as OpenApiDocument);
    cache.set(app, calls);
  }
  return calls;
}
