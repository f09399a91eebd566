/**
 * A list is declared once, here in the domain, as data: its record, its filters with their range rule, its columns
 * with kind, sort and the spec §6 column rules. The server derives its query schema, response schema, sort
 * allow-list and export columns from the declaration; the web derives its table, its filter form and its export
 * button. Screen, API and export therefore cannot disagree (docs/adding-an-area.md).
 *
 *   export const settlementsList = defineList({
 *     name: 'settlements',                       // the area's name: export kind, i18n namespace, query keys
 *     api: '/settlements',                       // GET path under /api
 *     permission: SETTLEMENTS_PERM.SETTLEMENTS_MENU,
 *     record: z.object({ id: z.string(), netAmount: money, ... }),
 *     columns: [{ key: 'netAmount', header: 'settlements.fields.net', kind: 'money', sortable: true }, ...],
 *     filters: [{ key: 'status', label: 'common.fields.status', kind: 'select', options: SETTLEMENT_STATUS.states, labels: 'status.settlement' }],
 *     range: { months: QUERY_RANGE_MONTHS, initial: 'month' },
 *     currency: true,
 *   });
 */
import { z } from 'zod';
import { QUERY_RANGE_MONTHS } from '../constants';
import type { CurrencyCode } from '../currencies';
import { currencySchema, pagingSchema, wallClockSchema } from '../validation';

/* Columns ------------------------------------------------------------------------------------------------- */

/** How a cell is read and shown: the same kind formats the table cell and the export cell. */
export const ColumnKind = {
  /** A business id: monospace on screen, copyable; text in the export. */
  ID: 'id',
  TEXT: 'text',
  /** An i18n key, or a fixed text where an administrator typed one: translated where a translation exists. */
  TEXT_KEY: 'textKey',
  /** Decimal string in major units of the record's currency; a numeric cell with the currency's decimals. */
  MONEY: 'money',
  /** ISO-8601 instant; shown and exported as wall-clock text in the session zone. */
  DATE: 'date',
  /** A state of a state machine or status set; labelled `<labels>.<value>`, tagged with `colors`. */
  STATUS: 'status',
  /** A numeric enum (payment type, action type); labelled `<labels>.<value>`. */
  ENUM: 'enum',
  /** A channel code; shown by its name. */
  CHANNEL: 'channel',
  /** A payout destination code (`bankCode`): a crypto network by its label ("USDT · TRC-20"), a bank or wallet by its code. */
  DESTINATION: 'destination',
  /** A quantity (a count, hours): grouped as the language groups digits. Never an identifier: those are `id`. */
  NUMBER: 'number',
  /** A ratio 0..1, shown as a percentage (null: not defined, e.g. nothing decided yet). */
  PERCENT: 'percent',
  BOOLEAN: 'boolean',
  /** A list of strings (role names ...), joined with ", ". */
  TAGS: 'tags',
  /** A record of facts (an audit detail): each labelled and worded in the reader's language (audit/detail.ts). */
  DETAIL: 'detail',
} as const;
export type ColumnKindValue = (typeof ColumnKind)[keyof typeof ColumnKind];

/** Spec §6 column rules a column may fall under (decided by domain visibleColumns). */
export const ColumnRule = {
  /** Fee columns: hidden from non-privileged users while the USD switch is on. */
  FEE: 'fee',
  /** USD columns: shown only with the USD switch on. */
  USD: 'usd',
  /** Paid amounts: privileged users only. */
  PAID_AMOUNT: 'paidAmount',
  /** Whose record it is (the merchant column): shown to platform staff, who read every merchant's records; the field
   * itself is answered to every reader (a parent merchant reads its sub-merchants' records). */
  PLATFORM: 'platform',
} as const;
export type ColumnRuleValue = (typeof ColumnRule)[keyof typeof ColumnRule];

export interface ColumnDecl<K extends string = string> {
  /** The record field the column shows. */
  key: K;
  /** i18n key of the header (the table's column title and the export's header cell). */
  header: string;
  kind: ColumnKindValue;
  /** The list may be ordered by this column (`column=<key>`). */
  sortable?: boolean;
  rule?: ColumnRuleValue;
  /** A `column:` permission code: hidden unless granted (spec §6 "hide columns by permission prefix"). */
  permission?: string;
  /** Money: the record field holding the currency; default `currency`. */
  currencyField?: K;
  /** Status and enum: label key prefix (`<labels>.<value>`). */
  labels?: string;
  /** Status: tag colour per value (antd preset colour names); others `default`. */
  colors?: Readonly<Record<string, string>>;
  /** Width of the export column in characters; on screen, the most of a long text a cell shows before its ellipsis. */
  width?: number;
  /**
   * In the table only after the user picks it in the column chooser (still exported and answered): always (`true`),
   * or by the list's currency: `{ except }` optional but in these currencies (a chain's transaction id is shown for
   * USDT), `{ only }` optional in these alone (columns a crypto list has no room for).
   */
  optional?: boolean | { except: readonly string[] } | { only: readonly string[] };
}

