/**
 * The permission catalogue: the menu tree the server sends after sign-in (spec §2 "server-driven menu"), the
 * button and column codes (spec §6), and what each system role is granted. The server seeds its permission
 * tables from this; operators may add entries in the database later. A menu item exists only for a screen that
 * exists: each issue that adds a screen adds its entry here and its component to the web registry.
 */
import { PermissionStatus, PermissionType, Role, type RoleCode } from './enums';

/** Every permission code the server checks. Menus are `*:menu`, buttons and calls are verbs. */
export const Perm = {
  HOME: 'home:menu',
  ACCOUNT_SECURITY: 'account:security',
  USER_MENU: 'user:menu',
  USER_ADD: 'user:add',
  USER_EDIT: 'user:edit',
  USER_FREEZE: 'user:freeze',
  USER_RESET_PASSWORD: 'user:resetPassword',
  ROLE_MENU: 'role:menu',
  ROLE_ADD: 'role:add',
  ROLE_EDIT: 'role:edit',
  ROLE_GRANT: 'role:grant',
  DEPART_MENU: 'depart:menu',
  DEPART_ADD: 'depart:add',
  DEPART_EDIT: 'depart:edit',
  DEPART_DELETE: 'depart:delete',
  AUDIT_MENU: 'audit:menu',
  ANNOUNCEMENT_MENU: 'announcement:menu',
  ANNOUNCEMENT_PUBLISH: 'announcement:publish',
  PERMISSION_MENU: 'permission:menu',
  PERMISSION_EDIT: 'permission:edit',
  DICT_MENU: 'dict:menu',
  DICT_EDIT: 'dict:edit',
  MAIL_OUTBOX_MENU: 'mailOutbox:menu',
  // Collections (issue 4)
  COLLECTION_MENU: 'collection:menu',
  REFUND_MENU: 'refund:menu',
  REFUND_ADD: 'refund:add',
  CALLBACK_RESEND: 'callback:resend',
  PAYMENT_LINK_MENU: 'paymentLink:menu',
  PAYMENT_LINK_ADD: 'paymentLink:add',
  PAYMENT_LINK_VOID: 'paymentLink:void',
  BALANCE_MENU: 'balance:menu',
  BALANCE_LIMIT_EDIT: 'balance:limit',
  BALANCE_RECORD_MENU: 'balanceRecord:menu',
  SETTLEMENT_MENU: 'settlement:menu',
  /** Run due settlements now (provider staff; the job does it on schedule). */
  SETTLEMENT_RUN: 'settlement:run',
  /** Export of any list the user can see (spec §6 "order query export"). */
  EXPORT: 'export:list',
  DEVELOPER_MENU: 'developer:menu',
  /** Create, reveal, roll and revoke open API keys; rotate the webhook secret. */
  DEVELOPER_KEY_EDIT: 'developer:key',
  /** Callback addresses (spec §6 "manage callback addresses"). */
  DEVELOPER_CALLBACK_EDIT: 'developer:callback',
  DEVELOPER_WHITELIST_EDIT: 'developer:whitelist',
  PRODUCT_MENU: 'product:menu',
  /** Product summary page: its own code, since a menu page is stored under its code (one row per code). */
  PRODUCT_SUMMARY_MENU: 'productSummary:menu',
  /** Fee rules are set by the provider. */
  FEE_EDIT: 'fee:edit',
  /** Spec §6: the channel health page and other provider-staff views. */
  TIKIPAY_STAFF: 'tikipayStuff',
} as const;
export type PermCode = (typeof Perm)[keyof typeof Perm];

/** Column permissions are type 1 entries whose code starts with this prefix (spec §6 "hide columns by prefix"). */
export const COLUMN_PERMISSION_PREFIX = 'column:';
export const ColumnPerm = {
  FEE: 'column:fee',
  PAID_AMOUNT: 'column:paidAmount',
  USD: 'column:usd',
} as const;

