/**
 * Database schema as code. `npm run db:generate -w @mg/server` turns changes into a new SQL migration in
 * apps/server/drizzle/; never edit a migration that has been applied.
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgSequence,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';

/** Row status shared by configuration tables. */
export const STATUS_ENABLED = 1;
export const STATUS_DISABLED = 0;

/** A dictionary: a named list of values with translatable texts (payment types, channels, statuses ...). */
export const dict = pgTable(
  'dict',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    dictCode: varchar('dict_code', { length: 64 }).notNull(),
    dictNameKey: varchar('dict_name_key', { length: 191 }).notNull(),
    description: text('description'),
    status: smallint('status').notNull().default(STATUS_ENABLED),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().default(sql`now()`),
  },
  (t) => [uniqueIndex('dict_dict_code_uq').on(t.dictCode)],
);

export const dictItem = pgTable(
  'dict_item',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    dictId: integer('dict_id')
      .notNull()
      .references(() => dict.id, { onDelete: 'cascade' }),
    itemValue: varchar('item_value', { length: 128 }).notNull(),
    /** i18n key of the text; translated into the caller's language. */
    itemTextKey: varchar('item_text_key', { length: 191 }).notNull(),
    /** Fixed text (a proper name, or an operator's override); wins over the key when set. */
    itemText: varchar('item_text', { length: 255 }),
    sortOrder: integer('sort_order').notNull().default(0),
    status: smallint('status').notNull().default(STATUS_ENABLED),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().default(sql`now()`),
  },
  (t) => [uniqueIndex('dict_item_dict_value_uq').on(t.dictId, t.itemValue), index('dict_item_dict_sort_idx').on(t.dictId, t.sortOrder)],
);

/* ------------------------------------------------------------------------------------------------------------ */
/* Identity and access (issue 3)                                                                                 */

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().default(sql`now()`);

/** New merchant ids continue after the seeded ones; 10000 is the platform admin. */
export const merchantIdSeq = pgSequence('merchant_id_seq', { startWith: 10100 });

/** Merchant lifecycle: onboarding (registered, KYC not done), active, frozen. */
export const merchant = pgTable(
  'merchant',
  {
    id: integer('id').primaryKey(),
    name: varchar('name', { length: 128 }).notNull(),
    /** Parent merchant of a sub-merchant; a user of the parent may act for it. */
    parentId: integer('parent_id'),
    brand: varchar('brand', { length: 32 }).notNull(),
    /** Currencies (countries) this merchant works in; the first is its default. */
    currencies: text('currencies').array().notNull(),
    status: varchar('status', { length: 16 }).notNull().default('active'),
    /** Spec §3 amountUsdSwitch: amounts also shown in USD. */
    amountUsdSwitch: boolean('amount_usd_switch').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [index('merchant_parent_idx').on(t.parentId)],
);

export const appUser = pgTable(
  'app_user',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchant.id),
    username: varchar('username', { length: 64 }).notNull(),
    realname: varchar('realname', { length: 128 }).notNull().default(''),
    avatar: varchar('avatar', { length: 255 }),
    email: varchar('email', { length: 191 }),
    phone: varchar('phone', { length: 32 }),
    /** argon2id. */
    passwordHash: text('password_hash').notNull(),
    frozen: boolean('frozen').notNull().default(false),
    /** Department the user works in by default (spec: orgCode). */
    orgCode: varchar('org_code', { length: 64 }),
    amountUsdSwitch: boolean('amount_usd_switch').notNull().default(false),
    /** Base32 TOTP secret; set at enrolment, active only when totpEnabled. */
    totpSecret: varchar('totp_secret', { length: 64 }),
    totpEnabled: boolean('totp_enabled').notNull().default(false),
    /** Last accepted TOTP time step: a code is accepted once. */
    totpLastStep: bigint('totp_last_step', { mode: 'number' }),
    failedLogins: integer('failed_logins').notNull().default(0),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    passwordChangedAt: timestamp('password_changed_at', { withTimezone: true }),
    createdBy: varchar('created_by', { length: 64 }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().default(sql`now()`),
  },
  (t) => [
    // Usernames, e-mails and phones are unique across the platform (spec §5), case-insensitively.
    uniqueIndex('app_user_username_uq').on(sql`lower(${t.username})`),
    uniqueIndex('app_user_email_uq').on(sql`lower(${t.email})`),
    uniqueIndex('app_user_phone_uq').on(t.phone),
    index('app_user_merchant_idx').on(t.merchantId, t.createdAt),
  ],
);