/** True when the column waits for the column chooser in a list of `currency` (ColumnDecl.optional). */
export function isOptionalIn(column: Pick<ColumnDecl, 'optional'>, currency: string | undefined): boolean {
  const o = column.optional;
  if (o === undefined || typeof o === 'boolean') return o === true;
  if ('except' in o) return currency === undefined || !o.except.includes(currency);
  return currency !== undefined && o.only.includes(currency);
}

/** A key that names a record rather than counts something: `id`, `merchantId`, `batchId`. */
const IDENTIFIER_KEY = /^id$|Id$/;

/* Filters ------------------------------------------------------------------------------------------------- */

export const FilterKind = {
  /** Exact match of a text (ids, order ids). */
  TEXT: 'text',
  /** Case-insensitive "contains" (names, addresses). */
  CONTAINS: 'contains',
  /** One or several of `options` (comma-separated in the URL). */
  SELECT: 'select',
  /** A decimal amount of the session currency. */
  AMOUNT: 'amount',
  /** A channel code of the session currency. */
  CHANNEL: 'channel',
  /** A payment type (spec §3) of the session currency's channels. */
  PAYMENT_TYPE: 'paymentType',
  /** Platform staff only: one merchant. */
  MERCHANT: 'merchant',
  NUMBER: 'number',
  /** true / false. */
  BOOLEAN: 'boolean',
  /** One of the user's currencies (key `currency`; default the session's). */
  CURRENCY: 'currency',
} as const;
export type FilterKindValue = (typeof FilterKind)[keyof typeof FilterKind];

export interface FilterDecl {
  /** Query parameter (and URL key). */
  key: string;
  /** i18n key of the field's label. */
  label: string;
  kind: FilterKindValue;
  /** Select: the allowed values. */
  options?: readonly (string | number)[];
  /** Select: label key prefix of the options (`<labels>.<value>`). */
  labels?: string;
  /** Text and contains: longest accepted value. */
  maxLength?: number;
  /**
   * The value names records (an id, an order id, a batch): a search by it covers any date unless a range is given,
   * and a screen opened with it in the address starts without the default range.
   */
  identifies?: true;
}

/** True when the query holds a value of an identifying filter (the search covers any date). */
export function identifiedBy(decl: { filters: readonly FilterDecl[] }, query: Readonly<Record<string, unknown>>): boolean {
  return decl.filters.some((f) => f.identifies && query[f.key] !== undefined && query[f.key] !== '');
}

/** The created-time range of a list (spec §5: at most one month, or three on some screens). */
export interface RangeDecl {
  /** Longest range in months. */
  months: number;
  /**
   * What the picker starts with, computed in the session zone: `month` the longest run of whole days ending today
   * that `months` allows; a number: that many whole days ending today.
   */
  initial: 'month' | number;
  /** The list refuses to run without a range (the user cleared it). */
  required?: boolean;
}

/* The list -------------------------------------------------------------------------------------------------- */

