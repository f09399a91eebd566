/** Numeric enumerations of spec §3, roles and permission flags. Labels are i18n keys `enum.<set>.<value>`. */

export interface EnumEntry {
  value: number;
  code: string;
  i18nKey: string;
}

function entries<T extends Record<string, number>>(set: string, obj: T): readonly EnumEntry[] {
  return Object.entries(obj).map(([code, value]) => ({ value, code, i18nKey: `enum.${set}.${value}` }));
}

export const ActionType = {
  COLLECTION: 1,
  REFUND: 2,
  WITHDRAWAL: 3,
  PAYOUT: 4,
  TOP_UP: 5,
  /** Spec §3: one note says "settings", a mistranslation of settlement. */
  SETTLEMENT: 6,
  BALANCE_TRANSFER: 7,
} as const;
export type ActionTypeValue = (typeof ActionType)[keyof typeof ActionType];
export const ACTION_TYPES = entries('actionType', ActionType);

export const BusinessType = {
  FALLBACK: 2,
  CANCEL: 3,
} as const;
export type BusinessTypeValue = (typeof BusinessType)[keyof typeof BusinessType];
export const BUSINESS_TYPES = entries('businessType', BusinessType);

export const ProductType = {
  LIVE_STREAMING: 1,
  GAMES: 2,
  E_COMMERCE: 3,
  CASH_LOANS: 4,
  SOCIAL: 5,
  EARN_ONLINE: 6,
  WEB_NOVELS: 7,
} as const;
export type ProductTypeValue = (typeof ProductType)[keyof typeof ProductType];
export const PRODUCT_TYPES = entries('productType', ProductType);

export const PaymentType = {
  VA: 1,
  OTC: 2,
  CREDIT_CARD: 3,
  WALLET: 4,
  ONLINE_BANKING: 5,
  UPI: 6,
  DEBIT_CARD: 7,
  PAYOUT: 8,
  BATCH_PAYOUT: 9,
  REFUND: 10,
  MOBILE_BANKING: 11,
  PHONE_CREDIT: 12,
  MOBILE_DATA: 13,
  WALLET_TOP_UP: 14,
  DIRECT_CARRIER_BILLING: 15,
  BANK_TRANSFER: 16,
  INVOICE: 17,
  CRYPTO: 18,
  /** Between a merchant and its sub-merchants (issue 12): the fee rules of a transfer. */
  BALANCE_TRANSFER: 19,
  /** The merchant funding its own balance (issue 12): no fee unless a fee rule of this type says so. */
  MERCHANT_TOP_UP: 20,
  CASHIER: 99,
} as const;
export type PaymentTypeValue = (typeof PaymentType)[keyof typeof PaymentType];
export const PAYMENT_TYPES = entries('paymentType', PaymentType);

export const AwardProductType = {
  PHONE_CREDIT: 1,
  MOBILE_DATA: 2,
  WALLET_RECHARGE: 3,
  GAME_TOP_UP: 4,
  GAME_VOUCHER: 5,
  ELECTRICITY: 6,
  WATER: 7,
} as const;
export type AwardProductTypeValue = (typeof AwardProductType)[keyof typeof AwardProductType];
export const AWARD_PRODUCT_TYPES = entries('awardProductType', AwardProductType);

/** All numeric enum sets by name, for generic lookups and the dictionary registry. */
export const ENUM_SETS = {
  actionType: ACTION_TYPES,
  businessType: BUSINESS_TYPES,
  productType: PRODUCT_TYPES,
  paymentType: PAYMENT_TYPES,
  awardProductType: AWARD_PRODUCT_TYPES,
} as const;

export function findEnumEntry(set: readonly EnumEntry[], value: number | string): EnumEntry | undefined {
  const n = typeof value === 'number' ? value : /^-?\d+$/.test(value) ? Number(value) : NaN;
  return set.find((e) => e.value === n);
}

export function isEnumValue(set: readonly EnumEntry[], value: unknown): boolean {
  return typeof value === 'number' && set.some((e) => e.value === value);
}

/* ---------------------------------------------------------------------------------------------------------- */
/* Roles and permissions (spec §2, §3, §6)                                                                     */

export const Role = {
  ADMIN: 'admin',
  /** Treated as "role all": every menu, every language. */
  BUSINESS: 'business',
  THIRD_ROLE_ADMIN: 'third_role_admin',
  THIRD_ROLE_OPERATOR: 'third_role_operator',
  THIRD_ROLE_READ: 'third_role_read',
  /** Crypto-brand variants of spec §6 (admin, operator, read). */
  CRYPTO_ROLE_ADMIN: 'crypto_role_admin',
  CRYPTO_ROLE_OPERATOR: 'crypto_role_operator',
  CRYPTO_ROLE_READ: 'crypto_role_read',
} as const;
export type RoleCode = (typeof Role)[keyof typeof Role];

export interface RoleEntry {
  code: RoleCode;
  i18nKey: string;
}

export const ROLES: readonly RoleEntry[] = Object.values(Role).map((code) => ({
  code,
  i18nKey: `role.${code}`,
}));

export const ROLE_ALL = 'business';
/** Special permission (spelling kept from the spec) that opens staff-only pages such as channel health. */
export const SPECIAL_PERMISSION_TIKIPAY_STAFF = 'tikipayStuff';

export function isRoleCode(value: unknown): value is RoleCode {
  return typeof value === 'string' && ROLES.some((r) => r.code === value);
}

export const PermissionType = {
  MENU_OR_COLUMN: '1',
  BUTTON: '2',
} as const;
export type PermissionTypeValue = (typeof PermissionType)[keyof typeof PermissionType];

export const PermissionStatus = {
  DISABLED: '0',
  ENABLED: '1',
} as const;
export type PermissionStatusValue = (typeof PermissionStatus)[keyof typeof PermissionStatus];

export const PERMISSION_TYPE_KEYS: Readonly<Record<PermissionTypeValue, string>> = {
  '1': 'enum.permissionType.1',
  '2': 'enum.permissionType.2',
};
export const PERMISSION_STATUS_KEYS: Readonly<Record<PermissionStatusValue, string>> = {
  '0': 'enum.permissionStatus.0',
  '1': 'enum.permissionStatus.1',
};