export const totpRecoveryCode = pgTable(
  'totp_recovery_code',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => appUser.id, { onDelete: 'cascade' }),
    /** SHA-256 of the code. */
    codeHash: varchar('code_hash', { length: 64 }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('totp_recovery_user_idx').on(t.userId)],
);

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

export const userRole = pgTable(
  'user_role',
  {
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => appUser.id, { onDelete: 'cascade' }),
    roleId: bigint('role_id', { mode: 'number' })
      .notNull()
      .references(() => role.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.roleId] }), index('user_role_role_idx').on(t.roleId)],
);

/** A signed-in session: the token itself is never stored, only its SHA-256. Bound to one merchant and currency. */
export const session = pgTable(
  'session',
  {
    tokenHash: varchar('token_hash', { length: 64 }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => appUser.id, { onDelete: 'cascade' }),
    merchantId: integer('merchant_id').notNull(),
    currency: varchar('currency', { length: 8 }).notNull(),
    brand: varchar('brand', { length: 32 }).notNull(),
    orgCode: varchar('org_code', { length: 64 }),
    ip: varchar('ip', { length: 64 }),
    userAgent: varchar('user_agent', { length: 255 }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('session_user_idx').on(t.userId)],
);

/** Append-only security history: sign-in (success and failure), sign-out, 2FA, password, roles, freeze, switch. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    merchantId: integer('merchant_id'),
    userId: bigint('user_id', { mode: 'number' }),
    username: varchar('username', { length: 64 }),
    action: varchar('action', { length: 64 }).notNull(),
    success: boolean('success').notNull().default(true),
    detail: jsonb('detail').$type<Record<string, unknown>>(),
    ip: varchar('ip', { length: 64 }),
    userAgent: varchar('user_agent', { length: 255 }),
    createdAt: createdAt(),
  },
  (t) => [index('audit_log_merchant_idx').on(t.merchantId, t.createdAt.desc(), t.id.desc())],
);

/** Failed sign-ins per client address, for throttling (any instance sees them). */
export const loginAttempt = pgTable(
  'login_attempt',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    ip: varchar('ip', { length: 64 }).notNull(),
    username: varchar('username', { length: 64 }),
    createdAt: createdAt(),
  },
  (t) => [index('login_attempt_ip_idx').on(t.ip, t.createdAt)],
);

