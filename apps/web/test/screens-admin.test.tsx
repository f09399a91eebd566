import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MENU, Perm, flattenMenu } from '@mg/domain';
import { SCREENS } from '../src/features/registry';
import Roles from '../src/features/roles/RolesPage';
import Audit from '../src/features/audit/AuditPage';
import Departments from '../src/features/departments/DepartmentsPage';
import { fakeServer, page, renderScreen, Reply, signIn, signOutForTests } from './screens-harness';

afterEach(() => signOutForTests());

describe('screen registry', () => {
  it('has a lazily loaded screen for every component key of the domain MENU, and the header bell', () => {
    const keys = flattenMenu(MENU)
      .map((m) => m.component)
      .filter(Boolean);
    expect(keys.length).toBeGreaterThan(5);
    for (const key of keys) {
      expect(SCREENS[key], key).toBeDefined();
      expect((SCREENS[key] as unknown as { $$typeof: symbol }).$$typeof, key).toBe(Symbol.for('react.lazy'));
    }
    expect(SCREENS['announcements/AnnouncementBell']).toBeDefined();
  });

  it('every screen module loads and has a default component', async () => {
    const loaders = await Promise.all(
      Object.entries(SCREENS).map(async ([key, lazy]) => {
        // React's lazy payload: its loader until first rendered, then the pending promise, then the module itself
        // (another file in the same worker may have rendered the screen already).
        const payload = (lazy as unknown as { _payload: { _result: (() => Promise<{ default: unknown }>) | PromiseLike<{ default: unknown }> | { default: unknown } } })._payload;
        const r = payload._result;
        const mod = typeof r === 'function' ? await r() : await r;
        return [key, typeof mod.default] as const;
      }),
    );
    for (const [key, type] of loaders) expect(type, key).toBe('function');
  });
});

describe('Roles screen', () => {
  const ROLES = [
    { id: 5, roleCode: 'shop_lead', roleName: 'Shop lead', description: 'Own role', merchantId: 10001, system: false, createTime: '2026-01-01T00:00:00Z' },
    { id: 2, roleCode: 'third_role_admin', roleName: 'Merchant administrator', description: null, merchantId: null, system: true, createTime: null },
  ];
  const TREE = {
    treeList: [
      { key: 100, value: 100, title: 'Home', code: 'home:menu', permsType: '1', menuType: 1, status: '1', isLeaf: true },
      {
        key: 200,
        value: 200,
        title: 'System',
        code: 'user:menu',
        permsType: '1',
        menuType: 0,
        status: '1',
        isLeaf: false,
        children: [
          { key: 201, value: 201, title: 'Users', code: 'user:menu', permsType: '1', menuType: 1, status: '1', isLeaf: false, children: [{ key: 202, value: 202, title: 'Add user', code: 'user:add', permsType: '2', menuType: 2, status: '1', isLeaf: true }] },
        ],
      },
    ],
    ids: [100, 200, 201, 202],
  };
  function server() {
    return fakeServer({
      'GET /sys/role/list': () => page(ROLES),
      'GET /sys/role/queryTreeList': () => TREE,
      'GET /sys/permission/queryRolePermission': () => [100, 200],
      'POST /sys/permission/saveRolePermission': () => ({ added: ['user:menu'], removed: [] }),
    });
  }

  beforeEach(() => signIn([Perm.ROLE_ADD, Perm.ROLE_EDIT, Perm.ROLE_GRANT]));

  it('the permission tree shows the granted ids and saves the checked ids', async () => {
    const srv = server();
    await renderScreen(<Roles />, { server: srv });
    await screen.findByText('Shop lead');
    fireEvent.click(screen.getByTestId('permissions-5'));
    const drawer = await screen.findByRole('dialog');
    await within(drawer).findByText('Add user');
    const node = (title: string) => within(drawer).getByText(title).closest('.ant-tree-treenode') as HTMLElement;
    expect(node('Home').classList.contains('ant-tree-treenode-checkbox-checked')).toBe(true);
    expect(node('Users').classList.contains('ant-tree-treenode-checkbox-checked')).toBe(false);
    expect(srv.callsTo('GET', '/sys/permission/queryRolePermission')[0]?.query.get('roleId')).toBe('5');

    // Grant Users and Add user, take Home away.
    fireEvent.click(node('Users').querySelector('.ant-tree-checkbox') as Element);
    fireEvent.click(node('Add user').querySelector('.ant-tree-checkbox') as Element);
    fireEvent.click(node('Home').querySelector('.ant-tree-checkbox') as Element);
    await act(async () => {
      fireEvent.click(within(drawer).getByTestId('save-permissions'));
    });
    await waitFor(() => expect(srv.callsTo('POST', '/sys/permission/saveRolePermission')).toHaveLength(1));
    const body = srv.callsTo('POST', '/sys/permission/saveRolePermission')[0]?.body;
    expect(body?.roleId).toBe(5);
    expect(String(body?.permissionIds).split(',').sort()).toEqual(['200', '201', '202']);
    expect(String(body?.lastpermissionIds).split(',').sort()).toEqual(['100', '200']);
  });

  it('system roles are read-only for a merchant: no edit, the tree cannot be changed or saved', async () => {
    await renderScreen(<Roles />, { server: server() });
    const row = (await screen.findByText('Merchant administrator')).closest('tr') as HTMLElement;
    expect(within(row).getByText('System')).toBeTruthy();
    expect(within(row).queryByText('Edit')).toBeNull();
    fireEvent.click(within(row).getByTestId('permissions-2'));
    const drawer = await screen.findByRole('dialog');
    expect(await within(drawer).findByText('System roles are managed by the platform and can only be viewed.')).toBeTruthy();
    expect(within(drawer).queryByTestId('save-permissions')).toBeNull();
    const own = (screen.getByText('Shop lead').closest('tr') as HTMLElement);
    expect(within(own).getByText('Edit')).toBeTruthy();
  });
});

