/** Roles, grants and the permission admin: scoping, "only what you hold", system roles read-only, status '0'. */
import { Perm } from '@mg/domain';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildAdminTestApp, signIn, type Client } from './helpers/admin-session';
import { createTestDatabase, type TestDatabase } from './helpers/db';

let tdb: TestDatabase;
let app: FastifyInstance;
let admin: Client;
let business: Client;
let demoRead: Client;
let demoAdmin: Client;

beforeAll(async () => {
  tdb = await createTestDatabase();
  app = await buildAdminTestApp(tdb);
  [admin, business, demoRead, demoAdmin] = await Promise.all([
    signIn(app, 'admin'),
    signIn(app, 'demo_business'),
    signIn(app, 'demo_read'),
    signIn(app, 'demo_admin'),
  ]);
});
afterAll(async () => {
  await app?.close();
  await tdb?.drop();
});

async function permId(code: string): Promise<number> {
  const { rows } = await tdb.pool.query('select id from permission where perms = $1', [code]);
  return Number(rows[0].id);
}
async function roleId(code: string, merchantId: number | null = null): Promise<number> {
  const { rows } = await tdb.pool.query(
    'select id from role where role_code = $1 and merchant_id is not distinct from $2',
    [code, merchantId],
  );
  return Number(rows[0].id);
}
async function rolePerms(id: number): Promise<string[]> {
  const { rows } = await tdb.pool.query(
    'select p.perms from role_permission rp join permission p on p.id = rp.permission_id where rp.role_id = $1 order by 1',
    [id],
  );
  return rows.map((r) => r.perms as string);
}

interface Node {
  key: number;
  title: string;
  code: string;
  children?: Node[];
}
const flat = (nodes: Node[]): Node[] => nodes.flatMap((n) => [n, ...flat(n.children ?? [])]);

