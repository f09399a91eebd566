import { beforeEach, describe, expect, it } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { ColumnPerm, Perm } from '@mg/domain';
import { Can } from '../src/components/Can';
import { buttonDecision, hasColumn, hasPermission, visibleColumns, type ColumnLike } from '../src/session/permission';
import { usePermission } from '../src/session/usePermission';
import { setPermissions, setUserInfo } from '../src/session/store';
import type { AuthEntry } from '../src/api/identity';
import { userInfo } from './shell-harness';

const b = (action: string, status: '0' | '1' = '1'): AuthEntry => ({ action, describe: action, type: '2', status });
const c = (action: string, status: '0' | '1' = '1'): AuthEntry => ({ action, describe: action, type: '1', status });

beforeEach(() => {
  window.localStorage.clear();
  window.sessionStorage.clear();
});

describe('button check (spec §6)', () => {
  const lists = {
    auth: [b('user:add'), c('user:edit'), b('role:add')],
    allAuth: [b('user:add'), b('user:edit'), b('user:freeze', '0'), b('role:add'), b('dict:edit')],
  };

  it('own type 2 entry allows', () => {
    expect(hasPermission('user:add', lists)).toBe(true);
    expect(buttonDecision('user:add', lists)).toBe('own');
  });

  it('an own entry of type 1 is not a button grant', () => {
    expect(hasPermission('user:edit', lists)).toBe(false);
    expect(buttonDecision('user:edit', lists)).toBe('notGranted');
  });

  it('not in the own list: a disabled configured entry denies; an enabled one not given denies; unknown denies', () => {
    expect(buttonDecision('user:freeze', lists)).toBe('disabled');
    expect(hasPermission('user:freeze', lists)).toBe(false);
    expect(buttonDecision('dict:edit', lists)).toBe('notGranted');
    expect(hasPermission('dict:edit', lists)).toBe(false);
    expect(buttonDecision('no:such', lists)).toBe('unknown');
    expect(hasPermission('no:such', lists)).toBe(false);
  });

  it('comma-separated codes: any one is enough; spaces and empties are ignored', () => {
    expect(hasPermission('dict:edit,user:add', lists)).toBe(true);
    expect(hasPermission(' dict:edit , role:add ', lists)).toBe(true);
    expect(hasPermission('dict:edit,user:freeze', lists)).toBe(false);
    expect(hasPermission('', lists)).toBe(true);
    expect(hasPermission(['dict:edit', 'role:add'], lists)).toBe(true);
  });

  it('empty lists deny', () => {
    expect(hasPermission('user:add', { auth: [], allAuth: [] })).toBe(false);
  });
});

describe('column rules (spec §6)', () => {
  const cols: (ColumnLike & { title: string })[] = [
    { title: 'order', dataIndex: 'orderNo' },
    { title: 'amount', dataIndex: 'amount' },
    { title: 'fee', dataIndex: 'adminFee' },
    { title: 'service', dataIndex: 'serviceFee' },
    { title: 'flagged', dataIndex: 'charge', fee: true },
    { title: 'usd', dataIndex: 'amountUsd' },
    { title: 'paid', dataIndex: 'paidAmount' },
    { title: 'secret', dataIndex: 'channel', permission: 'column:channel' },
    { title: 'nested', dataIndex: ['detail', 'feeUsd'] },
  ];
  const titles = (r: { title: string }[]) => r.map((x) => x.title);
  const ctx = (over: Partial<Parameters<typeof visibleColumns>[1]> = {}) => ({ auth: [], allAuth: [], merchantId: 10001, amountUsdSwitch: false, ...over });

  it('switch off: Usd columns hidden, fee shown, paidAmount hidden for non-privileged, permission columns hidden', () => {
    expect(titles(visibleColumns(cols, ctx()))).toEqual(['order', 'amount', 'fee', 'service', 'flagged']);
  });

  it('switch on: Usd columns shown, fee columns hidden for non-privileged', () => {
    expect(titles(visibleColumns(cols, ctx({ amountUsdSwitch: true })))).toEqual(['order', 'amount', 'usd']);
  });

  it('holders of column:fee keep fees with the switch on; holders of column:paidAmount see paid amounts', () => {
    const r = visibleColumns(cols, ctx({ amountUsdSwitch: true, auth: [c(ColumnPerm.FEE), c(ColumnPerm.PAID_AMOUNT)] }));
    expect(titles(r)).toEqual(['order', 'amount', 'fee', 'service', 'flagged', 'usd', 'paid', 'nested']);
  });

  it('provider staff are privileged', () => {
    const r = visibleColumns(cols, ctx({ amountUsdSwitch: true, auth: [b(Perm.TIKIPAY_STAFF)] }));
    expect(titles(r)).toContain('fee');
    expect(titles(r)).toContain('paid');
  });

  it('a permission column shows when granted and not disabled', () => {
    expect(titles(visibleColumns(cols, ctx({ auth: [c('column:channel')] })))).toContain('secret');
    expect(titles(visibleColumns(cols, ctx({ auth: [c('column:channel')], allAuth: [c('column:channel', '0')] })))).not.toContain('secret');
    expect(hasColumn('column:channel', { auth: [c('column:channel', '0')], allAuth: [] })).toBe(false);
  });

  it('merchant 10000 sees everything', () => {
    expect(titles(visibleColumns(cols, ctx({ merchantId: 10000 })))).toEqual(titles(cols));
  });
});

function Probe() {
  const { has, columns } = usePermission();
  return (
    <div>
      <span data-testid="has">{String(has('user:add,user:edit'))}</span>
      <span data-testid="cols">{columns([{ dataIndex: 'amount' }, { dataIndex: 'amountUsd' }]).length}</span>
      <Can code="user:add">
        <button type="button">add user</button>
      </Can>
      <Can code="user:freeze" fallback={<span>no freeze</span>}>
        <button type="button">freeze</button>
      </Can>
    </div>
  );
}

describe('usePermission and <Can>', () => {
  it('react to the session: permissions loaded, user info switch', () => {
    render(<Probe />);
    expect(screen.getByTestId('has').textContent).toBe('false');
    expect(screen.queryByText('add user')).toBeNull();
    expect(screen.getByText('no freeze')).toBeTruthy();
    act(() => {
      setPermissions({ menu: [], auth: [b('user:add'), b('user:freeze')], allAuth: [b('user:add'), b('user:freeze', '0')] });
      setUserInfo(userInfo({ amountUsdSwitch: true }));
    });
    expect(screen.getByTestId('has').textContent).toBe('true');
    expect(screen.getByText('add user')).toBeTruthy();
    // Own grant first (spec §6 order): the user's own type 2 entry allows.
    expect(screen.getByText('freeze')).toBeTruthy();
    expect(screen.getByTestId('cols').textContent).toBe('2');
  });
});
