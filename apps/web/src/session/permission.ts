/**
 * Spec §6 button and column checks, pure. `usePermission()` and `<Can>` (../components/Can.tsx) read the session
 * and call these.
 */
import { ColumnRule, columnVisible, PermissionStatus, PermissionType, type ColumnAccess, type RuledColumn } from '@mg/domain';
import type { AuthEntry, MenuItem } from '../api/identity';

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
  permission?: string | undefined;
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

/** The rules of a column shape: its explicit flags, else what its field name says (a `feeUsd` column is both). */
function rulesOf(col: ColumnLike): RuledColumn[] {
  const rules: RuledColumn[] = [{ permission: col.permission }];
  if (isFeeColumn(col)) rules.push({ rule: ColumnRule.FEE });
  if (isUsdColumn(col)) rules.push({ rule: ColumnRule.USD });
  if (isPaidAmountColumn(col)) rules.push({ rule: ColumnRule.PAID_AMOUNT });
  return rules;
}

/** What the domain's column rules need about the session (a code is held when granted and not disabled). */
export function columnAccessOf(ctx: ColumnContext): ColumnAccess {
  return {
    merchantId: ctx.merchantId,
    amountUsdSwitch: ctx.amountUsdSwitch,
    holds: (code) => hasButton(code, ctx) || hasColumn(code, ctx),
  };
}

/** Spec §6 column rules (domain lists/rules.ts) for any column shape: declared lists, ProTable columns, drawer fields. */
export function visibleColumns<C extends ColumnLike>(columns: readonly C[], ctx: ColumnContext): C[] {
  const access = columnAccessOf(ctx);
  return columns.filter((c) => rulesOf(c).every((r) => columnVisible(r, access)));
}

/** Whether the server's menu holds an item passing `test` (pages are granted by menu, not in the button codes). */
export function menuHas(items: readonly MenuItem[], test: (m: MenuItem) => boolean): boolean {
  return items.some((m) => test(m) || menuHas(m.children ?? [], test));
}
