/**
 * The permission tree as the screens want it: antd Tree data (`{ key, title, children }`) for granting, and the
 * full rows (with children) for the permission admin screen. Titles are in the caller's language: an operator's
 * title for that language wins over the catalogue key.
 */
import { translate, type Language, type PermissionTreeNode } from '@mg/domain';
import type { AuthSession } from '../auth';
import { isPlatformAdmin } from '../../lib/admin';
import type { PermissionRow } from './queries';

/** A node of the grant tree (domain permissions/schemas.ts). */
export type TreeNode = PermissionTreeNode;

export function permissionTitle(
  lang: Language,
  p: Pick<PermissionRow, 'titles' | 'titleKey' | 'name'>,
): string {
  const own = p.titles?.[lang];
  if (own) return own;
  const text = translate(lang, p.titleKey);
  return text === p.titleKey && p.name ? p.name : text;
}

/** Generic parent/child assembly; a row whose parent is not in `rows` becomes a root. Order of `rows` is kept. */
export function assemble<R extends { id: number; parentId: number | null }, N extends { children?: N[] }>(
  rows: readonly R[],
  toNode: (r: R) => N,
): N[] {
  const nodes = new Map<number, N>();
  for (const r of rows) nodes.set(r.id, toNode(r));
  const roots: N[] = [];
  for (const r of rows) {
    const node = nodes.get(r.id)!;
    const parent = r.parentId === null ? undefined : nodes.get(r.parentId);
    if (parent && r.parentId !== r.id) (parent.children ??= []).push(node);
    else roots.push(node);
  }
  return roots;
}

export function treeNodes(rows: readonly PermissionRow[], lang: Language): TreeNode[] {
  const withChildren = new Set(rows.map((r) => r.parentId).filter((id): id is number => id !== null));
  return assemble(rows, (r): TreeNode => ({
    key: r.id,
    value: r.id,
    title: permissionTitle(lang, r),
    code: r.perms,
    permsType: r.permsType,
    menuType: r.menuType,
    status: r.status,
    isLeaf: !withChildren.has(r.id),
  }));
}

/** Permissions the caller may grant: what it holds itself (the platform admin: everything). */
export function grantable(rows: readonly PermissionRow[], auth: AuthSession): PermissionRow[] {
  if (isPlatformAdmin(auth)) return [...rows];
  return rows.filter((r) => auth.perms.has(r.perms));
}

/**
 * The new grant set when the caller asks for `requested` on something holding `current`: entries the caller may
 * not grant stay as they are (kept if held, never added); asking to add one is refused (returns it in `refused`).
 */
export function diffGrants(
  current: readonly number[],
  requested: readonly number[],
  grantableIds: ReadonlySet<number>,
) {
  const cur = new Set(current);
  const req = new Set(requested);
  const refused = [...req].filter((id) => !cur.has(id) && !grantableIds.has(id));
  const add = [...req].filter((id) => !cur.has(id) && grantableIds.has(id));
  const remove = [...cur].filter((id) => !req.has(id) && grantableIds.has(id));
  return { add, remove, refused };
}