export interface ListDecl<R extends z.ZodObject = z.ZodObject, F extends readonly FilterDecl[] = readonly FilterDecl[]> {
  /** The area's name: export kind, i18n namespace, query-key root. */
  name: string;
  /** GET path of the list under /api. */
  api: string;
  /** Permission of the list (its menu code); the export also needs the export permission. */
  permission: string;
  /** One record of the answer. */
  record: R;
  /** Row key field. Default `id`. */
  rowKey?: Extract<keyof z.output<R>, string>;
  columns: readonly ColumnDecl<Extract<keyof z.output<R>, string>>[];
  filters: F;
  range?: RangeDecl;
  /** Rows are of one currency at a time: the `currency` filter, default the session currency (auth/scope.ts). */
  currency?: boolean;
  /** false: the whole (small) set in one answer, no paging. Default true. */
  paged?: boolean;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a registry holds lists of any record shape
export type AnyListDecl = ListDecl<any, readonly FilterDecl[]>;
export type ListRecord<L extends AnyListDecl> = z.output<L['record']>;

/** The parsed value of one filter field. */
type FilterValue<F extends FilterDecl> = F['kind'] extends 'select'
  ? F['options'] extends readonly (infer O)[]
    ? O[]
    : never
  : F['kind'] extends 'channel' | 'paymentType' | 'merchant' | 'number'
    ? number
    : F['kind'] extends 'boolean'
      ? boolean
      : F['kind'] extends 'currency'
        ? CurrencyCode
        : string;

/** The parsed filters of a list (filterSchemaOf), each optional, with its range, currency and merchant. */
export type ListFilters<L extends AnyListDecl> = { [F in L['filters'][number] as F['key']]?: FilterValue<F> } & {
  createTime_begin?: string | undefined;
  createTime_end?: string | undefined;
  currency?: CurrencyCode | undefined;
  merchantId?: number | undefined;
};

/** Checks a declaration (every column a record field, unique keys, labels where needed) and returns it. */
export function defineList<const R extends z.ZodObject, const F extends readonly FilterDecl[]>(decl: ListDecl<R, F>): ListDecl<R, F> {
  const fail = (why: string): never => {
    throw new Error(`list ${decl.name}: ${why}`);
  };
  const fields = new Set(Object.keys(decl.record.shape));
  const seen = new Set<string>();
  for (const c of decl.columns) {
    if (!fields.has(c.key)) fail(`column ${c.key} is not a record field`);
    if (seen.has(c.key)) fail(`column ${c.key} twice`);
    seen.add(c.key);
    if ((c.kind === ColumnKind.STATUS || c.kind === ColumnKind.ENUM) && !c.labels) fail(`column ${c.key} needs labels`);
    if (c.kind === ColumnKind.MONEY && !fields.has(c.currencyField ?? 'currency')) fail(`column ${c.key} has no currency field`);
    // A number column groups its digits ("10,001"): an identifier read that way is another number (issue 40).
    if (c.kind === ColumnKind.NUMBER && IDENTIFIER_KEY.test(c.key)) fail(`column ${c.key} names a record: kind id, not number`);
  }
  const keys = new Set<string>();
  for (const f of decl.filters) {
    if (keys.has(f.key)) fail(`filter ${f.key} twice`);
    keys.add(f.key);
    if (f.kind === FilterKind.SELECT && !f.options?.length) fail(`filter ${f.key} needs options`);
  }
  if (!fields.has(decl.rowKey ?? 'id')) fail('no row key field');
  return decl;
}

/* Derived shapes ------------------------------------------------------------------------------------------ */

export const RANGE_FIELDS = { BEGIN: 'createTime_begin', END: 'createTime_end' } as const;
/**
 * The query key of a `currency: true` list's currency (its filter of kind `currency` where it has one). The web
 * shows such a list in the session currency when it opens: a `currency` in its address from an earlier session (a
 * reload after a country switch, a restored tab, a link) is replaced by the session's, not obeyed.
 */
export const LIST_CURRENCY_FIELD = 'currency' as const;
/** Sort keys every ranged list accepts besides its sortable columns: its time order. */
export const TIME_SORT_KEYS = ['createdAt', 'createTime'] as const;

/** One value, a comma-separated list or an array of allowed values; duplicates dropped. */
export function oneOrMany<const T extends string | number>(values: readonly T[]) {
  const allowed = new Map(values.map((v) => [String(v), v]));
  return z.union([z.string().max(500), z.array(z.union([z.string().max(64), z.number()])).max(50)]).transform((v, ctx) => {
    const parts = (Array.isArray(v) ? v.map(String) : v.split(',')).map((s) => s.trim()).filter(Boolean);
    const out: T[] = [];
    for (const p of parts) {
      const value = allowed.get(p);
      if (value === undefined) {
        ctx.addIssue({ code: 'custom', message: 'error.fieldInvalid', params: { value: p.slice(0, 32) } });
        return z.NEVER;
      }
      out.push(value);
    }
    return [...new Set(out)];
  });
}

const booleanish = z.preprocess((v) => (v === '1' || v === 'true' ? true : v === '0' || v === 'false' ? false : v), z.boolean({ error: 'error.fieldInvalid' }));
const smallInt = z.coerce.number({ error: 'error.fieldInvalid' }).int('error.fieldInvalid').min(-1, 'error.fieldInvalid').max(32_767, 'error.fieldInvalid');
/** A currency code as people type it in a URL (`thb`): upper-cased, then checked. */
const currencyFilter = z.preprocess((v) => (typeof v === 'string' ? v.trim().toUpperCase() : v), currencySchema);
const dateField = wallClockSchema.optional().describe('YYYY-MM-DD HH:mm:ss in the session zone (X-Time-Zone)');

function filterField(f: FilterDecl): z.ZodType {
  switch (f.kind) {
    case FilterKind.TEXT:
      return z.string().trim().min(1).max(f.maxLength ?? 64).describe('exact');
    case FilterKind.CONTAINS:
      return z.string().trim().max(f.maxLength ?? 128).describe('contains, case-insensitive');
    case FilterKind.SELECT:
      return oneOrMany(f.options ?? []).describe(`${(f.options ?? []).join(', ')}; several comma-separated`);
    case FilterKind.AMOUNT:
      return z.string().max(32).describe('decimal string, currency units');
    case FilterKind.CHANNEL:
    case FilterKind.PAYMENT_TYPE:
      return smallInt;
    case FilterKind.MERCHANT:
      return z.coerce.number().int().positive().describe('platform staff: only this merchant');
    case FilterKind.NUMBER:
      return z.coerce.number({ error: 'error.fieldInvalid' }).int('error.fieldInvalid');
    case FilterKind.BOOLEAN:
      return booleanish;
    case FilterKind.CURRENCY:
      return currencyFilter.describe('default: the session currency; any case');
  }
}

/** The filter fields of a list as one zod object (every field optional), plus its range and currency. */
export function filterSchemaOf(decl: AnyListDecl) {
  const shape: Record<string, z.ZodType> = {};
  for (const f of decl.filters) shape[f.key] = filterField(f).optional();
  if (decl.range) {
    shape[RANGE_FIELDS.BEGIN] = dateField;
    shape[RANGE_FIELDS.END] = dateField;
  }
  if (decl.currency) shape[LIST_CURRENCY_FIELD] = currencyFilter.optional().describe('default: the session currency; any case');
  // Platform staff may look at one merchant of any list; anyone else naming another merchant is refused.
  shape.merchantId ??= filterField({ key: 'merchantId', label: '', kind: FilterKind.MERCHANT }).optional();
  return z.object(shape);
}

/** The query of a list: paging (paged lists) plus its filters. */
export function querySchemaOf(decl: AnyListDecl) {
  const filters = filterSchemaOf(decl);
  return decl.paged === false ? filters : pagingSchema.extend(filters.shape);
}

/** Record fields some users do not get (columns under a §6 rule or a column permission). */
export function restrictedFieldsOf(decl: AnyListDecl): string[] {
  // The merchant column is a matter of layout, not of secrecy: every reader's records carry their merchant id.
  return decl.columns.filter((c) => (c.rule !== undefined && c.rule !== ColumnRule.PLATFORM) || c.permission !== undefined).map((c) => c.key);
}

/**
 * The record as answered: fields of restricted columns left out for users who may not see them. Typed as the
 * record (which fields are restricted is known only at run time, from the column rules): a caller reads a left-out
 * field as absent, as the list's own `ListRecord` does.
 */
export function answerRecordOf<R extends z.ZodObject>(decl: ListDecl<R>): R {
  const optional = Object.fromEntries(restrictedFieldsOf(decl).map((k) => [k, true])) as Record<string, true>;
  return decl.record.partial(optional) as unknown as R;
}

/** `{ records, total, size, current, pages, totalCapped }` of a paged list; the array of records otherwise. */
export function answerSchemaOf(decl: AnyListDecl) {
  const record = answerRecordOf(decl);
  if (decl.paged === false) return z.array(record);
  return z.object({
    records: z.array(record),
    total: z.number().int().describe('exact up to LIST_COUNT_CAP; when totalCapped, at least that many'),
    size: z.number().int(),
    current: z.number().int(),
    pages: z.number().int(),
    totalCapped: z.boolean().describe('more rows match than were counted'),
  });
}

/** `column` values the list may be ordered by: its sortable columns and, for ranged lists, its time. */
export function sortKeysOf(decl: AnyListDecl): string[] {
  const keys = decl.columns.filter((c) => c.sortable).map((c) => c.key);
  return decl.range ? [...new Set([...TIME_SORT_KEYS, ...keys])] : keys;
}

/** The longest range of a list (months), QUERY_RANGE_MONTHS when it declares none. */
export function rangeMonthsOf(decl: AnyListDecl): number {
  return decl.range?.months ?? QUERY_RANGE_MONTHS;
}

/** The page answer of a paged list. */
export interface ListPage<T> {
  records: T[];
  total: number;
  size: number;
  current: number;
  pages: number;
  totalCapped?: boolean;
}