export interface MenuDef {
  /** Route path; also the menu key. */
  path: string;
  /** Route name, unique. */
  name: string;
  /** Key of a screen in the web registry (never an import path). '' for a group. */
  component: string;
  /** i18n key of the title; the server sends the title in every language. */
  titleKey: string;
  icon?: string;
  redirect?: string;
  hidden?: boolean;
  alwaysShow?: boolean;
  keepAlive?: boolean;
  /** Opens outside the app (new window) when true and url is set. */
  internalOrExternal?: boolean;
  url?: string;
  /** The permission that makes the item visible and its route allowed. */
  perm: PermCode;
  children?: MenuDef[];
}

export interface ButtonDef {
  code: PermCode | string;
  titleKey: string;
  /** Menu path the button belongs to (for the permission tree). */
  parent: string;
  type: (typeof PermissionType)[keyof typeof PermissionType];
}

export const MENU: readonly MenuDef[] = [
  { path: '/dashboard/home', name: 'dashboard-home', component: 'dashboard/Home', titleKey: 'menu.home', icon: 'HomeOutlined', perm: Perm.HOME, keepAlive: true },
  {
    path: '/system',
    name: 'system',
    component: '',
    titleKey: 'menu.system',
    icon: 'TeamOutlined',
    redirect: '/system/users',
    alwaysShow: true,
    perm: Perm.USER_MENU,
    children: [
      { path: '/system/users', name: 'system-users', component: 'system/Users', titleKey: 'menu.users', icon: 'UserOutlined', perm: Perm.USER_MENU, keepAlive: true },
      { path: '/system/roles', name: 'system-roles', component: 'system/Roles', titleKey: 'menu.roles', icon: 'SafetyCertificateOutlined', perm: Perm.ROLE_MENU, keepAlive: true },
      { path: '/system/departments', name: 'system-departments', component: 'system/Departments', titleKey: 'menu.departments', icon: 'ApartmentOutlined', perm: Perm.DEPART_MENU, keepAlive: true },
      { path: '/system/audit', name: 'system-audit', component: 'system/Audit', titleKey: 'menu.audit', icon: 'HistoryOutlined', perm: Perm.AUDIT_MENU, keepAlive: true },
      { path: '/system/announcements', name: 'system-announcements', component: 'system/Announcements', titleKey: 'menu.announcements', icon: 'NotificationOutlined', perm: Perm.ANNOUNCEMENT_MENU, keepAlive: true },
      { path: '/system/permissions', name: 'system-permissions', component: 'system/Permissions', titleKey: 'menu.permissions', icon: 'KeyOutlined', perm: Perm.PERMISSION_MENU, keepAlive: true },
      { path: '/system/dictionaries', name: 'system-dictionaries', component: 'system/Dictionaries', titleKey: 'menu.dictionaries', icon: 'BookOutlined', perm: Perm.DICT_MENU, keepAlive: true },
      { path: '/system/mail-outbox', name: 'system-mail-outbox', component: 'system/MailOutbox', titleKey: 'menu.mailOutbox', icon: 'MailOutlined', perm: Perm.MAIL_OUTBOX_MENU, keepAlive: true },
    ],
  },
  {
    path: '/payment',
    name: 'payment',
    component: '',
    titleKey: 'menu.payment',
    icon: 'TransactionOutlined',
    redirect: '/payment/transactions',
    alwaysShow: true,
    perm: Perm.COLLECTION_MENU,
    children: [
      { path: '/payment/transactions', name: 'payment-transactions', component: 'payments/Transactions', titleKey: 'menu.transactions', icon: 'UnorderedListOutlined', perm: Perm.COLLECTION_MENU, keepAlive: true },
      { path: '/payment/refunds', name: 'payment-refunds', component: 'payments/Refunds', titleKey: 'menu.refunds', icon: 'RollbackOutlined', perm: Perm.REFUND_MENU, keepAlive: true },
      { path: '/payment/links', name: 'payment-links', component: 'payments/PaymentLinks', titleKey: 'menu.paymentLinks', icon: 'LinkOutlined', perm: Perm.PAYMENT_LINK_MENU, keepAlive: true },
    ],
  },
  {
    path: '/funds',
    name: 'funds',
    component: '',
    titleKey: 'menu.funds',
    icon: 'WalletOutlined',
    redirect: '/funds/balances',
    alwaysShow: true,
    perm: Perm.BALANCE_RECORD_MENU,
    children: [
      { path: '/funds/balances', name: 'funds-balances', component: 'funds/Balances', titleKey: 'menu.balances', icon: 'WalletOutlined', perm: Perm.BALANCE_MENU, keepAlive: true },
      { path: '/funds/balance-records', name: 'funds-balance-records', component: 'funds/BalanceRecords', titleKey: 'menu.balanceRecords', icon: 'ProfileOutlined', perm: Perm.BALANCE_RECORD_MENU, keepAlive: true },
      { path: '/funds/settlements', name: 'funds-settlements', component: 'funds/Settlements', titleKey: 'menu.settlements', icon: 'CalendarOutlined', perm: Perm.SETTLEMENT_MENU, keepAlive: true },
    ],
  },
  {
    path: '/common',
    name: 'common',
    component: '',
    titleKey: 'menu.products',
    icon: 'AppstoreOutlined',
    redirect: '/common/productList',
    alwaysShow: true,
    perm: Perm.PRODUCT_MENU,
    children: [
      { path: '/common/productList', name: 'common-product-list', component: 'products/ProductList', titleKey: 'menu.productList', icon: 'AppstoreOutlined', perm: Perm.PRODUCT_MENU, keepAlive: true },
      { path: '/common/productSummary', name: 'common-product-summary', component: 'products/ProductSummary', titleKey: 'menu.productSummary', icon: 'PercentageOutlined', perm: Perm.PRODUCT_SUMMARY_MENU, keepAlive: true },
    ],
  },
  { path: '/developer/parameters', name: 'developer-parameters', component: 'developer/Parameters', titleKey: 'menu.developer', icon: 'ApiOutlined', perm: Perm.DEVELOPER_MENU, keepAlive: true },
  { path: '/account/security', name: 'account-security', component: 'account/Security', titleKey: 'menu.accountSecurity', icon: 'LockOutlined', perm: Perm.ACCOUNT_SECURITY, keepAlive: true },
];

