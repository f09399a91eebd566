/** Roles and what they grant. */
import { sql } from 'drizzle-orm';
import { bigint, integer, pgTable, primaryKey, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { merchant } from './merchants';
import { permission } from './permissions';

/** A role: system roles have no merchant (seeded from the domain); merchants may add their own. */
export const role = pgTable(
  'role',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    merchantId: integer('merchant_id').references(() => merchant.id),
    roleCode: varchar('role_code', { length: 64 }).notNull(),
    roleName: varchar('role_name', { length: 128 }).notNull(),
    description: varchar('description', { length: 255 }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('role_code_uq').on(sql`coalesce(${t.merchantId}, 0)`, t.roleCode)],
);

export const rolePermission = pgTable(
  'role_permission',
  {
    roleId: bigint('role_id', { mode: 'number' })
      .notNull()
      .references(() => role.id, { onDelete: 'cascade' }),
    permissionId: bigint('permission_id', { mode: 'number' })
      .notNull()
      .references(() => permission.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.roleId, t.permissionId] })],
);
