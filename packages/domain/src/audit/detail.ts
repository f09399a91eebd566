/**
 * An audit entry's detail (the facts the server recorded with it) in the reader's language: each fact labelled
 * `audit.detail.<key>`, its value translated where it is a word of a vocabulary (a reason, an operation, a refund
 * way), yes/no for flags, a brand by its name, times in the reader's zone. The screen and the export both use it, so
 * nobody reads raw `key: value` text.
 */
import { findBrand } from '../brands';

/** Every key the server writes into an audit detail (server audit() refuses others in tests). */
export const AUDIT_DETAIL_KEYS = [
  // sign-in, session
  'reason', 'currency', 'brand', 'twoFactor', 'from', 'to', 'orgCode',
  // keys and integration
  'keyId', 'newKeyId', 'oldKeyExpiresAt', 'mode', 'name', 'before', 'after', 'collectionCallbackUrl', 'payoutCallbackUrl',
  // users, roles, departments, permissions
  'targetUserId', 'targetUsername', 'targetMerchantId', 'roleIds', 'roleId', 'roleCode', 'roleMerchantId', 'departId', 'added', 'removed',
  'permissionId', 'perms', 'op', 'status', 'statusBefore',
  // money
  'merchantId', 'collectionId', 'refundId', 'amount', 'refundWay', 'limitBalance', 'dueOnly', 'settled', 'amounts',
  'paymentType', 'channel', 'rateBps', 'fixedFee', 'minFee', 'updatedAt',
  'payoutId', 'bankCode', 'merchantOrderId', 'autoApproveMax', 'dailyAutoMax',
  'transferId', 'toMerchantId', 'fee', 'topUpId', 'withdrawalId', 'accountId', 'mandateId', 'network', 'address', 'addressId', 'payoutIds',
  // callbacks
  'deliveryId', 'eventId', 'orderKind', 'orderId', 'responseStatus', 'error',
  // channel health
  'state', 'message', 'greenMin', 'amberMin', 'replayed',
  // the second factor
  'until',
] as const;
export type AuditDetailKey = (typeof AUDIT_DETAIL_KEYS)[number];

const KNOWN: ReadonlySet<string> = new Set(AUDIT_DETAIL_KEYS);
export function isAuditDetailKey(key: string): key is AuditDetailKey {
  return KNOWN.has(key);
}

/** Facts whose value is a word of a vocabulary: translated as `<prefix>.<value>` where the catalogue has it. */
const VALUE_LABELS: Readonly<Partial<Record<AuditDetailKey, string>>> = {
  reason: 'audit.reason',
  op: 'audit.op',
  refundWay: 'status.refundWay',
  mode: 'audit.mode',
  paymentType: 'enum.paymentType',
  state: 'channel-health.states',
};
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;
const LIST_SEPARATOR = ', ';
const PART_SEPARATOR = ' · ';

export interface AuditDetailPart {
  key: string;
  label: string;
  value: string;
}

export interface DetailFormat {
  /** Translation in the reader's language; answers the key itself when the catalogue has none. */
  t: (key: string) => string;
  /** An instant as wall-clock text in the reader's zone. */
  instant: (iso: string) => string;
}

function word(f: DetailFormat, prefix: string | undefined, value: string): string {
  if (!prefix) return value;
  const key = `${prefix}.${value.replace(/\s+/g, '_')}`;
  const text = f.t(key);
  return text === key ? value : text;
}

function valueText(f: DetailFormat, key: string, v: unknown): string {
  if (v === null || v === undefined || v === '') return '-';
  if (typeof v === 'boolean') return f.t(v ? 'common.status.yes' : 'common.status.no');
  if (Array.isArray(v)) return v.length ? v.map((x) => valueText(f, key, x)).join(LIST_SEPARATOR) : f.t('audit.detail.none');
  if (typeof v === 'object') return auditDetailText(auditDetailParts(v as Record<string, unknown>, f)) || '-';
  const s = String(v);
  if (key === 'brand') return findBrand(s)?.name ?? s;
  if (ISO_INSTANT.test(s)) return f.instant(s);
  return word(f, VALUE_LABELS[key as AuditDetailKey], s);
}

/** The facts of a detail, in its order, each labelled; empty values are left out. */
export function auditDetailParts(detail: Readonly<Record<string, unknown>> | null | undefined, f: DetailFormat): AuditDetailPart[] {
  if (!detail) return [];
  return Object.entries(detail)
    .filter(([, v]) => v !== null && v !== undefined && v !== '')
    .map(([key, v]) => {
      const labelKey = `audit.detail.${key}`;
      const label = f.t(labelKey);
      return { key, label: label === labelKey ? key : label, value: valueText(f, key, v) };
    });
}

/** The facts as one line ("Reason: Wrong password · Brand: LumiPay"): the export cell and the cell's tooltip. */
export function auditDetailText(parts: readonly AuditDetailPart[]): string {
  return parts.map((p) => `${p.label}: ${p.value}`).join(PART_SEPARATOR);
}
