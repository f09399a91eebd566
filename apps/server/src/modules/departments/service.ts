/**
 * Departments (spec §7 "Departments"): each merchant's tree. A department's permissions (depart_permission) bound
 * what its roles may be granted through the department-role calls. org_code is generated and unique.
 */
import { randomBytes } from 'node:crypto';
import type { DepartmentIdNode, DepartmentNode, PermissionGrantTree } from '@mg/domain';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/pool';
import { audit, requireAuth } from '../auth';
import { iso, KeyedError, notFound, parseIds } from '../../lib/admin';
import { ownScope, type Scope } from '../auth/scope';
import { selectAllPermissions, selectPermissionsByIds } from '../permissions/queries';
import { assemble, diffGrants, grantable } from '../permissions/tree';
import { grantTree, rolePermissionIds, saveRolePermissions } from '../roles/service';
import {
  changeDepartGrants,
  deleteDepartRow,
  departUsage,
  insertDepart,
  selectDepartPermissionIds,
  selectDeparts,
  selectDepartsOfMerchant,
  selectDepartsOfUser,
  selectScopedDepart,
  updateDepart,
  type DepartRow,
} from './queries';

export type { DepartRow } from './queries';

/** A department as the calls answer it (domain departments/calls.ts). */
export type DepartNode = DepartmentNode;
export type IdNode = DepartmentIdNode;

function nodes(rows: readonly DepartRow[]): DepartNode[] {
  const parents = new Set(rows.map((r) => r.parentId));
  return assemble(rows, (r): DepartNode => ({
    id: r.id,
    key: r.id,
    value: r.id,
    title: r.departName,
    departName: r.departName,
    orgCode: r.orgCode,
    parentId: r.parentId,
    merchantId: r.merchantId,
    sortOrder: r.sortOrder,
    createTime: iso(r.createdAt),
    isLeaf: !parents.has(r.id),
  }));
}

export async function departTree(db: Db, req: FastifyRequest, merchantId?: number): Promise<DepartNode[]> {
  return nodes(await selectDeparts(db, ownScope(req, merchantId)));
}

export async function idTree(db: Db, req: FastifyRequest, merchantId?: number): Promise<IdNode[]> {
  const rows = await selectDeparts(db, ownScope(req, merchantId));
  return assemble(rows, (r): IdNode => ({ key: r.id, value: r.id, title: r.departName }));
}

export async function searchDeparts(
  db: Db,
  req: FastifyRequest,
  keyWord: string | undefined,
  merchantId?: number,
): Promise<DepartNode[]> {
  return nodes(await selectDeparts(db, ownScope(req, merchantId), keyWord)).map((n) => {
    const { children: _children, ...flat } = n;
    return { ...flat, isLeaf: true };
  });
}

/** The caller's own departments (those it is a member of). */
export async function myDeparts(db: Db, req: FastifyRequest): Promise<DepartNode[]> {
  const auth = requireAuth(req);
  return nodes(await selectDepartsOfUser(db, auth.userId));
}

async function scopedDepart(db: Db, scope: Scope, id: number): Promise<DepartRow> {
  const row = await selectScopedDepart(db, scope, id);
  if (!row) throw notFound();
  return row;
}

function newOrgCode(merchantId: number): string {
  return `D${merchantId}-${randomBytes(4).toString('hex').toUpperCase()}`;
}

export interface DepartInput {
  departName: string;
  parentId?: number | null | undefined;
  sortOrder?: number | undefined;
  merchantId?: number | undefined;
}

export async function addDepart(db: Db, req: FastifyRequest, input: DepartInput): Promise<DepartNode> {
  const auth = requireAuth(req);
  let merchantId = auth.isPlatform && input.merchantId !== undefined ? input.merchantId : auth.merchantId;
  if (input.parentId) {
    const parent = await scopedDepart(db, ownScope(req), input.parentId);
    merchantId = parent.merchantId;
  }
  let row: DepartRow | undefined;
  for (let attempt = 0; attempt < 5 && !row; attempt++) {
    row = await insertDepart(db, {
      merchantId,
      parentId: input.parentId ?? null,
      departName: input.departName,
      sortOrder: input.sortOrder ?? 0,
      orgCode: newOrgCode(merchantId),
    });
  }
  if (!row) throw new KeyedError('DUPLICATE', 'error.duplicate');
  return nodes([row])[0]!;
}

