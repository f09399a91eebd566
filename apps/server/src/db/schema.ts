/**
 * Database schema as code. `npm run db:generate -w @mg/server` turns changes into a new SQL migration in
 * apps/server/drizzle/; never edit a migration that has been applied.
 */
import { MERCHANT_ORDER_ID_MAX_LENGTH, SETTLEMENT_DAYS_DEFAULT } from '@mg/domain';
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
    /** Settlement cycle T+N in days, counted in the merchant's zone (issue 4). */
    settlementDays: smallint('settlement_days').notNull().default(SETTLEMENT_DAYS_DEFAULT),
    /** Open API callers must come from one of these (IPv4/IPv6 addresses or CIDR); empty = sandbox keys only. */
    ipWhitelist: text('ip_whitelist').array().notNull().default(sql`'{}'::text[]`),
    /** Default callback addresses when an order carries no notifyUrl. */
    collectionCallbackUrl: varchar('collection_callback_url', { length: 512 }),
    payoutCallbackUrl: varchar('payout_callback_url', { length: 512 }),
    /** Standard Webhooks signing secret `whsec_...`, sealed with the server's secret box (lib/secret-box). */
    webhookSecretSealed: text('webhook_secret_sealed'),
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


/* ------------------------------------------------------------------------------------------------------------ */
/* Collections (issue 4): products and fees, open API keys, collections, refunds, settlement, callbacks, exports  */

const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().default(sql`now()`);
const money = (name: string) => bigint(name, { mode: 'bigint' });

/** A payment method offered in a country: a channel of the dictionary with its limits (data, editable). */
export const product = pgTable(
  'product',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    currency: varchar('currency', { length: 8 }).notNull(),
    paymentType: smallint('payment_type').notNull(),
    channel: smallint('channel').notNull(),
    minAmount: money('min_amount').notNull(),
    maxAmount: money('max_amount').notNull(),
    status: smallint('status').notNull().default(STATUS_ENABLED),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('product_currency_channel_uq').on(t.currency, t.paymentType, t.channel)],
);

/**
 * Fee rule per merchant, currency and payment type, optionally per channel (channel -1 = any). Merchant 10000's
 * rules are the platform defaults. Fee = fixed (admin fee) + amount * rate_bps / 10000 (service fee), at least min_fee.
 */
export const feeRule = pgTable(
  'fee_rule',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    merchantId: integer('merchant_id').notNull(),
    currency: varchar('currency', { length: 8 }).notNull(),
    paymentType: smallint('payment_type').notNull(),
    channel: smallint('channel').notNull().default(-1),
    rateBps: integer('rate_bps').notNull().default(0),
    fixedFee: money('fixed_fee').notNull().default(sql`0`),
    minFee: money('min_fee').notNull().default(sql`0`),
    status: smallint('status').notNull().default(STATUS_ENABLED),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('fee_rule_uq').on(t.merchantId, t.currency, t.paymentType, t.channel),
    check('fee_rule_values_ck', sql`${t.rateBps} >= 0 and ${t.rateBps} <= 10000 and ${t.fixedFee} >= 0 and ${t.minFee} >= 0`),
  ],
);

/** Open API key: the id is public, the secret is sealed (HMAC needs it in clear at verification time). */
export const apiKey = pgTable(
  'api_key',
  {
    id: varchar('id', { length: 40 }).primaryKey(),
    merchantId: integer('merchant_id').notNull(),
    /** 'sandbox' | 'live' (domain ApiKeyMode). */
    mode: varchar('mode', { length: 8 }).notNull(),
    name: varchar('name', { length: 64 }).notNull().default(''),
    secretSealed: text('secret_sealed').notNull(),
    secretLast4: varchar('secret_last4', { length: 4 }).notNull(),
    /** 'active' | 'revoked' (domain ApiKeyStatus); a rolled key stays active until expires_at. */
    status: varchar('status', { length: 16 }).notNull().default('active'),
    /** Set when rolled: the old key keeps working until then (grace period). */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    /** The secret may be shown once, at creation or roll; after that only the last 4 characters. */
    revealedAt: timestamp('revealed_at', { withTimezone: true }),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    createdBy: varchar('created_by', { length: 64 }),
    createdAt: createdAt(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('api_key_merchant_idx').on(t.merchantId, t.createdAt)],
);

/** Nonces seen per key in the last 10 minutes (replay protection); rows older than that are purged. */
export const apiNonce = pgTable(
  'api_nonce',
  {
    keyId: varchar('key_id', { length: 40 }).notNull(),
    nonce: varchar('nonce', { length: 128 }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.keyId, t.nonce] }), index('api_nonce_created_idx').on(t.createdAt)],
);

