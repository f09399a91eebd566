/** Departments and department permissions: tree, search, add/edit/delete rules, scoping. */
import { Perm } from '@mg/domain';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildAdminTestApp, signIn, userId, type Client } from './helpers/admin-session';
import { createTestDatabase, type TestDatabase } from './helpers/db';

let tdb: TestDatabase;
let app: FastifyInstance;
let admin: Client;
let business: Client;
let demoRead: Client;
let operator: Client;

beforeAll(async () => {
  tdb = await createTestDatabase();
  app = await buildAdminTestApp(tdb);
  [admin, business, demoRead, operator] = await Promise.all([
    signIn(app, 'admin'),
    signIn(app, 'demo_business'),
    signIn(app, 'demo_read'),
    signIn(app, 'demo_operator'),
  ]);
});
afterAll(async () => {
  await app?.close();
  await tdb?.drop();
});

const departId = async (orgCode: string) =>
  Number((await tdb.pool.query('select id from department where org_code = $1', [orgCode])).rows[0].id);
const permId = async (code: string) =>
  Number((await tdb.pool.query('select id from permission where perms = $1', [code])).rows[0].id);

describe('departments', () => {
  let root: number;
  let child: number;

  it('add: org code generated and unique; child under a parent', async () => {
    const a = await business.post('/sys/sysDepart/add', { departName: 'Head office' });
    expect(a.statusCode, a.body).toBe(200);
    root = a.json().result.id;
    expect(a.json().result).toMatchObject({ merchantId: 10030, departName: 'Head office', parentId: null });
    expect(a.json().result.orgCode).toMatch(/^D10030-/);
    const b = await business.post('/sys/sysDepart/add', { departName: 'Sales', parentId: root });
    expect(b.statusCode, b.body).toBe(200);
    child = b.json().result.id;
    expect(b.json().result.orgCode).not.toBe(a.json().result.orgCode);
  });

  it('queryTreeList / queryIdTree: the merchant tree only', async () => {
    const tree = (await business.get('/sys/sysDepart/queryTreeList')).json().result;
    expect(tree).toHaveLength(1);
    expect(tree[0]).toMatchObject({
      id: root,
      title: 'Head office',
      children: [{ id: child, title: 'Sales' }],
    });
    const ids = (await business.get('/sys/sysDepart/queryIdTree')).json().result;
    expect(ids[0]).toMatchObject({ key: root, value: root, title: 'Head office' });
    const platform = (await admin.get('/sys/sysDepart/queryTreeList', { merchantId: 10001 })).json().result;
    expect(platform.map((d: { orgCode: string }) => d.orgCode)).toEqual(
      expect.arrayContaining(['D10001-FIN', 'D10001-OPS']),
    );
    const all = (await admin.get('/sys/sysDepart/queryTreeList')).json().result;
    expect(all.length).toBeGreaterThan(platform.length);
  });

  it('searchBy keyWord: contains, case-insensitive, scoped, wildcards literal', async () => {
    const hit = (await business.get('/sys/sysDepart/searchBy', { keyWord: 'sal' })).json().result;
    expect(hit.map((d: { id: number }) => d.id)).toEqual([child]);
    const none = (await business.get('/sys/sysDepart/searchBy', { keyWord: 'Finance' })).json().result;
    expect(none).toEqual([]);
    const wild = (await business.get('/sys/sysDepart/searchBy', { keyWord: '%' })).json().result;
    expect(wild).toEqual([]);
  });

  it('queryMyDeptTreeList: the caller own departments (any signed-in user)', async () => {
    const mine = await operator.get('/sys/sysDepart/queryMyDeptTreeList');
    expect(mine.statusCode).toBe(200);
    expect(
      mine
        .json()
        .result.map((d: { orgCode: string }) => d.orgCode)
        .sort(),
    ).toEqual(['D10001-FIN', 'D10001-OPS']);
  });

  it('edit: rename and move; cycles refused; another merchant department 404', async () => {
    const ok = await business.put('/sys/sysDepart/edit', {
      id: child,
      departName: 'Sales & Marketing',
      parentId: root,
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().result.departName).toBe('Sales & Marketing');
    const cycle = await business.put('/sys/sysDepart/edit', {
      id: root,
      departName: 'Head office',
      parentId: child,
    });
    expect(cycle.statusCode).toBe(422);
    const other = await business.put('/sys/sysDepart/edit', {
      id: await departId('D10001-FIN'),
      departName: 'mine',
    });
    expect(other.statusCode).toBe(404);
    const { rows } = await tdb.pool.query("select depart_name from department where org_code = 'D10001-FIN'");
    expect(rows[0].depart_name).toBe('Finance');
  });

  it('delete: 422 with children or users; then deletes; another merchant 404', async () => {
    const withChild = await business.del('/sys/sysDepart/delete', { id: root });
    expect(withChild.statusCode).toBe(422);
    expect(withChild.json().message).toBe('The department still has sub-departments and cannot be deleted');
    const uid = await userId(tdb, 'demo_business');
    const edit = await business.put('/sys/user/edit', { id: uid, departIds: [child] });
    expect(edit.statusCode, edit.body).toBe(200);
    const users = await business.get('/sys/user/queryUserByDepId', { id: child });
    expect(users.json().result.map((u: { username: string }) => u.username)).toEqual(['demo_business']);
    const withUsers = await business.del('/sys/sysDepart/delete', { id: child });
    expect(withUsers.statusCode).toBe(422);
    expect(withUsers.json().message).toBe('The department still has users and cannot be deleted');
    await business.put('/sys/user/edit', { id: uid, departIds: [] });
    expect((await business.del('/sys/sysDepart/delete', { id: child })).statusCode).toBe(200);
    const other = await business.del('/sys/sysDepart/delete', { id: await departId('D10001-OPS') });
    expect(other.statusCode).toBe(404);
    expect(
      (await tdb.pool.query("select count(*)::int as n from department where org_code = 'D10001-OPS'"))
        .rows[0].n,
    ).toBe(1);
  });

  it('a user edit cannot attach another merchant department (404)', async () => {
    const uid = await userId(tdb, 'demo_business');
    const res = await business.put('/sys/user/edit', { id: uid, departIds: [await departId('D10001-FIN')] });
    expect(res.statusCode).toBe(404);
  });

  it('department permissions: save within what the caller holds; dept-role grants bounded by them', async () => {
    const ids = [await permId(Perm.HOME), await permId(Perm.USER_MENU)];
    const save = await business.post('/sys/permission/saveDepartPermission', {
      departId: root,
      permissionIds: ids.join(','),
    });
    expect(save.statusCode, save.body).toBe(200);
    expect(
      (await business.get('/sys/permission/queryDepartPermission', { departId: root })).json().result.sort(),
    ).toEqual(ids.sort());
    const lacking = await business.post('/sys/permission/saveDepartPermission', {
      departId: root,
      permissionIds: String(await permId(Perm.DICT_EDIT)),
    });
    expect(lacking.statusCode).toBe(403);
    const other = await business.get('/sys/permission/queryDepartPermission', {
      departId: await departId('D10001-FIN'),
    });
    expect(other.statusCode).toBe(404);

    const tree = (
      await business.get('/sys/sysDepartPermission/queryTreeListForDeptRole', { departId: root })
    ).json().result;
    expect(tree.ids.sort()).toEqual(ids.sort());
    const role = await business.post('/sys/role/add', { roleCode: 'desk', roleName: 'Desk' });
    const roleId = role.json().result.id;
    const grant = await business.post('/sys/sysDepartPermission/saveDeptRolePermission', {
      roleId,
      departId: root,
      permissionIds: String(ids[0]),
    });
    expect(grant.statusCode, grant.body).toBe(200);
    const got = await business.get('/sys/sysDepartPermission/queryDeptRolePermission', {
      roleId,
      departId: root,
    });
    expect(got.json().result).toEqual([ids[0]]);
    const outside = await business.post('/sys/sysDepartPermission/saveDeptRolePermission', {
      roleId,
      departId: root,
      permissionIds: String(await permId(Perm.ROLE_ADD)),
    });
    expect(outside.statusCode).toBe(403);
  });

  it('demo_read gets 403 from every department write (and the reads it lacks)', async () => {
    const calls = await Promise.all([
      demoRead.post('/sys/sysDepart/add', { departName: 'x' }),
      demoRead.put('/sys/sysDepart/edit', { id: root, departName: 'x' }),
      demoRead.del('/sys/sysDepart/delete', { id: root }),
      demoRead.post('/sys/permission/saveDepartPermission', { departId: root, permissionIds: '1' }),
      demoRead.post('/sys/sysDepartPermission/saveDeptRolePermission', {
        roleId: 1,
        departId: root,
        permissionIds: '1',
      }),
      demoRead.get('/sys/sysDepart/queryTreeList'),
    ]);
    for (const r of calls) expect(r.statusCode, r.body).toBe(403);
  });
});

describe('merchant filter', () => {
  it('a merchant asking for another merchant department tree is refused (403); platform may', async () => {
    expect((await business.get('/sys/sysDepart/queryTreeList', { merchantId: 10001 })).statusCode).toBe(403);
    expect((await business.get('/sys/sysDepart/queryTreeList', { merchantId: 10030 })).statusCode).toBe(200);
    expect((await admin.get('/sys/sysDepart/queryTreeList', { merchantId: 10030 })).statusCode).toBe(200);
  });
});