const B = PermissionType.BUTTON;
export const BUTTONS: readonly ButtonDef[] = [
  { code: Perm.USER_ADD, titleKey: 'perm.userAdd', parent: '/system/users', type: B },
  { code: Perm.USER_EDIT, titleKey: 'perm.userEdit', parent: '/system/users', type: B },
  { code: Perm.USER_FREEZE, titleKey: 'perm.userFreeze', parent: '/system/users', type: B },
  { code: Perm.USER_RESET_PASSWORD, titleKey: 'perm.userResetPassword', parent: '/system/users', type: B },
  { code: Perm.ROLE_ADD, titleKey: 'perm.roleAdd', parent: '/system/roles', type: B },
  { code: Perm.ROLE_EDIT, titleKey: 'perm.roleEdit', parent: '/system/roles', type: B },
  { code: Perm.ROLE_GRANT, titleKey: 'perm.roleGrant', parent: '/system/roles', type: B },
  { code: Perm.DEPART_ADD, titleKey: 'perm.departAdd', parent: '/system/departments', type: B },
  { code: Perm.DEPART_EDIT, titleKey: 'perm.departEdit', parent: '/system/departments', type: B },
  { code: Perm.DEPART_DELETE, titleKey: 'perm.departDelete', parent: '/system/departments', type: B },
  { code: Perm.ANNOUNCEMENT_PUBLISH, titleKey: 'perm.announcementPublish', parent: '/system/announcements', type: B },
  { code: Perm.PERMISSION_EDIT, titleKey: 'perm.permissionEdit', parent: '/system/permissions', type: B },
  { code: Perm.DICT_EDIT, titleKey: 'perm.dictEdit', parent: '/system/dictionaries', type: B },
  { code: Perm.REFUND_ADD, titleKey: 'perm.refundAdd', parent: '/payment/transactions', type: B },
  { code: Perm.CALLBACK_RESEND, titleKey: 'perm.callbackResend', parent: '/payment/transactions', type: B },
  { code: Perm.EXPORT, titleKey: 'perm.export', parent: '/payment/transactions', type: B },
  { code: Perm.PAYMENT_LINK_ADD, titleKey: 'perm.paymentLinkAdd', parent: '/payment/links', type: B },
  { code: Perm.PAYMENT_LINK_VOID, titleKey: 'perm.paymentLinkVoid', parent: '/payment/links', type: B },
  { code: Perm.BALANCE_LIMIT_EDIT, titleKey: 'perm.balanceLimitEdit', parent: '/funds/balances', type: B },
  { code: Perm.SETTLEMENT_RUN, titleKey: 'perm.settlementRun', parent: '/funds/settlements', type: B },
  { code: Perm.DEVELOPER_KEY_EDIT, titleKey: 'perm.developerKeyEdit', parent: '/developer/parameters', type: B },
  { code: Perm.DEVELOPER_CALLBACK_EDIT, titleKey: 'perm.developerCallbackEdit', parent: '/developer/parameters', type: B },
  { code: Perm.DEVELOPER_WHITELIST_EDIT, titleKey: 'perm.developerWhitelistEdit', parent: '/developer/parameters', type: B },
  { code: Perm.FEE_EDIT, titleKey: 'perm.feeEdit', parent: '/common/productSummary', type: B },
  { code: Perm.TIKIPAY_STAFF, titleKey: 'perm.tikipayStaff', parent: '', type: B },
  { code: ColumnPerm.FEE, titleKey: 'perm.columnFee', parent: '', type: PermissionType.MENU_OR_COLUMN },
  { code: ColumnPerm.PAID_AMOUNT, titleKey: 'perm.columnPaidAmount', parent: '', type: PermissionType.MENU_OR_COLUMN },
  { code: ColumnPerm.USD, titleKey: 'perm.columnUsd', parent: '', type: PermissionType.MENU_OR_COLUMN },
];