/** Idempotency-Key records of open API POSTs: the first answer is replayed for the same key and body. */
export const idempotencyRecord = pgTable(
  'idempotency_record',
  {
    merchantId: integer('merchant_id').notNull(),
    key: varchar('key', { length: 128 }).notNull(),
    method: varchar('method', { length: 8 }).notNull(),
    path: varchar('path', { length: 255 }).notNull(),
    /** hex SHA-256 of the raw body. */
    requestHash: varchar('request_hash', { length: 64 }).notNull(),
    /** Null while the first request is still running. */
    responseStatus: integer('response_status'),
    responseBody: jsonb('response_body'),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.merchantId, t.key] }), index('idempotency_record_created_idx').on(t.createdAt)],
);

/** Pay-in order. Ids are prefixed and unguessable (C...); the cashier token is a separate secret. */
export const collection = pgTable(
  'collection',
  {
    id: varchar('id', { length: 32 }).notNull(),
    merchantId: integer('merchant_id').notNull(),
    merchantOrderId: varchar('merchant_order_id', { length: MERCHANT_ORDER_ID_MAX_LENGTH }).notNull(),
    /** 'sandbox' | 'live': the mode of the key (or dashboard) that created it. */
    mode: varchar('mode', { length: 8 }).notNull(),
    /** 'api' | 'payment_link' | 'dashboard'. */
    source: varchar('source', { length: 16 }).notNull(),
    paymentLinkId: varchar('payment_link_id', { length: 32 }),
    currency: varchar('currency', { length: 8 }).notNull(),
    paymentType: smallint('payment_type').notNull(),
    channel: smallint('channel'),
    /** What the payer uses to pay (VA number, QR payload, convenience-store code ...), given by the channel. */
    paymentCode: varchar('payment_code', { length: 255 }),
    amount: money('amount').notNull(),
    adminFee: money('admin_fee').notNull().default(sql`0`),
    serviceFee: money('service_fee').notNull().default(sql`0`),
    paidAmount: money('paid_amount'),
    refundedAmount: money('refunded_amount').notNull().default(sql`0`),
    status: varchar('status', { length: 16 }).notNull(),
    /** Failure reason code (domain) when failed / rejected. */
    failureReason: varchar('failure_reason', { length: 64 }),
    payerName: varchar('payer_name', { length: 128 }),
    payerEmail: varchar('payer_email', { length: 191 }),
    payerPhone: varchar('payer_phone', { length: 32 }),
    orderDescription: varchar('order_description', { length: 255 }),
    expiryHours: smallint('expiry_hours').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    notifyUrl: varchar('notify_url', { length: 512 }),
    returnUrl: varchar('return_url', { length: 512 }),
    /** Null until a callback is due; then pending / notified / failed (domain NotifyStatus). */
    notifyStatus: varchar('notify_status', { length: 16 }),
    cashierToken: varchar('cashier_token', { length: 64 }).notNull(),
    /** The settlement batch it belongs to once succeeded. */
    settlementId: varchar('settlement_id', { length: 32 }),
    channelReference: varchar('channel_reference', { length: 64 }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.merchantId, t.id] }),
    uniqueIndex('collection_id_uq').on(t.id),
    uniqueIndex('collection_merchant_order_uq').on(t.merchantId, t.merchantOrderId),
    uniqueIndex('collection_cashier_token_uq').on(t.cashierToken),
    index('collection_merchant_created_idx').on(t.merchantId, t.createdAt.desc(), t.id.desc()),
    index('collection_merchant_status_created_idx').on(t.merchantId, t.status, t.createdAt.desc()),
    // Covering index of the dashboard (modules/collections/queries.ts, statistics.ts): the capped count and the page
    // keys of a merchant's month in one currency with any list filter, and the home statistics, are read from it
    // without touching the table (1M rows: first page ~10 ms instead of ~550 ms, a month of statistics 0.3 s not 1 s).
    index('collection_merchant_currency_created_idx').on(
      t.merchantId,
      t.currency,
      t.createdAt.desc(),
      t.id.desc(),
      t.status,
      t.paymentType,
      t.channel,
      t.amount,
      t.notifyStatus,
      t.paidAmount,
      t.adminFee,
      t.serviceFee,
    ),
    // Amount filters and the amount sort of the list (bench/list-latency.ts, docs/benchmarks.md): a rare amount range
    // is found here instead of walking a month of the covering index (55 -> 3 ms p95 on 1M rows), and sorting a month
    // by amount reads it in order (backward for desc) with an incremental sort of ties (105 -> 13 ms p95).
    index('collection_merchant_currency_amount_idx').on(t.merchantId, t.currency, t.amount),
    // A rare channel (a few % of a month) or the notify statuses still to chase (pending / failed, ~4 %): the capped
    // count otherwise walks the whole month of the covering index to find 10 000 matches (1M rows: 45-75 ms p95 ->
    // under 10 ms). The notify one is partial, so it stays small.
    index('collection_merchant_channel_created_idx').on(t.merchantId, t.currency, t.channel, t.createdAt.desc(), t.id.desc()),
    index('collection_merchant_notify_created_idx')
      .on(t.merchantId, t.currency, t.notifyStatus, t.createdAt.desc(), t.id.desc())
      .where(sql`${t.notifyStatus} in ('pending', 'failed')`),
    index('collection_pending_expiry_idx').on(t.expiresAt).where(sql`${t.status} in ('pending', 'processing')`),
    check('collection_amounts_ck', sql`${t.amount} > 0 and ${t.adminFee} >= 0 and ${t.serviceFee} >= 0 and ${t.refundedAmount} >= 0 and ${t.refundedAmount} <= ${t.amount}`),
  ],
);

