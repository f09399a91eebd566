import { useCallback, useMemo } from 'react';
import { useSession } from './store';
import type { ColumnAccess } from '@mg/domain';
import { columnAccessOf, hasColumn, hasPermission, menuHas, visibleColumns, type ColumnLike } from './permission';

export interface PermissionApi {
  /** Spec §6 button check; comma-separated codes = any. */
  has: (codes: string) => boolean;
  /** A page of the user's menu, by its path: may the user open it (a link to it makes sense). */
  hasPage: (path: string) => boolean;
  /** Column code granted (type 1 `column:` entries). */
  hasColumn: (code: string) => boolean;
  /** The spec §6 column rules for a table's columns. */
  columns: <C extends ColumnLike>(columns: readonly C[]) => C[];
  /** The session as the domain's column rules read it (declared lists: domain visibleColumns). */
  columnAccess: ColumnAccess;
}

/** Reactive permission checks: re-render on sign-in, sub-merchant switch, permission reload. */
export function usePermission(): PermissionApi {
  const { auth, allAuth, userInfo, menu } = useSession();
  const hasPage = useCallback((path: string) => menuHas(menu ?? [], (m) => m.path === path), [menu]);
  const has = useCallback((codes: string) => hasPermission(codes, { auth, allAuth }), [auth, allAuth]);
  const column = useCallback((code: string) => hasColumn(code, { auth, allAuth }), [auth, allAuth]);
  const columns = useCallback(
    <C extends ColumnLike>(cols: readonly C[]) =>
      visibleColumns(cols, { auth, allAuth, merchantId: userInfo?.merchantId, amountUsdSwitch: userInfo?.amountUsdSwitch }),
    [auth, allAuth, userInfo?.merchantId, userInfo?.amountUsdSwitch],
  );
  const columnAccess = useMemo(
    () => columnAccessOf({ auth, allAuth, merchantId: userInfo?.merchantId, amountUsdSwitch: userInfo?.amountUsdSwitch }),
    [auth, allAuth, userInfo?.merchantId, userInfo?.amountUsdSwitch],
  );
  return useMemo(() => ({ has, hasPage, hasColumn: column, columns, columnAccess }), [has, hasPage, column, columns, columnAccess]);
}
