/**
 * Spec §6 column rules, decided once for the table (web), the answer of the list (server) and the export (server):
 *
 * - merchant 10000 (platform) sees everything;
 * - a column with a `column:` permission is hidden unless that code is granted;
 * - with the USD switch on, fee columns are hidden from non-privileged users (privileged: provider staff, or holders
 *   of `column:fee`);
 * - USD columns are shown only with the USD switch on;
 * - paid-amount columns are hidden from non-privileged users (privileged: provider staff, or holders of
 *   `column:paidAmount`);
 * - the merchant column is platform staff's (a merchant's lists hold its own records).
 */
import { PLATFORM_MERCHANT_ID } from '../constants';
import { SPECIAL_PERMISSION_TIKIPAY_STAFF } from '../enums';
import { COLUMN_PERMISSION_PREFIX, ColumnPerm } from '../permission-codes';
import { ColumnRule, type ColumnRuleValue } from './define';

/** What the rules need to know about the viewer. */
export interface ColumnAccess {
  merchantId: number | null | undefined;
  amountUsdSwitch: boolean | null | undefined;
  /** The viewer holds this code (granted and not disabled). */
  holds(code: string): boolean;
}

/** What the rules need to know about a column. */
export interface RuledColumn {
  rule?: ColumnRuleValue | undefined;
  permission?: string | undefined;
}

export function columnVisible(col: RuledColumn, access: ColumnAccess): boolean {
  if (access.merchantId === PLATFORM_MERCHANT_ID) return true;
  const staff = access.holds(SPECIAL_PERMISSION_TIKIPAY_STAFF);
  if (col.permission?.startsWith(COLUMN_PERMISSION_PREFIX) && !access.holds(col.permission)) return false;
  const usdOn = access.amountUsdSwitch === true;
  switch (col.rule) {
    case ColumnRule.FEE:
      return !usdOn || staff || access.holds(ColumnPerm.FEE);
    case ColumnRule.USD:
      return usdOn;
    case ColumnRule.PAID_AMOUNT:
      return staff || access.holds(ColumnPerm.PAID_AMOUNT);
    case ColumnRule.PLATFORM:
      return false;
    default:
      return true;
  }
}

/** The columns the viewer may see, in their order. `ruleOf` reads a column's rule (default: the column itself). */
export function visibleColumns<C>(columns: readonly C[], access: ColumnAccess, ruleOf: (c: C) => RuledColumn = (c) => c as RuledColumn): C[] {
  return columns.filter((c) => columnVisible(ruleOf(c), access));
}
