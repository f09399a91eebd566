/**
 * User administration (spec §7 "Users"): sub-accounts of the caller's merchant (and the sub-merchants it may act
 * for); platform staff see every merchant. Ids outside the scope answer 404, so they cannot be probed.
 */
import { DomainError, translate, UserStatus, type Language } from '@mg/domain';
import { hash } from '@node-rs/argon2';
import { ARGON2_OPTIONS } from '../../lib/passwords';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/pool';
import { fieldError } from '../../lib/errors';
import { audit, requireAuth } from '../auth';
import { KeyedError, notFound } from '../../lib/admin';
import { ownScope, userScope } from '../auth/scope';
import { selectAssignableRoles } from '../roles/queries';
import {
  isUserFieldTaken,
  revokeSessions,
  selectRolesOfUsers,
  countDepartsOf,
  departmentMerchant,
  insertUser,
  merchantExists,
  selectScopedUserById,
  selectScopedUserByName,
  selectScopedUsers,
  setFrozen,
  setPassword,
  updateUser,
  userIdsOfDepartment,
  toUserRecords,
  type UniqueField,
  type UserRecord,
} from './queries';

export type UserView = UserRecord;

const views = toUserRecords;

const TAKEN: Record<UniqueField, 'USERNAME_TAKEN' | 'EMAIL_TAKEN' | 'PHONE_TAKEN'> = {
  username: 'USERNAME_TAKEN',
  email: 'EMAIL_TAKEN',
  phone: 'PHONE_TAKEN',
};

async function assertFree(
  db: Db,
  fields: Partial<Record<UniqueField, string | null | undefined>>,
  excludeId?: number,
) {
  for (const f of ['username', 'email', 'phone'] as const) {
    const v = fields[f];
    if (v && (await isUserFieldTaken(db, f, v, excludeId))) throw new DomainError(TAKEN[f]);
  }
}

/** A unique-index violation raced past the pre-check: the same 409. */
function uniqueViolation(err: unknown): DomainError | undefined {
  const e = err as { code?: string; constraint?: string; cause?: { code?: string; constraint?: string } };
  const pg = e.code === '23505' ? e : e.cause?.code === '23505' ? e.cause : undefined;
  if (!pg) return undefined;
  if (pg.constraint === 'app_user_email_uq') return new DomainError('EMAIL_TAKEN');
  if (pg.constraint === 'app_user_phone_uq') return new DomainError('PHONE_TAKEN');
  if (pg.constraint === 'app_user_username_uq') return new DomainError('USERNAME_TAKEN');
  return new DomainError('DUPLICATE');
}

/**
 * The role set a user ends with when the caller asks for `requested`: roles the caller may not hand out are
 * kept when the user has them and never added (asking for one is a 403); assignable ones follow the request.
 */
async function resolveRoles(
  db: Db,
  req: FastifyRequest,
  targetMerchantId: number,
  current: number[],
  requested: number[],
): Promise<number[]> {
  const auth = requireAuth(req);
  const assignable = new Set((await selectAssignableRoles(db, auth, [targetMerchantId])).map((r) => r.id));
  const refused = requested.filter((id) => !assignable.has(id) && !current.includes(id));
  if (refused.length > 0) throw new KeyedError('FORBIDDEN', 'admin.role.notAssignable');
  return [
    ...new Set([
      ...current.filter((id) => !assignable.has(id)),
      ...requested.filter((id) => assignable.has(id)),
    ]),
  ];
}

/** Departments must belong to the user's merchant; unknown ones are a 404. */
async function checkDeparts(db: Db, merchantId: number, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  if ((await countDepartsOf(db, merchantId, ids)) !== ids.length) throw notFound();
}

export interface AddUserInput {
  username: string;
  realname?: string | undefined;
  email?: string | null | undefined;
  phone?: string | null | undefined;
  password: string;
  roleIds: number[];
  departIds: number[];
  merchantId?: number | undefined;
  orgCode?: string | null | undefined;
}

export async function addUser(db: Db, req: FastifyRequest, input: AddUserInput): Promise<UserView> {
  const auth = requireAuth(req);
  const merchantId = input.merchantId ?? auth.merchantId;
  const scope = userScope(req, input.merchantId === undefined ? undefined : merchantId);
  if (!scope.all && !scope.ids.includes(merchantId)) throw notFound();
  if (!(await merchantExists(db, merchantId))) throw notFound();
  await assertFree(db, input);
  // A user without a role sees no menu and can do nothing: refused, naming the field.
  if (input.roleIds.length === 0) throw fieldError('roleIds', 'users.roleRequired', { labelOf: 'role' });
  const roleIds = await resolveRoles(db, req, merchantId, [], input.roleIds);
  await checkDeparts(db, merchantId, input.departIds);
  const passwordHash = await hash(input.password, ARGON2_OPTIONS);
  let id: number;
  try {
    id = await insertUser(
      db,
      {
        merchantId,
        username: input.username,
        realname: input.realname ?? '',
        email: input.email || null,
        phone: input.phone || null,
        passwordHash,
        orgCode: input.orgCode ?? null,
        createdBy: auth.username,
      },
      roleIds,
      input.departIds,
    );
  } catch (err) {
    throw uniqueViolation(err) ?? err;
  }
  await audit(db, req, 'user_created', {
    success: true,
    detail: {
      targetUserId: id,
      targetUsername: input.username,
      targetMerchantId: merchantId,
      roleIds,
    },
  });
  const created = await selectScopedUserById(db, { all: true }, id);
  return (await views(db, req.lang, [created!]))[0]!;
}

