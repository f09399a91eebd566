/**
 * Permission administration (platform staff): the menu tree with buttons and columns. Setting an entry's status
 * to '0' disables its code for everyone (the session's permission set leaves disabled codes out). We keep no
 * data rules: the data-rule calls answer an empty list.
 */
import { type Language, type PermissionNode } from '@mg/domain';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/pool';
import { audit } from '../auth';
import { iso, KeyedError, notFound } from '../../lib/admin';
import { countChildren, insertPermission, selectAllPermissions, selectIdByCode, selectPermission, updatePermission, type PermissionRow } from './queries';
import { assemble, permissionTitle, treeNodes, type TreeNode } from './tree';

/** An entry of the permission tree with every field (domain permissions/schemas.ts). */
export type PermissionView = PermissionNode;

function view(lang: Language, r: PermissionRow, leaf: boolean): PermissionView {
  return {
    id: r.id,
    parentId: r.parentId,
    menuType: r.menuType,
    perms: r.perms,
    permsType: r.permsType,
    status: r.status,
    name: r.name,
    title: permissionTitle(lang, r),
    titleKey: r.titleKey,
    titles: r.titles ?? null,
    path: r.path,
    component: r.component,
    redirect: r.redirect,
    icon: r.icon,
    url: r.url,
    sortNo: r.sortNo,
    hidden: r.hidden,
    route: r.route ? '1' : '0',
    alwaysShow: r.alwaysShow,
    keepAlive: r.keepAlive,
    internalOrExternal: r.internalOrExternal,
    leaf,
    createTime: iso(r.createdAt),
  };
}

function views(
  lang: Language,
  rows: readonly PermissionRow[],
  all: readonly PermissionRow[],
): PermissionView[] {
  const parents = new Set(all.map((r) => r.parentId).filter((id): id is number => id !== null));
  return rows.map((r) => view(lang, r, !parents.has(r.id)));
}

export async function permissionTree(db: Db, lang: Language): Promise<PermissionView[]> {
  const all = await selectAllPermissions(db);
  const leafOf = new Set(all.map((r) => r.parentId).filter((id): id is number => id !== null));
  return assemble(all, (r) => view(lang, r, !leafOf.has(r.id)));
}

export async function fullGrantTree(
  db: Db,
  lang: Language,
): Promise<{ treeList: TreeNode[]; ids: number[] }> {
  const all = await selectAllPermissions(db);
  return { treeList: treeNodes(all, lang), ids: all.map((r) => r.id) };
}

/** Top-level menus (no parent), without buttons. */
export async function systemMenus(db: Db, lang: Language): Promise<PermissionView[]> {
  const all = await selectAllPermissions(db);
  return views(
    lang,
    all.filter((r) => r.parentId === null && r.menuType !== 2),
    all,
  );
}

export async function submenus(
  db: Db,
  lang: Language,
  parentIds: readonly number[],
): Promise<Record<string, PermissionView[]>> {
  const all = await selectAllPermissions(db);
  const out: Record<string, PermissionView[]> = {};
  for (const pid of parentIds)
    out[String(pid)] = views(
      lang,
      all.filter((r) => r.parentId === pid),
      all,
    );
  return out;
}

/** The children of one entry (none: an empty list). */
export async function submenu(db: Db, lang: Language, parentId: number): Promise<PermissionView[]> {
  return (await submenus(db, lang, [parentId]))[String(parentId)] ?? [];
}

export interface PermissionInput {
  parentId?: number | null | undefined;
  menuType: number;
  perms: string;
  permsType: '1' | '2';
  status?: '0' | '1' | undefined;
  name: string;
  titleKey?: string | undefined;
  titles?: Record<string, string> | null | undefined;
  path?: string | null | undefined;
  component?: string | null | undefined;
  redirect?: string | null | undefined;
  icon?: string | null | undefined;
  url?: string | null | undefined;
  sortNo?: number | undefined;
  hidden?: boolean | undefined;
  route?: boolean | undefined;
  alwaysShow?: boolean | undefined;
  keepAlive?: boolean | undefined;
  internalOrExternal?: boolean | undefined;
}

async function assertCodeFree(db: Db, code: string, excludeId?: number): Promise<void> {
  const id = await selectIdByCode(db, code);
  if (id !== undefined && id !== excludeId)
    throw new KeyedError('DUPLICATE', 'admin.permission.codeTaken', { code });
}

/** The parent must exist and must not be the entry itself or one of its descendants. */
async function assertParent(db: Db, parentId: number | null | undefined, selfId?: number): Promise<void> {
  if (parentId === null || parentId === undefined) return;
  const all = await selectAllPermissions(db);
  const byId = new Map(all.map((r) => [r.id, r]));
  if (!byId.has(parentId)) throw notFound();
  if (selfId === undefined) return;
  for (let cur: number | null = parentId, guard = 0; cur !== null && guard < 1000; guard++) {
    if (cur === selfId) throw new KeyedError('BUSINESS_RULE', 'admin.tree.cycle');
    cur = byId.get(cur)?.parentId ?? null;
  }
}

function values(input: PermissionInput) {
  return {
    parentId: input.parentId ?? null,
    menuType: input.menuType,
    perms: input.perms,
    permsType: input.permsType,
    status: input.status ?? '1',
    name: input.name,
    titleKey: input.titleKey || input.name,
    titles: input.titles ?? null,
    path: input.path ?? null,
    component: input.component ?? null,
    redirect: input.redirect ?? null,
    icon: input.icon ?? null,
    url: input.url ?? null,
    sortNo: input.sortNo ?? 0,
    hidden: input.hidden ?? false,
    route: input.route ?? true,
    alwaysShow: input.alwaysShow ?? false,
    keepAlive: input.keepAlive ?? false,
    internalOrExternal: input.internalOrExternal ?? false,
  };
}

export async function addPermission(
  db: Db,
  req: FastifyRequest,
  input: PermissionInput,
): Promise<PermissionView> {
  await assertCodeFree(db, input.perms);
  await assertParent(db, input.parentId);
  const row = await insertPermission(db, values(input));
  await audit(db, req, 'permission_changed', {
    success: true,
    detail: { permissionId: row.id, perms: row.perms, op: 'add' },
  });
  return view(req.lang, row, true);
}

export async function editPermission(
  db: Db,
  req: FastifyRequest,
  input: PermissionInput & { id: number },
): Promise<PermissionView> {
  const before = await selectPermission(db, input.id);
  if (!before) throw notFound();
  await assertCodeFree(db, input.perms, before.id);
  await assertParent(db, input.parentId, before.id);
  const row = await updatePermission(db, before.id, values({ ...input, titleKey: input.titleKey || before.titleKey }));
  await audit(db, req, 'permission_changed', {
    success: true,
    detail: {
      permissionId: before.id,
      perms: row.perms,
      op: 'edit',
      status: row.status,
      statusBefore: before.status,
    },
  });
  return view(req.lang, row, (await countChildren(db, before.id)) === 0);
}
