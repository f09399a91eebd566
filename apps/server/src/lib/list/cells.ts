/**
 * Export cells of a list, derived from its declared columns (packages/domain lists/define.ts): the same columns
 * the screen shows, under the same spec §6 rules, read from the same records the list call answers. Amounts are
 * numeric cells in major units with the currency's decimals; times are wall-clock text in the export's zone.
 */
import { auditDetailParts, auditDetailText, ColumnKind, decimalsOf, findChannel, isCurrencyCode, payoutDestinationLabel, translate, type ColumnDecl, type CurrencyCode, type Language } from '@mg/domain';

export interface CellContext {
  lang: Language;
  /** Formats an ISO instant as wall-clock text in the export's zone (domain isoWallClockFormatter: fast for many rows). */
  time: (iso: string) => string;
}

export type Cell = string | number | null;

/** Characters of an export column when the declaration names none. */
const DEFAULT_WIDTH: Record<string, number> = {
  [ColumnKind.ID]: 26,
  [ColumnKind.MONEY]: 16,
  [ColumnKind.DATE]: 20,
  [ColumnKind.STATUS]: 14,
  [ColumnKind.ENUM]: 16,
  [ColumnKind.CHANNEL]: 18,
  [ColumnKind.DESTINATION]: 14,
  [ColumnKind.NUMBER]: 10,
  [ColumnKind.PERCENT]: 10,
  [ColumnKind.BOOLEAN]: 8,
  [ColumnKind.TEXT]: 22,
  [ColumnKind.TEXT_KEY]: 22,
  [ColumnKind.TAGS]: 24,
  [ColumnKind.DETAIL]: 50,
};

export interface ExportColumn {
  key: string;
  /** Translated header. */
  header: string;
  width: number;
  value(record: Record<string, unknown>, ctx: CellContext): Cell;
  /** Keys of the record the cell reads (an export selects only these). */
  reads: readonly string[];
  /** Excel number format of the column (percentages); amounts take theirs from `currencyOf`. */
  numFmt?: string;
  /** Currency of an amount cell (its Excel number format). */
  currencyOf?: (record: Record<string, unknown>) => CurrencyCode | undefined;
}

/** Excel number format of a ratio column. */
const PERCENT_FORMAT = '0.0%';

const FORMATS = new Map<string, string>();
/** Excel number format of an amount in a currency: thousands separators and the currency's decimals. */
export function amountFormat(currency: CurrencyCode): string {
  let f = FORMATS.get(currency);
  if (f === undefined) {
    const d = decimalsOf(currency);
    f = d === 0 ? '#,##0' : `#,##0.${'0'.repeat(d)}`;
    FORMATS.set(currency, f);
  }
  return f;
}

/** A channel by its name in the language (generic ones such as "Credit card" are translated), as the screen shows it. */
function channelName(code: number, lang: Language): string {
  const ch = findChannel(code);
  if (!ch) return String(code);
  const text = translate(lang, ch.i18nKey);
  return text === ch.i18nKey ? ch.name : text;
}

/** A column's few distinct values translated once each, not once per row (an export has a million rows). */
function memo(f: (v: string) => string): (v: string) => string {
  const seen = new Map<string, string>();
  return (v) => {
    let out = seen.get(v);
    if (out === undefined) {
      out = f(v);
      seen.set(v, out);
    }
    return out;
  };
}

const text = (v: unknown): Cell => (v === null || v === undefined || v === '' ? null : String(v));

function cellOf(col: ColumnDecl, lang: Language): ExportColumn['value'] {
  const k = col.key;
  switch (col.kind) {
    // Decimal strings of the answer to numbers: exact for amounts below 2^53 minor units (MAX_AMOUNT_MINOR), the
    // same double a division of the minor units would give.
    case ColumnKind.MONEY:
      return (r) => (r[k] === null || r[k] === undefined || r[k] === '' ? null : Number(r[k]));
    case ColumnKind.PERCENT:
    case ColumnKind.NUMBER:
      return (r) => (typeof r[k] === 'number' ? (r[k] as number) : r[k] === null || r[k] === undefined ? null : Number(r[k]));
    case ColumnKind.DATE:
      return (r, c) => (typeof r[k] === 'string' && r[k] ? c.time(r[k] as string) : null);
    case ColumnKind.STATUS:
    case ColumnKind.ENUM: {
      const label = memo((v) => translate(lang, `${col.labels}.${v}`));
      return (r) => (r[k] === null || r[k] === undefined || r[k] === '' ? null : label(String(r[k])));
    }
    case ColumnKind.CHANNEL: {
      const name = memo((v) => channelName(Number(v), lang));
      return (r) => (r[k] === null || r[k] === undefined ? null : name(String(r[k])));
    }
    case ColumnKind.DESTINATION:
      return (r) => (r[k] === null || r[k] === undefined || r[k] === '' ? null : payoutDestinationLabel(String(r[k])));
    case ColumnKind.BOOLEAN:
      return (r) => (r[k] === null || r[k] === undefined ? null : translate(lang, r[k] ? 'common.status.yes' : 'common.status.no'));
    case ColumnKind.TEXT_KEY:
      return (r) => (r[k] === null || r[k] === undefined || r[k] === '' ? null : translate(lang, String(r[k])));
    case ColumnKind.DETAIL:
      return (r, c) => {
        const v = r[k];
        if (v === null || typeof v !== 'object') return null;
        return auditDetailText(auditDetailParts(v as Record<string, unknown>, { t: (key) => translate(lang, key), instant: (iso) => c.time(iso) })) || null;
      };
    case ColumnKind.TAGS:
      return (r) => (Array.isArray(r[k]) ? (r[k] as unknown[]).map(String).join(', ') || null : text(r[k]));
    default:
      return (r) => text(r[k]);
  }
}

/** The export columns of `columns` (already filtered by the §6 rules) in a language. */
export function exportColumns(columns: readonly ColumnDecl[], lang: Language): ExportColumn[] {
  return columns.map((col) => ({
    key: col.key,
    header: translate(lang, col.header),
    width: col.width ?? DEFAULT_WIDTH[col.kind] ?? 16,
    value: cellOf(col, lang),
    reads: col.kind === ColumnKind.MONEY ? [col.key, col.currencyField ?? 'currency'] : [col.key],
    ...(col.kind === ColumnKind.PERCENT ? { numFmt: PERCENT_FORMAT } : {}),
    ...(col.kind === ColumnKind.MONEY
      ? {
          currencyOf: (r: Record<string, unknown>) => {
            const c = r[col.currencyField ?? 'currency'];
            return isCurrencyCode(c) ? c : undefined;
          },
        }
      : {}),
  }));
}
