/** The permission catalogue (menus, buttons, columns), seeded from the domain. */
import { bigint, boolean, index, integer, jsonb, pgTable, smallint, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';

/**
 * The permission tree (spec §3 "Menu item" and "Permission entry"): menus (menu_type 0 group, 1 page) and
 * buttons/columns (menu_type 2) with their code, type ('1' menu or column, '2' button) and status.
 */
export const permission = pgTable(
  'permission',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    parentId: bigint('parent_id', { mode: 'number' }),
    menuType: smallint('menu_type').notNull(),
    /** The permission code (`user:add`, `home:menu`); unique. */
    perms: varchar('perms', { length: 128 }).notNull(),
    permsType: varchar('perms_type', { length: 1 }).notNull(),
    status: varchar('status', { length: 1 }).notNull().default('1'),
    name: varchar('name', { length: 128 }).notNull(),
    titleKey: varchar('title_key', { length: 191 }).notNull(),
    /** Operator overrides per language ({"en-US": "...", ...}); win over titleKey. */
    titles: jsonb('titles').$type<Record<string, string>>(),
    path: varchar('path', { length: 255 }),
    component: varchar('component', { length: 128 }),
    redirect: varchar('redirect', { length: 255 }),
    icon: varchar('icon', { length: 64 }),
    url: varchar('url', { length: 500 }),
    sortNo: integer('sort_no').notNull().default(0),
    hidden: boolean('hidden').notNull().default(false),
    /** Spec: an item whose route flag is '0' is left out of the routes. */
    route: boolean('route').notNull().default(true),
    alwaysShow: boolean('always_show').notNull().default(false),
    keepAlive: boolean('keep_alive').notNull().default(false),
    internalOrExternal: boolean('internal_or_external').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('permission_perms_uq').on(t.perms), index('permission_parent_idx').on(t.parentId, t.sortNo)],
);