/** Captcha challenges, kept in the database so any instance can check them; answered once. */
export const captcha = pgTable('captcha', {
  checkKey: varchar('check_key', { length: 64 }).primaryKey(),
  codeHash: varchar('code_hash', { length: 64 }).notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

/** E-mail codes (registration, password reset): 6 digits, 10 minutes, 5 tries. */
export const emailCode = pgTable(
  'email_code',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    email: varchar('email', { length: 191 }).notNull(),
    purpose: varchar('purpose', { length: 16 }).notNull(),
    codeHash: varchar('code_hash', { length: 64 }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('email_code_email_idx').on(sql`lower(${t.email})`, t.purpose, t.createdAt)],
);

/** Mail that was sent, or, without MAIL_URL, the outbox people read instead of an inbox. */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    merchantId: integer('merchant_id'),
    toAddress: varchar('to_address', { length: 191 }).notNull(),
    subject: varchar('subject', { length: 255 }).notNull(),
    textBody: text('text_body').notNull(),
    status: varchar('status', { length: 16 }).notNull(),
    error: text('error'),
    createdAt: createdAt(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [index('mail_outbox_created_idx').on(t.createdAt.desc())],
);

/** Announcements: to one merchant, or to all (merchant_id null); draft, released, revoked. */
export const announcement = pgTable(
  'announcement',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    merchantId: integer('merchant_id'),
    title: varchar('title', { length: 255 }).notNull(),
    content: text('content').notNull(),
    priority: varchar('priority', { length: 8 }).notNull().default('M'),
    status: varchar('status', { length: 16 }).notNull().default('draft'),
    releasedAt: timestamp('released_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdBy: varchar('created_by', { length: 64 }),
    createdAt: createdAt(),
  },
  (t) => [index('announcement_status_idx').on(t.status, t.releasedAt)],
);

export const announcementRead = pgTable(
  'announcement_read',
  {
    announcementId: bigint('announcement_id', { mode: 'number' })
      .notNull()
      .references(() => announcement.id, { onDelete: 'cascade' }),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => appUser.id, { onDelete: 'cascade' }),
    readAt: timestamp('read_at', { withTimezone: true }).notNull().default(sql`now()`),
  },
  (t) => [primaryKey({ columns: [t.announcementId, t.userId] })],
);


/* ------------------------------------------------------------------------------------------------------------ */
/* Ledger (issue 4, DESIGN §5): double-entry, append-only                                                        */

/**
 * One balance per merchant, currency and kind. Platform accounts (clearing, fee_revenue) belong to merchant 10000.
 * The CHECK is the last word on "no merchant balance below zero": a transfer that would break it fails as a whole.
 */
export const ledgerAccount = pgTable(
  'ledger_account',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    merchantId: integer('merchant_id').notNull(),
    currency: varchar('currency', { length: 8 }).notNull(),
    kind: varchar('kind', { length: 16 }).notNull(),
    balance: bigint('balance', { mode: 'bigint' }).notNull().default(sql`0`),
    /** Incremented by every posting that touches the account. */
    version: integer('version').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().default(sql`now()`),
  },
  (t) => [
    uniqueIndex('ledger_account_merchant_currency_kind_uq').on(t.merchantId, t.currency, t.kind),
    check('ledger_account_kind_ck', sql`${t.kind} in ('available', 'pending', 'frozen', 'clearing', 'fee_revenue')`),
    check(
      'ledger_account_non_negative_ck',
      sql`${t.kind} not in ('available', 'pending', 'frozen') or ${t.balance} >= 0`,
    ),
  ],
);

/** One money movement; its entries sum to zero. The idempotency key is unique per merchant. */
export const ledgerTransfer = pgTable(
  'ledger_transfer',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    merchantId: integer('merchant_id').notNull(),
    currency: varchar('currency', { length: 8 }).notNull(),
    flow: varchar('flow', { length: 32 }).notNull(),
    /** Spec §3 ActionType 1-7. */
    actionType: smallint('action_type').notNull(),
    /** Business id the movement belongs to (collection, refund, payout ...). */
    reference: varchar('reference', { length: 64 }).notNull(),
    idempotencyKey: varchar('idempotency_key', { length: 128 }).notNull(),
    /** Gross amount and fee of the business operation, for the statement (the entries carry the net movements). */
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    fee: bigint('fee', { mode: 'bigint' }).notNull().default(sql`0`),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('ledger_transfer_idempotency_uq').on(t.merchantId, t.idempotencyKey),
    index('ledger_transfer_merchant_created_idx').on(t.merchantId, t.createdAt.desc(), t.id.desc()),
    index('ledger_transfer_reference_idx').on(t.merchantId, t.reference),
  ],
);

/** Append-only: written once with the transfer, never updated or deleted (docs/ledger.md). */
export const ledgerEntry = pgTable(
  'ledger_entry',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    transferId: bigint('transfer_id', { mode: 'number' })
      .notNull()
      .references(() => ledgerTransfer.id),
    accountId: bigint('account_id', { mode: 'number' })
      .notNull()
      .references(() => ledgerAccount.id),
    /** The account's merchant (the statement reads by it). */
    merchantId: integer('merchant_id').notNull(),
    currency: varchar('currency', { length: 8 }).notNull(),
    /** Signed: + credits the account's balance, - debits it. */
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    balanceBefore: bigint('balance_before', { mode: 'bigint' }).notNull(),
    balanceAfter: bigint('balance_after', { mode: 'bigint' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    check('ledger_entry_amount_ck', sql`${t.amount} <> 0 and ${t.balanceAfter} = ${t.balanceBefore} + ${t.amount}`),
    index('ledger_entry_transfer_idx').on(t.transferId),
    index('ledger_entry_account_idx').on(t.accountId, t.id),
    index('ledger_entry_merchant_created_idx').on(t.merchantId, t.currency, t.createdAt.desc(), t.id.desc()),
  ],
);
