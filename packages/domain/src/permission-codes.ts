/**
 * Permission codes that belong to no area: the spec's special staff permission and the §6 column permissions.
 * Area codes are declared by their areas (`<area>:<action>`) and gathered in registry.ts.
 */
import { SPECIAL_PERMISSION_TIKIPAY_STAFF } from './enums';

/** Column permissions are type 1 entries whose code starts with this prefix (spec §6 "hide columns by prefix"). */
export const COLUMN_PERMISSION_PREFIX = 'column:';
export const ColumnPerm = {
  FEE: 'column:fee',
  PAID_AMOUNT: 'column:paidAmount',
  USD: 'column:usd',
} as const;

export const CORE_PERM = {
  /** Spec §6: the channel health page and other provider-staff views. */
  TIKIPAY_STAFF: SPECIAL_PERMISSION_TIKIPAY_STAFF,
} as const;