/** Refund of a collection (partial or full; original route or offline). */
export const refund = pgTable(
  'refund',
  {
    id: varchar('id', { length: 32 }).notNull(),
    merchantId: integer('merchant_id').notNull(),
    collectionId: varchar('collection_id', { length: 32 }).notNull(),
    merchantRefundId: varchar('merchant_refund_id', { length: 64 }),
    currency: varchar('currency', { length: 8 }).notNull(),
    /** 'partial' | 'full' (domain RefundType). */
    refundType: varchar('refund_type', { length: 8 }).notNull(),
    /** 'original' | 'offline' (domain RefundWay). */
    refundWay: varchar('refund_way', { length: 8 }).notNull(),
    requestedAmount: money('requested_amount').notNull(),
    actualAmount: money('actual_amount'),
    reason: varchar('reason', { length: 255 }).notNull(),
    /** domain RefundFundStatus: initialised, returned_success, returned_failed. */
    status: varchar('status', { length: 24 }).notNull(),
    failureReason: varchar('failure_reason', { length: 64 }),
    notifyStatus: varchar('notify_status', { length: 16 }),
    /** 'api' or the username that asked for it in the dashboard. */
    createdBy: varchar('created_by', { length: 64 }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.merchantId, t.id] }),
    uniqueIndex('refund_id_uq').on(t.id),
    uniqueIndex('refund_merchant_refund_uq').on(t.merchantId, t.merchantRefundId),
    index('refund_merchant_created_idx').on(t.merchantId, t.createdAt.desc(), t.id.desc()),
    index('refund_collection_idx').on(t.merchantId, t.collectionId),
    check('refund_amount_ck', sql`${t.requestedAmount} > 0`),
  ],
);

/**
 * Settlement batch: a merchant's succeeded collections of one currency due on one local date (T+N). Pending until
 * the job moves its net from pending to available; settled after.
 */
export const settlement = pgTable(
  'settlement',
  {
    id: varchar('id', { length: 32 }).notNull(),
    merchantId: integer('merchant_id').notNull(),
    currency: varchar('currency', { length: 8 }).notNull(),
    /** Local date (merchant zone) the batch is due, YYYY-MM-DD. */
    settleDate: varchar('settle_date', { length: 10 }).notNull(),
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
    status: varchar('status', { length: 16 }).notNull(),
    collectionCount: integer('collection_count').notNull().default(0),
    grossAmount: money('gross_amount').notNull().default(sql`0`),
    feeAmount: money('fee_amount').notNull().default(sql`0`),
    /** Refunds taken from pending before settlement. */
    refundedAmount: money('refunded_amount').notNull().default(sql`0`),
    /** gross - fee - refunded: what moves to available. */
    netAmount: money('net_amount').notNull().default(sql`0`),
    settledAt: timestamp('settled_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.merchantId, t.id] }),
    uniqueIndex('settlement_id_uq').on(t.id),
    uniqueIndex('settlement_batch_uq').on(t.merchantId, t.currency, t.settleDate),
    index('settlement_merchant_created_idx').on(t.merchantId, t.createdAt.desc(), t.id.desc()),
    index('settlement_due_idx').on(t.dueAt).where(sql`${t.status} = 'pending'`),
    check('settlement_amounts_ck', sql`${t.netAmount} >= 0`),
  ],
);

/** Payment link: a shareable cashier for a fixed amount, single use, valid for N hours. */
export const paymentLink = pgTable(
  'payment_link',
  {
    id: varchar('id', { length: 32 }).notNull(),
    merchantId: integer('merchant_id').notNull(),
    token: varchar('token', { length: 64 }).notNull(),
    currency: varchar('currency', { length: 8 }).notNull(),
    amount: money('amount').notNull(),
    description: varchar('description', { length: 255 }).notNull(),
    paymentType: smallint('payment_type').notNull(),
    expiryHours: smallint('expiry_hours').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** domain PaymentLinkStatus: active, paid, expired, void. */
    status: varchar('status', { length: 16 }).notNull(),
    collectionId: varchar('collection_id', { length: 32 }),
    mode: varchar('mode', { length: 8 }).notNull(),
    createdBy: varchar('created_by', { length: 64 }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.merchantId, t.id] }),
    uniqueIndex('payment_link_id_uq').on(t.id),
    uniqueIndex('payment_link_token_uq').on(t.token),
    index('payment_link_merchant_created_idx').on(t.merchantId, t.createdAt.desc(), t.id.desc()),
  ],
);

