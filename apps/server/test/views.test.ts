/**
 * Saved views (issue 15): a user saves a list's filters under a name; a shared view is seen by the merchant's other
 * users, a private one is not, nor by another merchant; only the owner deletes; names are unique per user and list;
 * filters are the list's own; the list's permission is needed.
 */
import type { SavedView } from '@mg/domain';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildAdminTestApp, signIn, type Client } from './helpers/admin-session';
import { createTestDatabase, type TestDatabase } from './helpers/db';

let tdb: TestDatabase;
let app: FastifyInstance;
let admin: Client;
let operator: Client;
let otherMerchant: Client;

beforeAll(async () => {
  tdb = await createTestDatabase();
  app = await buildAdminTestApp(tdb);
  admin = await signIn(app, 'demo_admin');
  operator = await signIn(app, 'demo_operator');
  otherMerchant = await signIn(app, 'demo_business');
});
afterAll(async () => {
  await app?.close();
  await tdb?.drop();
});

async function views(who: Client, list = 'collections'): Promise<SavedView[]> {
  const res = await who.get('/views', { list });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().result as SavedView[];
}

describe('saved views', () => {
  it('saves private and shared views; the team sees the shared one only; another merchant sees none', async () => {
    const mine = await admin.post('/views', { list: 'collections', name: 'Failed VA', filters: { status: 'failed', paymentType: '1' }, shared: false });
    expect(mine.statusCode, mine.body).toBe(200);
    const team = await admin.post('/views', { list: 'collections', name: ' Pending callbacks ', filters: { notifyStatus: 'pending,failed' }, shared: true });
    expect(team.statusCode, team.body).toBe(200);
    expect(team.json().result).toMatchObject({ name: 'Pending callbacks', shared: true, mine: true, owner: 'demo_admin' });

    expect((await views(admin)).map((v) => v.name)).toEqual(['Failed VA', 'Pending callbacks']);
    const seen = await views(operator);
    expect(seen).toEqual([expect.objectContaining({ name: 'Pending callbacks', mine: false, filters: { notifyStatus: 'pending,failed' } })]);
    expect(await views(otherMerchant)).toEqual([]);
    expect(await views(admin, 'refunds')).toEqual([]);
  });

  it('refuses a duplicate name, an empty name, a filter the list does not have and an unknown list', async () => {
    const dup = await admin.post('/views', { list: 'collections', name: 'Failed VA', filters: {}, shared: false });
    expect(dup.statusCode).toBe(400);
    expect(dup.json().errors[0].field).toBe('name');
    const empty = await admin.post('/views', { list: 'collections', name: '   ', filters: {}, shared: false });
    expect(empty.json().errors[0].field).toBe('name');
    const foreign = await admin.post('/views', { list: 'collections', name: 'x', filters: { "1=1; drop table x": 'a' }, shared: false });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().errors[0].field).toBe('filters');
    expect((await admin.post('/views', { list: 'nope', name: 'x', filters: {}, shared: false })).statusCode).toBe(400);
  });

  it('only the owner deletes a view', async () => {
    const shared = (await views(operator))[0]!;
    expect((await operator.del(`/views/${shared.id}`)).statusCode).toBe(404);
    expect((await admin.del(`/views/${shared.id}`)).statusCode).toBe(200);
    expect(await views(operator)).toEqual([]);
  });

  it('needs the list permission', async () => {
    const read = await signIn(app, 'demo_read');
    const res = await read.get('/views', { list: 'users' });
    expect(res.statusCode).toBe(403);
  });
});