/** Status every seeded entry starts with; an operator may disable one (status 0 denies, spec §6). */
export const DEFAULT_PERMISSION_STATUS = PermissionStatus.ENABLED;

/** Provider-side screens: announcements are written by the provider for merchants, not by merchants. */
const PLATFORM_ONLY: readonly PermCode[] = [
  Perm.PERMISSION_MENU, Perm.PERMISSION_EDIT, Perm.DICT_MENU, Perm.DICT_EDIT, Perm.MAIL_OUTBOX_MENU,
  Perm.ANNOUNCEMENT_MENU, Perm.ANNOUNCEMENT_PUBLISH, Perm.TIKIPAY_STAFF, Perm.SETTLEMENT_RUN, Perm.FEE_EDIT,
];

/** What every merchant role that sees payments may read (spec §6 "order query", "settlement record query"). */
const PAYMENT_READ: readonly string[] = [
  Perm.COLLECTION_MENU, Perm.REFUND_MENU, Perm.PAYMENT_LINK_MENU, Perm.BALANCE_MENU, Perm.BALANCE_RECORD_MENU,
  Perm.SETTLEMENT_MENU, Perm.PRODUCT_MENU, Perm.PRODUCT_SUMMARY_MENU, Perm.EXPORT,
];
/** Acting on payments: refunds, payment links, callback resend, the low-balance threshold. */
const PAYMENT_OPERATE: readonly string[] = [
  Perm.REFUND_ADD, Perm.CALLBACK_RESEND, Perm.PAYMENT_LINK_ADD, Perm.PAYMENT_LINK_VOID, Perm.BALANCE_LIMIT_EDIT,
];
/** Developer parameters: keys, callback addresses, IP whitelist (spec §6 "manage callback addresses"). */
const DEVELOPER: readonly string[] = [
  Perm.DEVELOPER_MENU, Perm.DEVELOPER_KEY_EDIT, Perm.DEVELOPER_CALLBACK_EDIT, Perm.DEVELOPER_WHITELIST_EDIT,
];
const ALL_CODES: readonly string[] = [
  ...Object.values(Perm),
  ...Object.values(ColumnPerm),
];

