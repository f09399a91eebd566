/**
 * The open API documentation (spec §2 /document/document, issue 15): the call table of the domain is the server's
 * routes, the page's data carries the merchant's own id and keys and each call's validated fields, and
 * docs/open-api.md agrees with the same declarations (errors, calls, sandbox values, example programs).
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  ERROR_CATALOGUE,
  OPEN_API_CALLS,
  OPEN_API_CALL_KEYS,
  OPEN_API_ERRORS,
  OPEN_API_EXAMPLES,
  OPEN_API_PREFIX,
  OPEN_API_TAG,
  PAYOUT_SANDBOX_MAGIC,
  SANDBOX_MAGIC,
  openApiDocPath,
  type DocumentationView,
} from '@mg/domain';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from './helpers/app';
import { authHeaders, signIn } from './helpers/auth';
import { createTestDatabase, type TestDatabase } from './helpers/db';
import { DEMO_KEY_ID, DEMO_KEY_SECRET, DEMO_OPEN_API_MERCHANT_ID } from './helpers/open-api';

const DOC = fs.readFileSync(path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../docs/open-api.md'), 'utf8');

let tdb: TestDatabase;
let app: FastifyInstance;

beforeAll(async () => {
  tdb = await createTestDatabase();
  app = await buildTestApp(tdb);
  await app.ready();
});

afterAll(async () => {
  await app?.close();
  await tdb?.drop();
});

async function docs(token: string) {
  const res = await app.inject({ method: 'GET', url: '/api/developer/docs', headers: authHeaders(token) });
  return { status: res.statusCode, text: res.body, result: (res.json() as { result: DocumentationView }).result };
}

describe('the call table', () => {
  it('is exactly the routes tagged open-api, with their operationId', () => {
    const doc = app.swagger() as { paths: Record<string, Record<string, { operationId?: string; tags?: string[] }>> };
    const routes: string[] = [];
    for (const [p, ops] of Object.entries(doc.paths))
      for (const [method, op] of Object.entries(ops)) if (op.tags?.includes(OPEN_API_TAG)) routes.push(`${op.operationId} ${method.toUpperCase()} ${p}`);
    const declared = OPEN_API_CALL_KEYS.map((k) => `${k} ${OPEN_API_CALLS[k].method} ${OPEN_API_PREFIX}${openApiDocPath(OPEN_API_CALLS[k].path)}`);
    expect(routes.sort()).toEqual(declared.sort());
  });
});

describe('GET /api/developer/docs', () => {
  it("fills the merchant's own id and key ids, never a secret, and each call's fields from its request schema", async () => {
    const { status, text, result } = await docs(await signIn(app, 'demo_admin'));
    expect(status).toBe(200);
    expect(result.merchantId).toBe(DEMO_OPEN_API_MERCHANT_ID);
    expect(result.prefix).toBe(OPEN_API_PREFIX);
    expect(result.keys).toContainEqual({ id: DEMO_KEY_ID, name: expect.any(String), mode: 'sandbox' });
    expect(text).not.toContain(DEMO_KEY_SECRET);
    expect(result.calls.map((c) => c.key)).toEqual(OPEN_API_CALL_KEYS);

    const create = result.calls.find((c) => c.key === 'createCollection')!;
    expect(create).toMatchObject({ method: 'POST', path: '/collections', sandbox: false });
    const orderId = create.fields.find((f) => f.name === 'merchantOrderId')!;
    expect(orderId).toMatchObject({ in: 'body', type: 'string', required: true });
    expect(orderId.rules).toContainEqual({ rule: 'pattern', text: expect.stringMatching(/^\/.+\/$/) });
    expect(create.fields.find((f) => f.name === 'payerEmail')!.rules).toContainEqual({ rule: 'format', text: 'email' });
    expect(create.fields.find((f) => f.name === 'notifyUrl')?.required).toBe(false);

    expect(result.calls.find((c) => c.key === 'getCollection')!.fields).toContainEqual(expect.objectContaining({ name: 'id', in: 'path', required: true }));
    expect(result.calls.find((c) => c.key === 'findCollection')!.fields).toContainEqual(expect.objectContaining({ name: 'merchantOrderId', in: 'query' }));
    expect(result.calls.find((c) => c.key === 'sandboxPayCollection')!.sandbox).toBe(true);
  });

  it('another merchant sees its own id, and a user without the developer tier is refused', async () => {
    const br = await docs(await signIn(app, 'br_admin'));
    expect(br.status).toBe(200);
    expect(br.result.merchantId).not.toBe(DEMO_OPEN_API_MERCHANT_ID);
    expect(br.result.keys.map((k) => k.id)).not.toContain(DEMO_KEY_ID);
    expect((await docs(await signIn(app, 'demo_operator'))).status).toBe(403);
  });
});

describe('docs/open-api.md agrees with the declarations', () => {
  it('lists every error code with its HTTP status, and no other', () => {
    const section = DOC.slice(DOC.indexOf('### Errors'), DOC.indexOf('## Calls'));
    const rows = [...section.matchAll(/^\| (\d{3}) \| `([A-Z_]+)` \|/gm)].map((m) => `${m[1]} ${m[2]}`);
    expect(rows).toEqual(OPEN_API_ERRORS.map((c) => `${ERROR_CATALOGUE[c].httpStatus} ${c}`));
  });

  it('names every call', () => {
    for (const k of OPEN_API_CALL_KEYS) {
      const { method, path: p } = OPEN_API_CALLS[k];
      expect(DOC, `${method} ${p}`).toContain(`${method} ${openApiDocPath(p)}`);
    }
  });

  it('gives the sandbox magic amounts and account numbers of the domain', () => {
    const amounts = DOC.slice(DOC.indexOf('### Magic amounts'), DOC.indexOf('### Magic account numbers'));
    expect([...amounts.matchAll(/^\| `\.\.\.(\d{2})` \|/gm)].map((m) => m[1])).toEqual(SANDBOX_MAGIC.map((m) => m.suffix));
    const accounts = DOC.slice(DOC.indexOf('### Magic account numbers'), DOC.indexOf('### The cashier page'));
    expect([...accounts.matchAll(/^\| `\.\.\.(\d{2})` \|/gm)].map((m) => m[1])).toEqual([PAYOUT_SANDBOX_MAGIC.FAIL_SUFFIX, PAYOUT_SANDBOX_MAGIC.STAY_SUFFIX]);
  });

  it('shows the example programs the dashboard shows, filled with the demo key', () => {
    const demo = { base: 'http://localhost:8080', merchantId: String(DEMO_OPEN_API_MERCHANT_ID), keyId: DEMO_KEY_ID, keySecret: DEMO_KEY_SECRET };
    expect(DOC).toContain(`\`\`\`bash\n${OPEN_API_EXAMPLES.curl(demo)}\n\`\`\``);
    expect(DOC).toContain(`\`\`\`js\n${OPEN_API_EXAMPLES.node(demo)}\n\`\`\``);
    expect(DOC).toContain(`\`\`\`js\n${OPEN_API_EXAMPLES.verifyWebhook()}\n\`\`\``);
  });
});
