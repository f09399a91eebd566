/**
 * The batch template of a currency (issue 40: 7 of 20 rows filled in good faith failed): the rows sheet with the
 * localised header labels, every column formatted as text (account numbers keep their zeros) and an example row the
 * check accepts; and a sheet of the currency's banks and wallets with their codes and what each cell takes, which a
 * drop-down on the bank code column offers. The CSV has the rows only; the upload dialog shows the same rules.
 */
import type ExcelJS from 'exceljs';
import {
  BANK_ACCOUNT_TYPES,
  PAYOUT_BATCH_MAX_ROWS,
  PIX_KEY_TYPES,
  accountRuleText,
  batchAmountRule,
  batchColumnLabelKey,
  batchColumnsOf,
  batchDestinationsOf,
  batchExampleRow,
  fieldLabelKey,
  fieldRuleText,
  formatAmount,
  parseAmount,
  type BatchColumn,
  type CurrencyCode,
  type Language,
  type PayoutBatchFormat,
  type RuleText,
} from '@mg/domain';
import { t } from '../../lib/i18n';
import { columnLetter } from '../../lib/xlsx-stream';

/** exceljs is loaded by the first template written, not at start (~25 MB an idle server kept). */
async function workbook(): Promise<ExcelJS.Workbook> {
  const { default: excel } = await import('exceljs');
  return new excel.Workbook();
}

/** A guidance sentence in a language. */
const ruleText = (lang: Language, r: RuleText) => t(lang, r.key, r.params);

/** The template's second sheet: each bank and wallet of the currency, its code, and what each of its cells must hold. */
function banksSheet(wb: ExcelJS.Workbook, currency: CurrencyCode, lang: Language, columns: readonly BatchColumn[]): { name: string; codes: number } {
  const name = t(lang, 'payouts.batch.banksSheet').slice(0, 31);
  const ws = wb.addWorksheet(name);
  const money = (v: string) => {
    const p = parseAmount(v, currency);
    return p.ok ? formatAmount(p.minor, currency, { locale: lang }) : v;
  };
  ws.columns = [
    { header: t(lang, 'payouts.batch.column.bankCode'), width: 16 },
    { header: t(lang, 'payouts.batch.bankName'), width: 30 },
    { header: t(lang, 'payouts.fields.destinationKind'), width: 12 },
    { header: t(lang, 'payouts.batch.accountRule'), width: 48 },
    { header: t(lang, 'payouts.batch.otherColumns'), width: 60 },
    { header: t(lang, 'payouts.batch.amountLimits'), width: 30 },
  ];
  ws.getRow(1).font = { bold: true };
  const destinations = batchDestinationsOf(currency);
  for (const d of destinations) {
    const others = d.extra.filter((f) => columns.includes(f)).map((f) => `${t(lang, fieldLabelKey(d, f))}: ${ruleText(lang, fieldRuleText(currency, f))}`);
    ws.addRow([d.bankCode, d.name, t(lang, `payouts.kind.${d.kind}`), `${t(lang, fieldLabelKey(d, 'accountNumber'))}: ${ruleText(lang, accountRuleText(d.account))}`, others.join('\n'), `${money(d.minAmount)} – ${money(d.maxAmount)} ${currency}`]);
  }
  ws.getColumn(5).alignment = { wrapText: true, vertical: 'top' };
  ws.addRow([]);
  ws.addRow([ruleText(lang, batchAmountRule(currency))]);
  ws.addRow([t(lang, 'payouts.batch.formulaNote')]);
  return { name, codes: destinations.length };
}

/** The template of a currency: localised header labels, every column formatted as text (account numbers keep their zeros). */
export async function templateFile(currency: CurrencyCode, lang: Language, format: PayoutBatchFormat): Promise<Buffer> {
  const columns = batchColumnsOf(currency);
  const header = columns.map((c) => t(lang, batchColumnLabelKey(c)));
  const sample = batchExampleRow(currency);
  const example = columns.map((c) => sample[c] ?? '');
  if (format === 'csv') {
    const line = (cells: string[]) => cells.map((c) => (/[",;\r\n]/.test(c) ? `"${c.replace(/"/g, '""')}"` : c)).join(',');
    return Buffer.from(`\uFEFF${line(header)}\r\n${line(example)}\r\n`, 'utf8');
  }
  const wb = await workbook();
  // The rows sheet first: an upload is read from the workbook's first sheet.
  const ws = wb.addWorksheet(currency);
  ws.columns = columns.map((c, i) => ({ header: header[i], key: c, width: Math.max(14, (header[i] ?? '').length + 4), style: { numFmt: '@' } }));
  ws.getRow(1).font = { bold: true };
  ws.addRow(example);
  const banks = banksSheet(wb, currency, lang, columns);
  // Drop-downs over every row a batch can hold: the bank codes from the banks sheet, and the fixed lists.
  const rowsOf = (c: BatchColumn) => {
    const letter = columnLetter(columns.indexOf(c));
    return `${letter}2:${letter}${PAYOUT_BATCH_MAX_ROWS + 1}`;
  };
  const listOf = (formula: string, prompt: string): ExcelJS.DataValidation => ({ type: 'list', allowBlank: true, formulae: [formula], showErrorMessage: true, errorStyle: 'stop', errorTitle: prompt, error: prompt, showInputMessage: true, promptTitle: prompt, prompt });
  // One validation over a range (exceljs has it at run time, its types only per cell: 10 000 cells would be 10 000 entries).
  const validations = (ws as unknown as { dataValidations: { add(range: string, v: ExcelJS.DataValidation): void } }).dataValidations;
  validations.add(rowsOf('bankCode'), listOf(`'${banks.name.replace(/'/g, "''")}'!$A$2:$A$${banks.codes + 1}`, t(lang, 'payouts.batch.bankCodePrompt', { sheet: banks.name })));
  if (columns.includes('accountType')) validations.add(rowsOf('accountType'), listOf(`"${BANK_ACCOUNT_TYPES.join(',')}"`, BANK_ACCOUNT_TYPES.join(', ')));
  if (columns.includes('pixKeyType')) validations.add(rowsOf('pixKeyType'), listOf(`"${PIX_KEY_TYPES.join(',')}"`, PIX_KEY_TYPES.join(', ')));
  return Buffer.from(await wb.xlsx.writeBuffer());
}