export interface EditUserInput {
  id: number;
  realname?: string | undefined;
  email?: string | null | undefined;
  phone?: string | null | undefined;
  roleIds?: number[] | undefined;
  departIds?: number[] | undefined;
  orgCode?: string | null | undefined;
}

export async function editUser(db: Db, req: FastifyRequest, input: EditUserInput): Promise<UserView> {
  const scope = userScope(req);
  const user = await selectScopedUserById(db, scope, input.id);
  if (!user) throw notFound();
  await assertFree(db, { email: input.email, phone: input.phone }, user.id);
  let roleIds: number[] | undefined;
  let rolesChanged = false;
  if (input.roleIds !== undefined) {
    if (input.roleIds.length === 0) throw fieldError('roleIds', 'users.roleRequired', { labelOf: 'role' });
    const current = (await selectRolesOfUsers(db, [user.id])).map((r) => r.id);
    roleIds = await resolveRoles(db, req, user.merchantId, current, input.roleIds);
    rolesChanged = current.length !== roleIds.length || current.some((id) => !roleIds!.includes(id));
  }
  if (input.departIds !== undefined) await checkDeparts(db, user.merchantId, input.departIds);
  try {
    await updateUser(
      db,
      user,
      {
        ...(input.realname !== undefined ? { realname: input.realname } : {}),
        ...(input.email !== undefined ? { email: input.email || null } : {}),
        ...(input.phone !== undefined ? { phone: input.phone || null } : {}),
        ...(input.orgCode !== undefined ? { orgCode: input.orgCode } : {}),
      },
      roleIds !== undefined && rolesChanged ? roleIds : undefined,
      input.departIds,
    );
  } catch (err) {
    throw uniqueViolation(err) ?? err;
  }
  if (rolesChanged) {
    // Permissions come from roles: sessions of the user pick the new set up at their next request.
    await audit(db, req, 'role_changed', {
      success: true,
      detail: {
        op: 'user_roles',
        targetUserId: user.id,
        targetUsername: user.username,
        roleIds: roleIds ?? [],
      },
    });
  }
  const updated = await selectScopedUserById(db, scope, user.id);
  return (await views(db, req.lang, [updated!]))[0]!;
}

export async function freezeUsers(db: Db, req: FastifyRequest, ids: number[], status: 1 | 2): Promise<void> {
  const auth = requireAuth(req);
  if (ids.length === 0) throw new DomainError('SELECT_A_RECORD');
  if (ids.includes(auth.userId)) throw new KeyedError('BUSINESS_RULE', 'admin.user.notYourself');
  const users = await selectScopedUsers(db, userScope(req), ids);
  if (users.length !== ids.length) throw notFound();
  const frozen = status === UserStatus.FROZEN;
  await setFrozen(db, users, frozen);
  if (frozen) await revokeSessions(db, ids);
  for (const u of users) {
    await audit(db, req, frozen ? 'user_frozen' : 'user_unfrozen', {
      success: true,
      detail: { targetUserId: u.id, targetUsername: u.username },
    });
  }
}

export async function resetPassword(
  db: Db,
  req: FastifyRequest,
  username: string,
  password: string,
): Promise<void> {
  const user = await selectScopedUserByName(db, userScope(req), username);
  if (!user) throw notFound();
  const passwordHash = await hash(password, ARGON2_OPTIONS);
  await setPassword(db, user, passwordHash);
  await revokeSessions(db, [user.id]);
  await audit(db, req, 'password_reset', {
    success: true,
    detail: { targetUserId: user.id, targetUsername: user.username },
  });
}

export async function userRoleIds(db: Db, req: FastifyRequest, userId: number): Promise<number[]> {
  const user = await selectScopedUserById(db, userScope(req), userId);
  if (!user) throw notFound();
  return (await selectRolesOfUsers(db, [user.id])).map((r) => r.id);
}

export async function usersOfDepartment(db: Db, req: FastifyRequest, departId: number): Promise<UserView[]> {
  const scope = ownScope(req);
  const d = await departmentMerchant(db, departId);
  if (!d || !(scope.all || scope.ids.includes(d.merchantId))) throw notFound();
  const users = await selectScopedUsers(db, userScope(req), await userIdsOfDepartment(db, d.id));
  return views(db, req.lang, users);
}

/** Live uniqueness while typing: null when free, else the translated "already registered" message. */
export async function checkOnlyUser(
  db: Db,
  lang: Language,
  q: {
    username?: string | undefined;
    email?: string | undefined;
    phone?: string | undefined;
    id?: number | undefined;
  },
): Promise<string | null> {
  for (const f of ['username', 'email', 'phone'] as const) {
    const v = q[f]?.trim();
    if (v && (await isUserFieldTaken(db, f, v, q.id))) return translate(lang, `error.${f}Taken`);
  }
  return null;
}

export function assertPasswordsMatch(password: string, confirm: string | undefined): void {
  if (confirm !== undefined && confirm !== password)
    throw fieldError('confirmpassword', 'validation.password.mismatch');
}
