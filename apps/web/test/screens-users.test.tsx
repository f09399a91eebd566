import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Perm } from '@mg/domain';
import Users from '../src/features/users/UsersPage';
import { fakeServer, page, renderScreen, Reply, signIn, signOutForTests } from './screens-harness';

const USERS = [
  {
    id: 11,
    username: 'alice',
    realname: 'Alice Tan',
    email: 'alice@example.com',
    phone: '081234567890',
    status: 1,
    twoFactorEnabled: true,
    createdAt: '2026-01-15T03:04:05.000Z',
    roles: [{ id: 3, roleCode: 'third_role_operator', roleName: 'Merchant operator' }],
    roleNames: ['Merchant operator'],
    roleIds: [3],
    departs: [],
    departIds: [],
    merchantId: 10001,
    avatar: null,
    orgCode: null,
    createdBy: null,
  },
  {
    id: 12,
    username: 'bob',
    realname: 'Bob Lee',
    email: null,
    phone: null,
    status: 2,
    twoFactorEnabled: false,
    createdAt: '2026-02-01T00:00:00.000Z',
    roles: [],
    roleNames: [],
    roleIds: [],
    departs: [],
    departIds: [],
    merchantId: 10001,
    avatar: null,
    orgCode: null,
    createdBy: null,
  },
];

function server() {
  return fakeServer({
    'GET /sys/user/list': () => page(USERS),
    'GET /sys/role/queryall': () => [{ id: 3, roleCode: 'third_role_operator', roleName: 'Merchant operator', merchantId: null, system: true }],
    'GET /sys/sysDepart/queryTreeList': () => [],
    'GET /sys/user/checkOnlyUser': (c) =>
      c.query.get('username') === 'alice' ? new Reply(200, { success: false, code: 200, message: 'This username is already taken', result: false }) : true,
    'PUT /sys/user/frozenBatch': () => null,
    'POST /sys/user/add': () => ({ id: 99 }),
  });
}

beforeEach(() => signIn([Perm.USER_ADD, Perm.USER_EDIT, Perm.USER_FREEZE, Perm.USER_RESET_PASSWORD]));
afterEach(() => signOutForTests());

