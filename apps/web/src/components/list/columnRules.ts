import { useCallback } from 'react';
import type { ColumnLike } from '../../session/permission';
import { usePermission } from '../../session/usePermission';

function indexOf(dataIndex: unknown): ColumnLike['dataIndex'] {
  if (typeof dataIndex === 'string' || typeof dataIndex === 'number') return dataIndex;
  if (Array.isArray(dataIndex) && dataIndex.every((k) => typeof k === 'string' || typeof k === 'number')) return dataIndex as (string | number)[];
  return undefined;
}

/**
 * The spec §6 column rules for shapes that are not a declared list's columns (a drawer's fields, a nested table):
 * the same rules, the same order, read from each item's `dataIndex` / `key`.
 */
export function useColumnRules(): <C extends { dataIndex?: unknown; key?: unknown }>(columns: readonly C[]) => C[] {
  const perm = usePermission();
  return useCallback(
    <C extends { dataIndex?: unknown; key?: unknown }>(columns: readonly C[]) => {
      const likes = columns.map((c, i) => ({ i, dataIndex: indexOf(c.dataIndex), key: typeof c.key === 'string' || typeof c.key === 'number' ? c.key : undefined }));
      const keep = new Set(perm.columns(likes).map((l) => l.i));
      return columns.filter((_, i) => keep.has(i));
    },
    [perm],
  );
}
