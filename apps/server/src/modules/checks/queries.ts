/**
 * SQL of the duplicate check: the (table, field) pairs it knows, each mapped in code to a real column, and the one
 * query that asks whether a value is taken. Client strings only ever reach SQL as bound values.
 */
import { and, eq, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/pool';
import { appUser, department, role } from '../../db/schema';
import { scopeWhere, type Scope } from '../auth/scope';

export interface DuplicatePair {
  table: PgTable;
  id: PgColumn;
  column: PgColumn;
  /** Compare lower-cased (usernames, e-mails). */
  caseInsensitive: boolean;
  /** Unique across the platform (users) or within the caller's merchant. */
  scope: 'global' | 'merchant';
  merchantColumn?: PgColumn;
  /** Also taken when a system role (merchant null) has it. */
  includeSystem?: boolean;
  /** Message key when taken. */
  takenKey: string;
}

const userPair = (column: PgColumn, takenKey: string, caseInsensitive: boolean): DuplicatePair => ({
  table: appUser,
  id: appUser.id,
  column,
  caseInsensitive,
  scope: 'global',
  takenKey,
});
const rolePair: DuplicatePair = {
  table: role,
  id: role.id,
  column: role.roleCode,
  caseInsensitive: false,
  scope: 'merchant',
  merchantColumn: role.merchantId,
  includeSystem: true,
  takenKey: 'error.duplicate',
};
const departPair: DuplicatePair = {
  table: department,
  id: department.id,
  column: department.departName,
  caseInsensitive: true,
  scope: 'merchant',
  merchantColumn: department.merchantId,
  takenKey: 'error.duplicate',
};

/** tableName -> fieldName -> column. The Jeecg names (sys_user, sys_role, sys_depart) are accepted as aliases. */
const users = {
  username: userPair(appUser.username, 'error.usernameTaken', true),
  email: userPair(appUser.email, 'error.emailTaken', true),
  phone: userPair(appUser.phone, 'error.phoneTaken', false),
};
export const DUPLICATE_PAIRS: Readonly<Record<string, Readonly<Record<string, DuplicatePair>>>> = {
  app_user: users,
  sys_user: users,
  role: { role_code: rolePair, roleCode: rolePair },
  sys_role: { role_code: rolePair, roleCode: rolePair },
  department: { depart_name: departPair, departName: departPair },
  sys_depart: { depart_name: departPair, departName: departPair },
};

/** True when another row (not `dataId`) of the pair holds the value (in the merchant scope where the pair has one). */
export async function isTaken(db: Db, pair: DuplicatePair, value: string, scope: Scope, dataId?: number): Promise<boolean> {
  const match = pair.caseInsensitive ? eq(sql`lower(${pair.column})`, value.toLowerCase()) : eq(pair.column, value);
  let scoped: SQL | undefined;
  if (pair.scope === 'merchant' && pair.merchantColumn) {
    const own = scopeWhere(pair.merchantColumn, scope);
    scoped = pair.includeSystem ? or(own, isNull(pair.merchantColumn)) : own;
  }
  const rows = await db
    .select({ id: pair.id })
    .from(pair.table)
    .where(and(match, scoped, dataId === undefined ? undefined : ne(pair.id, dataId)))
    .limit(1);
  return rows.length > 0;
}