describe('Security history (audit) screen', () => {
  const RECORDS = [
    { id: 1, merchantId: 10001, userId: 1, username: 'demo_admin', action: 'login_failed', success: false, result: 'failure', detail: { reason: 'credentials', brand: 'lumipay' }, ip: '10.0.0.9', userAgent: null, createdAt: '2026-03-02T01:00:00.000Z' },
    { id: 2, merchantId: 10001, userId: 1, username: 'demo_admin', action: 'user_frozen', success: true, result: 'success', detail: { targetUsername: 'bob' }, ip: '10.0.0.9', userAgent: null, createdAt: '2026-03-02T02:00:00.000Z' },
  ];

  beforeEach(() => signIn([]));

  it('rejects a range over three months before calling the server', async () => {
    const srv = fakeServer({ 'GET /sys/audit/list': () => page(RECORDS) });
    await renderScreen(<Audit />, { server: srv, path: '/system/audit?createTime_begin=2026-01-01%2000%3A00%3A00&createTime_end=2026-05-01%2000%3A00%3A00' });
    expect((await screen.findByTestId('range-error')).textContent).toContain('The query range cannot exceed 3 months');
    expect(srv.callsTo('GET', '/sys/audit/list')).toHaveLength(0);
  });

  it('sends a valid range with the filters and shows localized actions and result tags', async () => {
    const srv = fakeServer({ 'GET /sys/audit/list': () => page(RECORDS) });
    await renderScreen(<Audit />, { server: srv, path: '/system/audit?createTime_begin=2026-03-01%2000%3A00%3A00&createTime_end=2026-03-31%2023%3A59%3A59&success=false&action=login_failed' });
    expect(await screen.findByText('User frozen')).toBeTruthy();
    const failedRow = screen.getByText(/Wrong user name or password/).closest('tr') as HTMLElement;
    expect(within(failedRow).getByText('Failed sign-in')).toBeTruthy();
    // the facts in the reader's language: labelled, the reason worded, the brand by its name; no raw key or code
    const facts = within(failedRow).getByText(/Wrong user name or password/).closest('.mg-facts') as HTMLElement;
    expect(facts.textContent).toBe('Reason: Wrong user name or password · Brand: LumiPay');
    expect(screen.getByText('bob').closest('.mg-facts')?.textContent).toBe('Username: bob');
    expect(screen.getAllByText('Failure').length).toBeGreaterThan(0);
    const call = srv.callsTo('GET', '/sys/audit/list')[0];
    expect(call?.query.get('success')).toBe('false');
    expect(call?.query.get('action')).toBe('login_failed');
    // The session zone's wall clock, sent as it is (the browser runs in Europe/Berlin in these tests).
    expect(call?.query.get('createTime_begin')).toBe('2026-03-01 00:00:00');
    expect(screen.queryByTestId('range-error')).toBeNull();
  });

  it('defaults to the last seven days', async () => {
    const srv = fakeServer({ 'GET /sys/audit/list': () => page([]) });
    await renderScreen(<Audit />, { server: srv });
    await waitFor(() => expect(srv.callsTo('GET', '/sys/audit/list')).toHaveLength(1));
    const q = srv.callsTo('GET', '/sys/audit/list')[0]?.query;
    const days = (Date.parse(String(q?.get('createTime_end')).replace(' ', 'T')) - Date.parse(String(q?.get('createTime_begin')).replace(' ', 'T'))) / 86_400_000;
    expect(days).toBeGreaterThan(7);
    expect(days).toBeLessThan(8);
  });
});

describe('Departments screen', () => {
  beforeEach(() => signIn([Perm.DEPART_ADD, Perm.DEPART_EDIT, Perm.DEPART_DELETE]));

  it('shows the users of the selected department and explains a refused delete (422)', async () => {
    const srv = fakeServer({
      'GET /sys/sysDepart/queryTreeList': () => [
        { id: 1, key: 1, value: 1, title: 'Head office', departName: 'Head office', orgCode: 'A01', parentId: null, merchantId: 10001, sortOrder: 0, createTime: null, isLeaf: true },
      ],
      'GET /sys/user/queryUserByDepId': () => [{ id: 11, username: 'alice', realname: 'Alice Tan', email: null, phone: null, status: 1, roles: [] }],
      'DELETE /sys/sysDepart/delete': () => new Reply(422, { success: false, code: 422, message: 'The department still has users', result: null }),
    });
    await renderScreen(<Departments />, { server: srv });
    fireEvent.click(await screen.findByText('Head office'));
    expect(await screen.findByText('alice')).toBeTruthy();
    expect(screen.getByText('A01')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /Delete/ }));
    const pop = await waitFor(() => document.querySelector('.ant-popconfirm') as HTMLElement);
    await act(async () => {
      fireEvent.click(within(pop).getByRole('button', { name: 'Confirm' }));
    });
    expect(await screen.findByText('The department still has users')).toBeTruthy();
    expect(screen.getByText(/cannot be deleted/)).toBeTruthy();
    expect(srv.callsTo('DELETE', '/sys/sysDepart/delete')[0]?.query.get('id')).toBe('1');
  });
});