/**
 * System roles and their grants (spec §6). Later issues add their screens' codes here: e.g. third_role_admin
 * gains payment data, order query, settlement and payouts with the collections and payouts issues.
 */
export const ROLE_GRANTS: Readonly<Record<RoleCode, readonly string[]>> = {
  [Role.ADMIN]: ALL_CODES,
  [Role.BUSINESS]: ALL_CODES.filter((c) => !PLATFORM_ONLY.includes(c as PermCode)),
  [Role.THIRD_ROLE_ADMIN]: [
    Perm.HOME, Perm.ACCOUNT_SECURITY, Perm.USER_MENU, Perm.USER_ADD, Perm.USER_EDIT, Perm.USER_FREEZE,
    Perm.USER_RESET_PASSWORD, Perm.AUDIT_MENU, ...PAYMENT_READ, ...PAYMENT_OPERATE, ...DEVELOPER,
  ],
  [Role.THIRD_ROLE_OPERATOR]: [Perm.HOME, Perm.ACCOUNT_SECURITY, ...PAYMENT_READ, ...PAYMENT_OPERATE],
  [Role.THIRD_ROLE_READ]: [Perm.HOME, Perm.ACCOUNT_SECURITY, ...PAYMENT_READ],
  [Role.CRYPTO_ROLE_ADMIN]: [Perm.HOME, Perm.ACCOUNT_SECURITY, ...PAYMENT_READ, ...PAYMENT_OPERATE, ...DEVELOPER],
  [Role.CRYPTO_ROLE_OPERATOR]: [Perm.HOME, Perm.ACCOUNT_SECURITY, ...PAYMENT_READ, ...PAYMENT_OPERATE],
  // Spec §6 crypto read: "exports only": the transaction list (to choose what to export) and the export.
  [Role.CRYPTO_ROLE_READ]: [Perm.ACCOUNT_SECURITY, Perm.COLLECTION_MENU, Perm.EXPORT],
};

/** Merchant-side roles a merchant admin may hand out (never `admin`). */
export const ASSIGNABLE_ROLES: readonly RoleCode[] = [
  Role.THIRD_ROLE_ADMIN, Role.THIRD_ROLE_OPERATOR, Role.THIRD_ROLE_READ,
  Role.CRYPTO_ROLE_ADMIN, Role.CRYPTO_ROLE_OPERATOR, Role.CRYPTO_ROLE_READ,
];

/** Roles whose holders get all six languages (spec §1 "role all"). */
export const ALL_LANGUAGE_ROLES: readonly RoleCode[] = [Role.ADMIN, Role.BUSINESS];


/** Every menu item flattened, parents before children. */
export function flattenMenu(items: readonly MenuDef[] = MENU): MenuDef[] {
  return items.flatMap((m) => [m, ...flattenMenu(m.children ?? [])]);
}

/** Spec §6 button check: comma-separated codes, any one granted and not disabled is enough. */
export function hasAnyCode(granted: ReadonlySet<string>, codes: string, disabled: ReadonlySet<string> = new Set()): boolean {
  return codes
    .split(',')
    .map((c) => c.trim())
    .filter(Boolean)
    .some((c) => granted.has(c) && !disabled.has(c));
}
