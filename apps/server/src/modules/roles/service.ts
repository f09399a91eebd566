/**
 * Roles (spec §7 "Roles"): system roles (no merchant, seeded from the domain, read-only for merchants) and each
 * merchant's own roles. Granting: a caller may only grant permissions it holds itself (the platform admin: all).
 */
import { isRoleCode, type Language, type PermissionGrantTree, type RoleView as DomainRoleView } from '@mg/domain';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/pool';
import { audit, requireAuth, type AuthSession } from '../auth';
import { iso, isPlatformAdmin, KeyedError, notFound, pageOf, type Page } from '../../lib/admin';
import { ownScope, type Scope } from '../auth/scope';
import { selectAllPermissions, selectPermissionsByIds } from '../permissions/queries';
import { diffGrants, grantable, treeNodes } from '../permissions/tree';
import {
  changeRoleGrants,
  insertRole,
  roleCodeTaken,
  roleName,
  selectAssignableRoles,
  selectRole,
  selectRolePage,
  selectRolePermissions,
  updateRole,
  type RoleRow,
} from './queries';

/** A role as the calls answer it (domain roles/calls.ts). */
export type RoleView = DomainRoleView;

export function roleView(lang: Language, r: RoleRow): RoleView {
  return {
    id: r.id,
    roleCode: r.roleCode,
    roleName: roleName(lang, r),
    description: r.description,
    merchantId: r.merchantId,
    system: r.merchantId === null,
    createTime: iso(r.createdAt),
  };
}

export function canSeeRole(scope: Scope, r: RoleRow): boolean {
  return r.merchantId === null || scope.all || scope.ids.includes(r.merchantId);
}

/** A role the caller may change (edit, grant): its own merchant's roles; the platform admin any role. */
async function changeableRole(db: Db, req: FastifyRequest, id: number): Promise<RoleRow> {
  const auth = requireAuth(req);
  const r = await selectRole(db, id);
  const scope = ownScope(req);
  if (!r || !canSeeRole(scope, r)) throw notFound();
  if (r.merchantId === null && !isPlatformAdmin(auth))
    throw new KeyedError('FORBIDDEN', 'admin.role.systemReadOnly');
  return r;
}

export async function queryAll(db: Db, req: FastifyRequest, merchantId?: number): Promise<RoleView[]> {
  const auth = requireAuth(req);
  const rows = await selectAssignableRoles(db, auth, merchantId === undefined ? undefined : [merchantId]);
  return rows.map((r) => roleView(req.lang, r));
}

export async function listRoles(
  db: Db,
  req: FastifyRequest,
  q: {
    pageNo: number;
    pageSize: number;
    column?: string;
    order?: 'asc' | 'desc';
    merchantId?: number;
    roleName?: string;
    roleCode?: string;
  },
): Promise<Page<RoleView>> {
  const { rows, total } = await selectRolePage(db, ownScope(req, q.merchantId), q);
  return pageOf(
    rows.map((r) => roleView(req.lang, r)),
    total,
    q,
  );
}

async function assertCodeFree(db: Db, merchantId: number, code: string, excludeId?: number): Promise<void> {
  if (isRoleCode(code)) throw new KeyedError('DUPLICATE', 'admin.role.codeTaken', { code });
  if (await roleCodeTaken(db, merchantId, code, excludeId)) throw new KeyedError('DUPLICATE', 'admin.role.codeTaken', { code });
}

export interface RoleInput {
  roleCode: string;
  roleName: string;
  description?: string | null | undefined;
  merchantId?: number | undefined;
}

export async function addRole(db: Db, req: FastifyRequest, input: RoleInput): Promise<RoleView> {
  const auth = requireAuth(req);
  const merchantId = auth.isPlatform && input.merchantId !== undefined ? input.merchantId : auth.merchantId;
  await assertCodeFree(db, merchantId, input.roleCode);
  const row = await insertRole(db, { merchantId, roleCode: input.roleCode, roleName: input.roleName, description: input.description ?? null });
  await audit(db, req, 'role_changed', {
    success: true,
    detail: { op: 'role_created', roleId: row.id, roleCode: input.roleCode, roleMerchantId: merchantId },
  });
  return roleView(req.lang, row);
}

export async function editRole(
  db: Db,
  req: FastifyRequest,
  input: RoleInput & { id: number },
): Promise<RoleView> {
  const r = await changeableRole(db, req, input.id);
  if (r.merchantId === null && input.roleCode !== r.roleCode)
    throw new KeyedError('FORBIDDEN', 'admin.role.systemReadOnly');
  if (r.merchantId !== null && input.roleCode !== r.roleCode)
    await assertCodeFree(db, r.merchantId, input.roleCode, r.id);
  const row = await updateRole(db, r, { roleCode: input.roleCode, roleName: input.roleName, description: input.description ?? null });
  if (!row) throw notFound();
  await audit(db, req, 'role_changed', {
    success: true,
    detail: { op: 'role_edited', roleId: r.id, roleCode: input.roleCode },
  });
  return roleView(req.lang, row);
}

export type GrantTree = PermissionGrantTree;

/** The permission tree the caller may grant (what it holds; the platform admin: everything). */
export async function grantTree(
  db: Db,
  auth: AuthSession,
  lang: Language,
  limitTo?: ReadonlySet<number>,
): Promise<GrantTree> {
  let rows = grantable(await selectAllPermissions(db), auth);
  if (limitTo) rows = rows.filter((r) => limitTo.has(r.id));
  return { treeList: treeNodes(rows, lang), ids: rows.map((r) => r.id) };
}

export async function rolePermissionIds(db: Db, req: FastifyRequest, roleId: number): Promise<number[]> {
  const r = await selectRole(db, roleId);
  if (!r || !canSeeRole(ownScope(req), r)) throw notFound();
  return (await selectRolePermissions(db, r.id)).map((p) => p.id);
}

/**
 * Replaces the grants of a role with `requested`, within what the caller may grant (see diffGrants); `allowed`
 * narrows further (department roles: the department's permissions).
 */
export async function saveRolePermissions(
  db: Db,
  req: FastifyRequest,
  roleId: number,
  requested: number[],
  allowed?: ReadonlySet<number>,
): Promise<{ added: string[]; removed: string[] }> {
  const auth = requireAuth(req);
  const r = await changeableRole(db, req, roleId);
  const known = await selectPermissionsByIds(db, requested);
  if (known.length !== requested.length) throw notFound();
  let may = grantable(await selectAllPermissions(db), auth);
  if (allowed) may = may.filter((p) => allowed.has(p.id));
  const current = await selectRolePermissions(db, r.id);
  const { add, remove, refused } = diffGrants(
    current.map((p) => p.id),
    requested,
    new Set(may.map((p) => p.id)),
  );
  if (refused.length > 0) throw new KeyedError('FORBIDDEN', 'admin.permission.notGrantable');
  await changeRoleGrants(db, r.id, add, remove);
  const codeOf = new Map([...known, ...current].map((p) => [p.id, p.perms]));
  const added = add.map((id) => codeOf.get(id) ?? String(id));
  const removed = remove.map((id) => codeOf.get(id) ?? String(id));
  if (added.length > 0 || removed.length > 0) {
    await audit(db, req, 'permission_changed', {
      success: true,
      detail: { roleId: r.id, roleCode: r.roleCode, added, removed },
    });
  }
  return { added, removed };
}
