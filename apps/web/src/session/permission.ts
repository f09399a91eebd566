/**
 * Spec §6 button and column checks, pure. `usePermission()` and `<Can>` (../components/Can.tsx) read the session
 * and call these.
 */
import { COLUMN_PERMISSION_PREFIX, ColumnPerm, PLATFORM_MERCHANT_ID, Perm, PermissionStatus, PermissionType } from '@mg/domain';
import type { AuthEntry } from '../api/identity';

export interface PermissionLists {
  /** The user's own codes (getUserPermissionByToken `auth`). */
  auth: readonly AuthEntry[];
  /** Every configured code with its status (`allAuth`). */
  allAuth: readonly AuthEntry[];
}

function splitCodes(codes: string): string[] {
  return codes
    .split(',')
    .map((c) => c.trim())
    .filter(Boolean);
}

/**
 * One button code: allowed when the user's own list holds it as a button (type 2). Otherwise the configured list
 * decides: a disabled entry (status 0) denies, and an enabled entry the user was not given is not granted either;
 * a code nobody configured is not granted.
 */
export function hasButton(code: string, lists: PermissionLists): boolean {
  return buttonDecision(code, lists) === 'own';
}

/** Why a code is allowed or not (tests and debugging): own grant, disabled entry, not granted, unknown code. */
export function buttonDecision(code: string, lists: PermissionLists): 'own' | 'disabled' | 'notGranted' | 'unknown' {
  if (lists.auth.some((a) => a.action === code && a.type === PermissionType.BUTTON)) return 'own';
  const configured = lists.allAuth.find((a) => a.action === code);
  if (!configured) return 'unknown';
  return configured.status === PermissionStatus.DISABLED ? 'disabled' : 'notGranted';
}

/** Comma-separated codes: any one is enough. An empty code list allows (nothing to check). */
export function hasPermission(codes: string | readonly string[], lists: PermissionLists): boolean {
  const list = typeof codes === 'string' ? splitCodes(codes) : codes.flatMap(splitCodes);
  if (list.length === 0) return true;
  return list.some((c) => hasButton(c, lists));
}

/** A column code (type 1, `column:` prefix): granted in the user's own list and not disabled in the configured one. */
export function hasColumn(code: string, lists: PermissionLists): boolean {
  const disabled = lists.allAuth.some((a) => a.action === code && a.status === PermissionStatus.DISABLED);
  if (disabled) return false;
  return lists.auth.some((a) => a.action === code && a.status !== PermissionStatus.DISABLED);
}

export interface ColumnLike {
  dataIndex?: string | number | readonly (string | number)[];
  key?: string | number;
  /** Column permission code (`column:...`): hidden unless granted. */
  permission?: string;
  /** Marks a fee column explicitly (otherwise a dataIndex containing "fee" is one). */
  fee?: boolean;
}

export interface ColumnContext extends PermissionLists {
  merchantId: number | null | undefined;
  amountUsdSwitch: boolean | null | undefined;
}

function indexName(col: ColumnLike): string {
  const di = col.dataIndex;
  if (Array.isArray(di)) return di.join('.');
  if (di !== undefined && di !== null) return String(di);
  return col.key !== undefined ? String(col.key) : '';
}

/** Fee columns: flagged, or a dataIndex/key naming a fee (fee, adminFee, serviceFee, fees ...). */
export function isFeeColumn(col: ColumnLike): boolean {
  return col.fee === true || /fee/i.test(indexName(col));
}
export function isUsdColumn(col: ColumnLike): boolean {
  return indexName(col).includes('Usd');
}
export function isPaidAmountColumn(col: ColumnLike): boolean {
  return /paidAmount/i.test(indexName(col));
}

/**
 * Spec §6 column rules. Merchant 10000 sees everything. Otherwise:
 * - a column with a `column:` permission is hidden unless that code is granted;
 * - with the USD switch on, fee columns are hidden for non-privileged users (privileged: provider staff or holders
 *   of `column:fee`);
 * - columns whose dataIndex contains "Usd" are shown only with the USD switch on;
 * - paidAmount columns are hidden for non-privileged users (privileged: provider staff or holders of
 *   `column:paidAmount`).
 */
export function visibleColumns<C extends ColumnLike>(columns: readonly C[], ctx: ColumnContext): C[] {
  if (ctx.merchantId === PLATFORM_MERCHANT_ID) return [...columns];
  const staff = hasButton(Perm.TIKIPAY_STAFF, ctx) || hasColumn(Perm.TIKIPAY_STAFF, ctx);
  const feePrivileged = staff || hasColumn(ColumnPerm.FEE, ctx);
  const paidPrivileged = staff || hasColumn(ColumnPerm.PAID_AMOUNT, ctx);
  const usdOn = ctx.amountUsdSwitch === true;
  return columns.filter((col) => {
    if (col.permission && col.permission.startsWith(COLUMN_PERMISSION_PREFIX) && !hasColumn(col.permission, ctx)) return false;
    if (usdOn && isFeeColumn(col) && !feePrivileged) return false;
    if (isUsdColumn(col) && !usdOn) return false;
    if (isPaidAmountColumn(col) && !paidPrivileged) return false;
    return true;
  });
}