describe('roles', () => {
  let brRole: number;
  let myRole: number;

  it('platform admin creates a role for 10020; merchant admin of 10030 creates its own', async () => {
    const br = await admin.post('/sys/role/add', {
      roleCode: 'br_cashier',
      roleName: 'Caixa',
      merchantId: 10020,
    });
    expect(br.statusCode, br.body).toBe(200);
    brRole = br.json().result.id;
    expect(br.json().result).toMatchObject({ merchantId: 10020, system: false });
    const mine = await business.post('/sys/role/add', {
      roleCode: 'finance_view',
      roleName: 'Finance viewer',
      description: 'reads',
    });
    expect(mine.statusCode, mine.body).toBe(200);
    myRole = mine.json().result.id;
    expect(mine.json().result.merchantId).toBe(10030);
  });

  it('list: system roles (localized names) plus own roles; never another merchant role', async () => {
    const res = await business.get('/sys/role/list', { pageSize: 100 });
    expect(res.statusCode).toBe(200);
    const records = res.json().result.records as {
      id: number;
      roleCode: string;
      system: boolean;
      roleName: string;
    }[];
    const codes = records.map((r) => r.roleCode);
    expect(codes).toEqual(expect.arrayContaining(['admin', 'third_role_admin', 'finance_view']));
    expect(codes).not.toContain('br_cashier');
    expect(records.find((r) => r.roleCode === 'third_role_read')?.system).toBe(true);
    const all = (await admin.get('/sys/role/list', { pageSize: 100 }))
      .json()
      .result.records.map((r: { roleCode: string }) => r.roleCode);
    expect(all).toEqual(expect.arrayContaining(['br_cashier', 'finance_view']));
  });

  it('role_code unique per merchant (409); system codes reserved; bad codes 400', async () => {
    const dup = await business.post('/sys/role/add', { roleCode: 'finance_view', roleName: 'again' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().message).toContain('finance_view');
    const sys = await business.post('/sys/role/add', { roleCode: 'admin', roleName: 'me too' });
    expect(sys.statusCode).toBe(409);
    const bad = await business.post('/sys/role/add', {
      roleCode: "x'; drop table role; --",
      roleName: 'bad',
    });
    expect(bad.statusCode).toBe(400);
    // Another merchant may use the same code.
    const other = await admin.post('/sys/role/add', {
      roleCode: 'finance_view',
      roleName: 'BR finance',
      merchantId: 10020,
    });
    expect(other.statusCode, other.body).toBe(200);
  });

  it('edit own role; system roles are read-only (403); another merchant role is 404', async () => {
    const ok = await business.put('/sys/role/edit', {
      id: myRole,
      roleCode: 'finance_view',
      roleName: 'Finance (read)',
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().result.roleName).toBe('Finance (read)');
    const sys = await business.put('/sys/role/edit', {
      id: await roleId('third_role_read'),
      roleCode: 'third_role_read',
      roleName: 'mine now',
    });
    expect(sys.statusCode).toBe(403);
    const other = await business.put('/sys/role/edit', {
      id: brRole,
      roleCode: 'br_cashier',
      roleName: 'hijack',
    });
    expect(other.statusCode).toBe(404);
    const { rows } = await tdb.pool.query('select role_name from role where id = $1', [brRole]);
    expect(rows[0].role_name).toBe('Caixa');
  });

  it('queryTreeList: antd tree of what the caller holds (platform-only codes absent for a merchant)', async () => {
    const res = await business.get('/sys/role/queryTreeList');
    expect(res.statusCode).toBe(200);
    const { treeList, ids } = res.json().result as { treeList: Node[]; ids: number[] };
    const nodes = flat(treeList);
    expect(nodes.length).toBe(ids.length);
    const codes = nodes.map((n) => n.code);
    expect(codes).toContain(Perm.USER_ADD);
    expect(codes).not.toContain(Perm.PERMISSION_EDIT);
    expect(codes).not.toContain(Perm.DICT_MENU);
    for (const n of nodes) expect(typeof n.title).toBe('string');
    const full = flat((await admin.get('/sys/role/queryTreeList')).json().result.treeList).map(
      (n: Node) => n.code,
    );
    expect(full).toContain(Perm.PERMISSION_EDIT);
  });

  it('saveRolePermission: grants what the caller holds; audit permission_changed; queryRolePermission reflects', async () => {
    const ids = [await permId(Perm.HOME), await permId(Perm.USER_MENU)];
    const res = await business.post('/sys/permission/saveRolePermission', {
      roleId: myRole,
      permissionIds: ids.join(','),
      lastpermissionIds: '',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await rolePerms(myRole)).toEqual([Perm.HOME, Perm.USER_MENU].sort());
    const q = await business.get('/sys/permission/queryRolePermission', { roleId: myRole });
    expect(q.json().result.sort()).toEqual(ids.sort());
    const { rows } = await tdb.pool.query(
      "select username, detail from audit_log where action = 'permission_changed'",
    );
    expect(rows).toContainEqual(
      expect.objectContaining({
        username: 'demo_business',
        detail: expect.objectContaining({ roleId: myRole }),
      }),
    );
  });

  it('a merchant admin cannot grant a permission it lacks (403, nothing changes)', async () => {
    const before = await rolePerms(myRole);
    const res = await business.post('/sys/permission/saveRolePermission', {
      roleId: myRole,
      permissionIds: [await permId(Perm.HOME), await permId(Perm.PERMISSION_EDIT)].join(','),
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('You can only grant permissions you hold yourself');
    expect(await rolePerms(myRole)).toEqual(before);
  });

  it('grants only to its own roles: a system role 403, another merchant role 404', async () => {
    const sys = await business.post('/sys/permission/saveRolePermission', {
      roleId: await roleId('third_role_read'),
      permissionIds: String(await permId(Perm.USER_ADD)),
    });
    expect(sys.statusCode).toBe(403);
    const other = await business.post('/sys/permission/saveRolePermission', {
      roleId: brRole,
      permissionIds: String(await permId(Perm.HOME)),
    });
    expect(other.statusCode).toBe(404);
    expect(await rolePerms(brRole)).toEqual([]);
    expect((await business.get('/sys/permission/queryRolePermission', { roleId: brRole })).statusCode).toBe(
      404,
    );
  });

  it('the platform admin may grant anything, including to system roles', async () => {
    const readRole = await roleId('third_role_read');
    const before = await rolePerms(readRole);
    const ids = (
      await tdb.pool.query(
        'select p.id from role_permission rp join permission p on p.id = rp.permission_id where rp.role_id = $1',
        [readRole],
      )
    ).rows.map((r) => Number(r.id));
    const extra = await permId(Perm.AUDIT_MENU);
    const res = await admin.post('/sys/permission/saveRolePermission', {
      roleId: readRole,
      permissionIds: [...ids, extra].join(','),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await rolePerms(readRole)).toEqual([...before, Perm.AUDIT_MENU].sort());
    await admin.post('/sys/permission/saveRolePermission', {
      roleId: readRole,
      permissionIds: ids.join(','),
    });
    expect(await rolePerms(readRole)).toEqual(before);
  });

  it('demo_read and demo_admin (no role:* codes) get 403 from every role write', async () => {
    for (const c of [demoRead, demoAdmin]) {
      const calls = await Promise.all([
        c.post('/sys/role/add', { roleCode: 'x_role', roleName: 'x' }),
        c.put('/sys/role/edit', { id: myRole, roleCode: 'x_role', roleName: 'x' }),
        c.post('/sys/permission/saveRolePermission', { roleId: myRole, permissionIds: '1' }),
        c.get('/sys/role/list'),
      ]);
      for (const r of calls) expect(r.statusCode, r.body).toBe(403);
    }
  });
});

describe('permission admin (platform)', () => {
  it('list: full tree with every field; queryTreeList; system menus and submenus', async () => {
    const list = await admin.get('/sys/permission/list');
    expect(list.statusCode, list.body).toBe(200);
    const tree = list.json().result as {
      id: number;
      perms: string;
      children?: unknown[];
      route: string;
      status: string;
    }[];
    expect(tree.length).toBeGreaterThan(0);
    const system = tree.find((n) => n.children && n.children.length > 0)!;
    expect(system).toMatchObject({ route: '1', status: '1' });
    const q = await admin.get('/sys/permission/queryTreeList');
    expect(q.json().result.ids.length).toBeGreaterThan(10);
    const menus = (await admin.get('/sys/permission/getSystemMenuList')).json().result as {
      id: number;
      parentId: null;
    }[];
    expect(menus.every((m) => m.parentId === null)).toBe(true);
    const sub = await admin.get('/sys/permission/getSystemSubmenu', { parentId: system.id });
    expect(sub.json().result.length).toBe(system.children!.length);
    const batch = await admin.get('/sys/permission/getSystemSubmenuBatch', {
      parentIds: `${system.id},${menus[0]!.id}`,
    });
    expect(Object.keys(batch.json().result).sort()).toEqual([String(system.id), String(menus[0]!.id)].sort());
    const rules = await admin.get('/sys/permission/getPermRuleListByPermId', { permissionId: system.id });
    expect(rules.json().result).toEqual([]);
    expect((await admin.get('/sys/permission/queryPermissionRule')).json().result).toEqual([]);
  });

  it('add and edit an entry; duplicate code 409; cycle refused', async () => {
    const parent = await permId(Perm.USER_MENU);
    const add = await admin.post('/sys/permission/add', {
      parentId: parent,
      menuType: 2,
      perms: 'user:export',
      permsType: '2',
      name: 'Export users',
    });
    expect(add.statusCode, add.body).toBe(200);
    const id = add.json().result.id;
    expect(add.json().result).toMatchObject({ perms: 'user:export', status: '1', title: 'Export users' });
    const dup = await admin.post('/sys/permission/add', {
      menuType: 2,
      perms: 'user:export',
      permsType: '2',
      name: 'again',
    });
    expect(dup.statusCode).toBe(409);
    const edit = await admin.put('/sys/permission/edit', {
      id,
      parentId: parent,
      menuType: 2,
      perms: 'user:export',
      permsType: '2',
      name: 'Export',
      titles: { 'en-US': 'Export list' },
    });
    expect(edit.statusCode, edit.body).toBe(200);
    expect(edit.json().result.title).toBe('Export list');
    const cycle = await admin.put('/sys/permission/edit', {
      id: parent,
      parentId: id,
      menuType: 1,
      perms: Perm.USER_MENU,
      permsType: '1',
      name: 'x',
    });
    expect(cycle.statusCode).toBe(422);
  });

  it("status '0' disables a code everywhere: the merchant loses it at once", async () => {
    const id = await permId(Perm.ROLE_ADD);
    const row = (await admin.get('/sys/permission/list')).json().result;
    const all = flat(row as Node[]) as unknown as {
      id: number;
      parentId: number | null;
      menuType: number;
      perms: string;
      permsType: string;
      name: string;
    }[];
    const entry = all.find((e) => e.id === id)!;
    const body = {
      id,
      parentId: entry.parentId,
      menuType: entry.menuType,
      perms: entry.perms,
      permsType: entry.permsType,
      name: entry.name,
    };
    expect((await admin.put('/sys/permission/edit', { ...body, status: '0' })).statusCode).toBe(200);
    const denied = await business.post('/sys/role/add', { roleCode: 'while_disabled', roleName: 'x' });
    expect(denied.statusCode).toBe(403);
    expect((await admin.put('/sys/permission/edit', { ...body, status: '1' })).statusCode).toBe(200);
    const allowed = await business.post('/sys/role/add', { roleCode: 'after_enabled', roleName: 'x' });
    expect(allowed.statusCode).toBe(200);
  });

  it('merchant users get 403 from the permission admin', async () => {
    const calls = await Promise.all([
      business.get('/sys/permission/list'),
      business.get('/sys/permission/getSystemMenuList'),
      business.post('/sys/permission/add', { menuType: 2, perms: 'x:y', permsType: '2', name: 'x' }),
      business.put('/sys/permission/edit', { id: 1, menuType: 2, perms: 'x:y', permsType: '2', name: 'x' }),
      demoRead.post('/sys/permission/add', { menuType: 2, perms: 'x:y', permsType: '2', name: 'x' }),
    ]);
    for (const r of calls) expect(r.statusCode, r.body).toBe(403);
  });
});