describe('Users screen', () => {
  it('lists the records of the API: roles as tags, status and 2FA tags, time in the session zone', async () => {
    const srv = server();
    await renderScreen(<Users />, { server: srv });
    expect(await screen.findByText('alice')).toBeTruthy();
    const row = screen.getByText('alice').closest('tr') as HTMLElement;
    expect(within(row).getByText('Alice Tan')).toBeTruthy();
    expect(within(row).getByText('Merchant operator')).toBeTruthy();
    expect(within(row).getByText('Normal')).toBeTruthy();
    expect(within(row).getByText('On')).toBeTruthy();
    // 03:04:05 UTC is 10:04:05 in Jakarta (IDR session), whatever the browser zone.
    expect(within(row).getByText('2026-01-15 10:04:05')).toBeTruthy();
    const bobRow = screen.getByText('bob').closest('tr') as HTMLElement;
    expect(within(bobRow).getByText('Frozen')).toBeTruthy();
    expect(within(bobRow).getByText('Unfreeze')).toBeTruthy();
    const list = srv.callsTo('GET', '/sys/user/list')[0];
    expect(list?.query.get('pageNo')).toBe('1');
    expect(list?.query.get('pageSize')).toBe('10');
  });

  it('keeps the filters of the URL and sends them', async () => {
    const srv = server();
    await renderScreen(<Users />, { server: srv, path: '/system/users?username=ali&status=2&pageSize=20' });
    await screen.findByText('alice');
    const list = srv.callsTo('GET', '/sys/user/list')[0];
    expect(list?.query.get('username')).toBe('ali');
    expect(list?.query.get('status')).toBe('2');
    expect(list?.query.get('pageSize')).toBe('20');
  });

  it('hides the buttons the session lacks', async () => {
    signIn([]);
    await renderScreen(<Users />, { server: server() });
    await screen.findByText('alice');
    expect(screen.queryByText('Add user')).toBeNull();
    expect(screen.queryByText('Freeze')).toBeNull();
    expect(screen.queryByText('Reset password')).toBeNull();
  });

  it('add form: the password policy and the live uniqueness message of checkOnlyUser', async () => {
    const srv = server();
    await renderScreen(<Users />, { server: srv });
    await screen.findByText('alice');
    fireEvent.click(screen.getByText('Add user'));
    const dialog = await screen.findByRole('dialog');
    const input = (label: string) => within(dialog).getByLabelText(label) as HTMLInputElement;

    fireEvent.change(input('Username'), { target: { value: 'alice' } });
    expect(await within(dialog).findByText('This username is already taken')).toBeTruthy();
    expect(srv.callsTo('GET', '/sys/user/checkOnlyUser').some((c) => c.query.get('username') === 'alice')).toBe(true);

    fireEvent.change(input('Password'), { target: { value: 'abc' } });
    expect(await within(dialog).findByText('The password must have at least 8 characters')).toBeTruthy();
    fireEvent.change(input('Password'), { target: { value: 'abcdefgh1' } });
    expect(await within(dialog).findByText('The password must contain an upper-case letter')).toBeTruthy();
    expect(within(dialog).getByTestId('password-strength').getAttribute('data-strength')).toBe('low');

    // Save is refused while the form is invalid: nothing is sent.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(within(dialog).getByText('Please enter the name')).toBeTruthy());
    expect(srv.callsTo('POST', '/sys/user/add')).toHaveLength(0);
  });

  // Two tests, not one: together they were the longest run of antd form events of the suite and timed out at load 20.
  it('add form: a role is asked for, then the user is saved with what was typed', async () => {
    const srv = server();
    await renderScreen(<Users />, { server: srv });
    await screen.findByText('alice');
    fireEvent.click(screen.getByText('Add user'));
    const dialog = await screen.findByRole('dialog');
    const input = (label: string) => within(dialog).getByLabelText(label) as HTMLInputElement;

    fireEvent.change(input('Username'), { target: { value: 'carol' } });
    fireEvent.change(input('Name'), { target: { value: 'Carol' } });
    fireEvent.change(input('Password'), { target: { value: 'Str0ng#Passw0rd' } });
    fireEvent.change(input('Confirm password'), { target: { value: 'Str0ng#Passw0rd' } });
    await waitFor(() => expect(within(dialog).queryByText('This username is already taken')).toBeNull());
    expect(within(dialog).getByTestId('password-strength').getAttribute('data-strength')).toBe('strong');
    // Without a role the user could do nothing: the form asks for one.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Choose at least one role: a user without a role can do nothing')).toBeTruthy();
    expect(srv.callsTo('POST', '/sys/user/add')).toHaveLength(0);
    fireEvent.mouseDown(within(dialog).getByLabelText('Roles'));
    fireEvent.click(await screen.findByTitle('Merchant operator'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(srv.callsTo('POST', '/sys/user/add')).toHaveLength(1));
    expect(srv.callsTo('POST', '/sys/user/add')[0]?.body).toMatchObject({ username: 'carol', realname: 'Carol', password: 'Str0ng#Passw0rd', roleIds: [3], departIds: [] });
  });

  it('freeze asks for confirmation, then calls frozenBatch', async () => {
    const srv = server();
    await renderScreen(<Users />, { server: srv });
    const row = (await screen.findByText('alice')).closest('tr') as HTMLElement;
    fireEvent.click(within(row).getByText('Freeze'));
    expect(await screen.findByText('Freeze alice? The user can no longer sign in.')).toBeTruthy();
    expect(srv.callsTo('PUT', '/sys/user/frozenBatch')).toHaveLength(0);
    const popover = document.querySelector('.ant-popconfirm') as HTMLElement;
    await act(async () => {
      fireEvent.click(within(popover).getByRole('button', { name: 'Confirm' }));
    });
    await waitFor(() => expect(srv.callsTo('PUT', '/sys/user/frozenBatch')).toHaveLength(1));
    expect(srv.callsTo('PUT', '/sys/user/frozenBatch')[0]?.body).toMatchObject({ ids: '11', status: 2 });
  });

  it('batch freeze of the selected rows, after a confirmation', async () => {
    const srv = server();
    await renderScreen(<Users />, { server: srv });
    await screen.findByText('alice');
    const checkbox = (i: number) => document.querySelectorAll<HTMLInputElement>('tr[data-row-key] .ant-checkbox-input')[i] as HTMLInputElement;
    fireEvent.click(checkbox(0));
    const selectedKeys = () => Array.from(document.querySelectorAll('tbody tr.ant-table-row-selected')).map((r) => r.getAttribute('data-row-key'));
    await waitFor(() => expect(selectedKeys()).toEqual(['11']));
    fireEvent.click(checkbox(1));
    await waitFor(() => expect(selectedKeys()).toEqual(['11', '12']));
    await waitFor(() => expect((screen.getByTestId('batch-freeze') as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(screen.getByTestId('batch-freeze'));
    expect((await screen.findAllByText('Freeze 2 users?')).length).toBeGreaterThan(0);
    const confirm = document.querySelector('.ant-modal-confirm') as HTMLElement;
    await act(async () => {
      fireEvent.click(within(confirm).getByRole('button', { name: 'Confirm' }));
    });
    await waitFor(() => expect(srv.callsTo('PUT', '/sys/user/frozenBatch')).toHaveLength(1));
    expect(srv.callsTo('PUT', '/sys/user/frozenBatch')[0]?.body).toMatchObject({ ids: '11,12', status: 2 });
  });
});