export async function editDepart(
  db: Db,
  req: FastifyRequest,
  input: DepartInput & { id: number },
): Promise<DepartNode> {
  const scope = ownScope(req);
  const d = await scopedDepart(db, scope, input.id);
  if (input.parentId) {
    const parent = await scopedDepart(db, scope, input.parentId);
    if (parent.merchantId !== d.merchantId) throw notFound();
    // The new parent may not be the department itself or below it.
    const all = await selectDepartsOfMerchant(db, d.merchantId);
    const byId = new Map(all.map((r) => [r.id, r]));
    for (let cur: number | null = parent.id, guard = 0; cur !== null && guard < 1000; guard++) {
      if (cur === d.id) throw new KeyedError('BUSINESS_RULE', 'admin.tree.cycle');
      cur = byId.get(cur)?.parentId ?? null;
    }
  }
  const row = await updateDepart(db, d, {
    departName: input.departName,
    sortOrder: input.sortOrder ?? d.sortOrder,
    parentId: input.parentId === undefined ? d.parentId : input.parentId,
  });
  return nodes([row])[0]!;
}

export async function deleteDepart(db: Db, req: FastifyRequest, id: number): Promise<void> {
  const d = await scopedDepart(db, ownScope(req), id);
  const usage = await departUsage(db, d.id);
  if (usage.users > 0) throw new KeyedError('BUSINESS_RULE', 'admin.depart.hasUsers');
  if (usage.children > 0) throw new KeyedError('BUSINESS_RULE', 'admin.depart.hasChildren');
  await deleteDepartRow(db, d);
}

/* ---------------------------------------------------------------------------------------------------------- */
/* Department permissions                                                                                       */

export async function departPermissionIds(db: Db, req: FastifyRequest, departId: number): Promise<number[]> {
  const d = await scopedDepart(db, ownScope(req), departId);
  return selectDepartPermissionIds(db, d.id);
}

export async function saveDepartPermissions(
  db: Db,
  req: FastifyRequest,
  departId: number,
  requested: number[],
): Promise<void> {
  const auth = requireAuth(req);
  const d = await scopedDepart(db, ownScope(req), departId);
  const known = await selectPermissionsByIds(db, requested);
  if (known.length !== requested.length) throw notFound();
  const may = new Set(grantable(await selectAllPermissions(db), auth).map((p) => p.id));
  const current = await departPermissionIds(db, req, d.id);
  const { add, remove, refused } = diffGrants(current, requested, may);
  if (refused.length > 0) throw new KeyedError('FORBIDDEN', 'admin.permission.notGrantable');
  await changeDepartGrants(db, d.id, add, remove);
  if (add.length > 0 || remove.length > 0) {
    await audit(db, req, 'permission_changed', {
      success: true,
      detail: { departId: d.id, orgCode: d.orgCode, added: add, removed: remove },
    });
  }
}

/* ---------------------------------------------------------------------------------------------------------- */
/* Roles within a department: bounded by the department's permissions                                         */

/** The department's permissions the caller may grant, as a tree. */
export async function departRoleGrantTree(db: Db, req: FastifyRequest, departId: number): Promise<PermissionGrantTree> {
  const allowed = new Set(await departPermissionIds(db, req, departId));
  return grantTree(db, requireAuth(req), req.lang, allowed);
}

/** A role's permissions within the department. */
export async function departRolePermissionIds(db: Db, req: FastifyRequest, roleId: number, departId: number): Promise<number[]> {
  const allowed = new Set(await departPermissionIds(db, req, departId));
  return (await rolePermissionIds(db, req, roleId)).filter((id) => allowed.has(id));
}

/**
 * Sets a role's permissions within the department: each requested one must be the department's (else 403); the
 * role's other permissions stay.
 */
export async function saveDepartRolePermissions(
  db: Db,
  req: FastifyRequest,
  input: { roleId: number; departId: number; permissionIds: string | readonly (string | number)[] },
): Promise<{ added: string[]; removed: string[] }> {
  const allowed = new Set(await departPermissionIds(db, req, input.departId));
  const requested = parseIds(input.permissionIds, 'permissionIds');
  if (requested.some((id) => !allowed.has(id))) {
    throw new KeyedError('FORBIDDEN', 'admin.permission.notGrantable');
  }
  return saveRolePermissions(db, req, input.roleId, requested, allowed);
}
