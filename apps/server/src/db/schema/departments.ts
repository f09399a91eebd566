/** Departments of a merchant, their users and permissions. */
import { bigint, index, integer, pgTable, primaryKey, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { merchant } from './merchants';
import { permission } from './permissions';
import { appUser } from './users';

export const department = pgTable(
  'department',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchant.id),
    parentId: bigint('parent_id', { mode: 'number' }),
    orgCode: varchar('org_code', { length: 64 }).notNull(),
    departName: varchar('depart_name', { length: 128 }).notNull(),
    sortOrder: integer('sort_order').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('department_org_code_uq').on(t.orgCode), index('department_merchant_idx').on(t.merchantId, t.parentId)],
);

export const userDepart = pgTable(
  'user_depart',
  {
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => appUser.id, { onDelete: 'cascade' }),
    departId: bigint('depart_id', { mode: 'number' })
      .notNull()
      .references(() => department.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.departId] })],
);

export const departPermission = pgTable(
  'depart_permission',
  {
    departId: bigint('depart_id', { mode: 'number' })
      .notNull()
      .references(() => department.id, { onDelete: 'cascade' }),
    permissionId: bigint('permission_id', { mode: 'number' })
      .notNull()
      .references(() => permission.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.departId, t.permissionId] })],
);