/**
 * Callback outbox: written in the same transaction as the status change it reports, so a crash loses none. The
 * worker takes due rows with FOR UPDATE SKIP LOCKED, so any number of server instances can deliver.
 */
export const callbackDelivery = pgTable(
  'callback_delivery',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    merchantId: integer('merchant_id').notNull(),
    /** Standard Webhooks message id (`msg_...`), the same on every attempt. */
    eventId: varchar('event_id', { length: 40 }).notNull(),
    eventType: varchar('event_type', { length: 48 }).notNull(),
    /** 'collection' | 'refund' (later: payout ...). */
    orderKind: varchar('order_kind', { length: 16 }).notNull(),
    orderId: varchar('order_id', { length: 32 }).notNull(),
    url: varchar('url', { length: 512 }).notNull(),
    /** The JSON body, sent byte for byte on every attempt. */
    body: text('body').notNull(),
    /** domain NotifyStatus: pending, notified, failed. */
    status: varchar('status', { length: 16 }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().default(sql`now()`),
    lastResponseStatus: integer('last_response_status'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('callback_delivery_event_uq').on(t.eventId),
    index('callback_delivery_due_idx').on(t.nextAttemptAt).where(sql`${t.status} = 'pending'`),
    index('callback_delivery_order_idx').on(t.merchantId, t.orderKind, t.orderId),
  ],
);

/** Every delivery attempt with what was sent and what came back. */
export const callbackAttempt = pgTable(
  'callback_attempt',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    deliveryId: bigint('delivery_id', { mode: 'number' })
      .notNull()
      .references(() => callbackDelivery.id),
    merchantId: integer('merchant_id').notNull(),
    attemptNo: integer('attempt_no').notNull(),
    url: varchar('url', { length: 512 }).notNull(),
    requestHeaders: jsonb('request_headers').notNull(),
    requestBody: text('request_body').notNull(),
    responseStatus: integer('response_status'),
    responseExcerpt: text('response_excerpt'),
    error: varchar('error', { length: 255 }),
    latencyMs: integer('latency_ms').notNull(),
    /** 'auto' | 'manual' (resend from the dashboard). */
    trigger: varchar('trigger', { length: 8 }).notNull().default('auto'),
    createdAt: createdAt(),
  },
  (t) => [index('callback_attempt_delivery_idx').on(t.deliveryId, t.id)],
);

/** Low-balance threshold per merchant and currency; below_since makes the notice fire once per crossing. */
export const balanceLimit = pgTable(
  'balance_limit',
  {
    merchantId: integer('merchant_id').notNull(),
    currency: varchar('currency', { length: 8 }).notNull(),
    threshold: money('threshold').notNull(),
    belowSince: timestamp('below_since', { withTimezone: true }),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.merchantId, t.currency] }), check('balance_limit_ck', sql`${t.threshold} > 0`)],
);

/** Export of a list: small ones stream directly; large ones run here as a job and are e-mailed as a link. */
export const exportJob = pgTable(
  'export_job',
  {
    id: varchar('id', { length: 32 }).primaryKey(),
    merchantId: integer('merchant_id').notNull(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    /** Which list (domain ExportKind). */
    kind: varchar('kind', { length: 32 }).notNull(),
    filters: jsonb('filters').notNull(),
    lang: varchar('lang', { length: 8 }).notNull(),
    timeZone: varchar('time_zone', { length: 64 }).notNull(),
    /** domain ExportStatus: queued, running, done, failed. */
    status: varchar('status', { length: 16 }).notNull(),
    totalRows: integer('total_rows'),
    doneRows: integer('done_rows').notNull().default(0),
    filePath: varchar('file_path', { length: 512 }),
    /** Secret part of the download link sent by e-mail. */
    downloadToken: varchar('download_token', { length: 64 }),
    error: text('error'),
    createdAt: createdAt(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
  },
  (t) => [index('export_job_merchant_idx').on(t.merchantId, t.createdAt.desc()), index('export_job_status_idx').on(t.status, t.createdAt)],
);
