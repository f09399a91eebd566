/**
 * The generic checks of the forms (spec §3 "Checks"): duplicate check and rule check. The duplicate check only
 * knows the (table, field) pairs registered here, each mapped in code to a real column; the client's strings never
 * reach SQL except as bound values. The rule check maps rule codes to the domain's schemas.
 */
import {
  emailSchema,
  googleCodeSchema,
  passwordSchema,
  phoneSchema,
  translate,
  usernameSchema,
  walletPhoneSchema,
  type Language,
} from '@mg/domain';
import { and, eq, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Db } from '../../db/pool';
import { appUser, department, role } from '../../db/schema';
import { fieldError } from '../../lib/errors';
import { ownScope, scopeWhere } from '../auth/scope';

interface DuplicatePair {
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

function lookup<T>(map: Readonly<Record<string, T>>, key: string): T | undefined {
  return Object.hasOwn(map, key) ? map[key] : undefined;
}

/** null when the value is free, else the translated "already exists" message. 400 for an unregistered pair. */
export async function duplicateCheck(
  db: Db,
  req: FastifyRequest,
  q: { tableName: string; fieldName: string; fieldVal?: string | undefined; dataId?: number | undefined },
): Promise<string | null> {
  const fields = lookup(DUPLICATE_PAIRS, q.tableName);
  if (!fields)
    throw fieldError('tableName', 'admin.check.notRegistered', {
      params: { value: q.tableName.slice(0, 64) },
    });
  const pair = lookup(fields, q.fieldName);
  if (!pair)
    throw fieldError('fieldName', 'admin.check.notRegistered', {
      params: { value: q.fieldName.slice(0, 64) },
    });
  const value = (q.fieldVal ?? '').trim();
  if (value === '') return null;
  const match = pair.caseInsensitive
    ? eq(sql`lower(${pair.column})`, value.toLowerCase())
    : eq(pair.column, value);
  let scoped: SQL | undefined;
  if (pair.scope === 'merchant' && pair.merchantColumn) {
    const own = scopeWhere(pair.merchantColumn, ownScope(req));
    scoped = pair.includeSystem ? or(own, isNull(pair.merchantColumn)) : own;
  }
  const rows = await db
    .select({ id: pair.id })
    .from(pair.table)
    .where(and(match, scoped, q.dataId === undefined ? undefined : ne(pair.id, q.dataId)))
    .limit(1);
  return rows.length > 0 ? translate(req.lang, pair.takenKey) : null;
}

/** Rule codes of the rule check -> the domain schema that implements the rule. */
export const CHECK_RULES: Readonly<Record<string, z.ZodType<string>>> = {
  password: passwordSchema,
  username: usernameSchema,
  email: emailSchema,
  phone: phoneSchema,
  wallet_phone: walletPhoneSchema,
  google_code: googleCodeSchema,
};

/** URL-decodes once more (the screens encode the value); a malformed escape leaves the value as sent. */
export function decodeValue(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/** null when the value passes, else the rule's translated message. 400 for an unknown rule code. */
export function ruleCheck(lang: Language, ruleCode: string, rawValue: string): string | null {
  const schema = lookup(CHECK_RULES, ruleCode);
  if (!schema)
    throw fieldError('ruleCode', 'admin.check.notRegistered', { params: { value: ruleCode.slice(0, 64) } });
  const r = schema.safeParse(decodeValue(rawValue));
  if (r.success) return null;
  const issue = r.error.issues[0];
  const key = issue?.message ?? 'error.fieldInvalid';
  return translate(lang, key);
}
