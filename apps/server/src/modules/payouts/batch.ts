/**
 * Batch payouts (issue 11): rows checked in full with the single payout's rules plus the file's own (formulas,
 * order ids repeated in the file or used before); a batch is submitted whole, its payouts inserted together and
 * its total (amounts + fees) held in one ledger transfer, or refused whole (nothing written). The batch is reviewed
 * as one (approve / reject every payout still pending review); its payouts then end one by one like single ones,
 * each releasing or charging its own part of the batch's hold.
 */
import {
  ActionType,
  BATCH_ROW_ISSUE,
  ID_PREFIX,
  PAYOUT_BATCH_STATUS,
  PAYOUT_JOB_BATCH,
  PaymentType,
  PayoutBatchStatus,
  PayoutStatus,
  batchRowIssues,
  findPayoutDestination,
  parseAmount,
  parseBatchAmount,
  type BatchCellIssue,
  type BatchColumn,
  type BatchRowValues,
  type CurrencyCode,
  type ApiKeyModeValue,
  type PayoutBatchStatusValue,
} from '@mg/domain';
import type { DbLike } from '../../db/pool';
import { KeyedError } from '../../lib/admin';
import { FieldValidationError, fieldError } from '../../lib/errors';
import { newBusinessId } from '../../lib/ids';
import { feeOf, quoteFee } from '../fees/service';
import { balancesOf, postTransfer, reservePayout } from '../ledger/service';
import {
  approveBatchPayouts,
  insertBatch,
  insertPayouts,
  lockBatch,
  lockBatchPending,
  selectActiveBatches,
  selectMerchantForPayout,
  selectUsedOrderIds,
  updateBatch,
  type PayoutBatchRow,
  type PayoutInsert,
} from './queries';
import { selectBatchPendingTotals } from './queries/review';
import { finishPayouts } from './service';

export interface BatchRowInput {
  row: number;
  values: BatchRowValues;
  /** Columns whose cell held a formula in the file. */
  formulas?: BatchColumn[];
  /** Spreadsheet columns (H, AA ...) right of the header holding a value: the row is refused, nothing is dropped. */
  outside?: string[];
}

const FORMULA_KEY = 'payouts.batch.formula';

export interface BatchRowCheck {
  row: number;
  values: BatchRowValues;
  issues: BatchCellIssue[];
}

const notFound = () => new KeyedError('NOT_FOUND', 'payouts.notFound');

/** Every problem of every row: the row's own, formulas, order ids repeated in the rows or used by an earlier payout. */
export async function checkBatchRows(db: DbLike, merchantId: number, currency: CurrencyCode, rows: readonly BatchRowInput[]): Promise<BatchRowCheck[]> {
  const firstRowOf = new Map<string, number>();
  for (const r of rows) {
    const id = (r.values.merchantOrderId ?? '').trim();
    if (id && !firstRowOf.has(id)) firstRowOf.set(id, r.row);
  }
  const used = await selectUsedOrderIds(db, merchantId, [...firstRowOf.keys()]);
  return rows.map((r) => {
    const issues = batchRowIssues(currency, r.values);
    // An XLSX formula reads as `=` and its text, which the row's own check refuses already; any other is added.
    for (const c of r.formulas ?? []) if (!issues.some((i) => i.column === c && i.key === FORMULA_KEY)) issues.push({ column: c, key: FORMULA_KEY });
    if (r.outside && r.outside.length > 0) issues.push({ column: BATCH_ROW_ISSUE, key: 'payouts.batch.outsideColumns', params: { columns: r.outside.join(', ') } });
    const id = (r.values.merchantOrderId ?? '').trim();
    const first = firstRowOf.get(id);
    if (id && first !== undefined && first !== r.row) issues.push({ column: 'merchantOrderId', key: 'payouts.batch.duplicateInFile', params: { row: first } });
    if (id && used.has(id)) issues.push({ column: 'merchantOrderId', key: 'payouts.duplicateMerchantOrderId', params: { merchantOrderId: id } });
    return { row: r.row, values: r.values, issues };
  });
}

/** A row of the upload left out of the batch: excluded in the preview, with the problems it had then (none: by choice). */
export interface ExcludedBatchRow {
  row: number;
  values: BatchRowValues;
  issues: BatchCellIssue[];
}

/** What a batch of checked rows pays and costs, row by row, with the server's fee rules (payment type 9). */
export interface PricedBatch {
  payouts: Omit<PayoutInsert, 'id' | 'batchId' | 'mode' | 'createdBy' | 'createdAt' | 'updatedAt'>[];
  totalAmount: bigint;
  totalFee: bigint;
  /** Distinct destinations (bank code and account), the counterparties of the batch. */
  payees: number;
}

/**
 * The fee of every checked row by the merchant's rule for its destination's channel, one rule read per channel:
 * what the confirmation quotes and what the submit holds are this same computation.
 */
export async function priceBatchRows(db: DbLike, merchantId: number, currency: CurrencyCode, rows: readonly BatchRowInput[]): Promise<PricedBatch> {
  const rules = new Map<number, Awaited<ReturnType<typeof quoteFee>>['rule']>();
  const feeFor = async (channel: number, amount: bigint) => {
    if (!rules.has(channel)) rules.set(channel, (await quoteFee(db, { merchantId, currency, paymentType: PaymentType.BATCH_PAYOUT, channel, amount })).rule);
    const rule = rules.get(channel);
    if (!rule) return 0n;
    const f = feeOf(amount, rule);
    return f.adminFee + f.serviceFee;
  };
  const payouts: PricedBatch['payouts'] = [];
  const payees = new Set<string>();
  let totalAmount = 0n;
  let totalFee = 0n;
  for (const r of rows) {
    const v = r.values;
    const d = findPayoutDestination(currency, (v.bankCode ?? '').trim().toUpperCase());
    if (!d) throw new Error('a checked row has no destination');
    const amount = minorOf(v.amount, currency);
    const fee = await feeFor(d.channel, amount);
    const own = (f: 'accountType' | 'documentId' | 'bankAgency' | 'pixKeyType') => (d.extra.includes(f) ? (v[f] ?? '').trim() || null : null);
    const accountNumber = (v.accountNumber ?? '').trim();
    totalAmount += amount;
    totalFee += fee;
    payees.add(`${d.bankCode}\u0000${accountNumber}`);
    payouts.push({
      merchantId,
      merchantOrderId: (v.merchantOrderId ?? '').trim(),
      batchRow: r.row,
      currency,
      bankCode: d.bankCode,
      destinationKind: d.kind,
      channel: d.channel,
      accountName: (v.accountName ?? '').trim(),
      accountNumber,
      accountType: own('accountType'),
      documentId: own('documentId'),
      bankAgency: own('bankAgency'),
      pixKeyType: own('pixKeyType'),
      amount,
      fee,
      status: PayoutStatus.PENDING_REVIEW,
      description: (v.description ?? '').trim() || null,
    });
  }
  return { payouts, totalAmount, totalFee, payees: payees.size };
}

/** Refuses rows with any problem, whole: 400 naming `rows.<row>.<column>` of each (a row's own: `rows.<row>.row`). */
export function assertRowsValid(checked: readonly BatchRowCheck[]): void {
  const issues = checked.flatMap((c) => c.issues.map((i) => ({ field: `rows.${c.row}.${i.column}`, labelOf: i.column, messageKey: i.key, params: { ...i.params } })));
  if (issues.length > 0) throw new FieldValidationError(issues);
}

export interface SubmitBatchInput {
  merchantId: number;
  mode: ApiKeyModeValue;
  currency: CurrencyCode;
  fileName: string;
  /** What the file held (rows and total amount), shown next to what is submitted. */
  uploadedCount: number;
  uploadedTotal: bigint;
  rows: readonly BatchRowInput[];
  /** The upload's other rows, kept for the result file (every row of the upload with its fate). */
  excluded?: readonly BatchRowInput[];
  createdBy: string;
  now?: Date;
}

function minorOf(text: string | undefined, currency: CurrencyCode): bigint {
  const p = parseBatchAmount(text ?? '', currency);
  if (!p.ok) throw new Error('a checked row has no amount');
  return p.minor;
}

/**
 * The problems of the rows left out, for the result file: each checked on its own and against the rows submitted
 * (an order id of a submitted row, or one used before); none means it was left out by choice.
 */
async function excludedRows(db: DbLike, input: SubmitBatchInput): Promise<ExcludedBatchRow[]> {
  const excluded = input.excluded ?? [];
  if (excluded.length === 0) return [];
  const ids = new Set(excluded.map((r) => r.row));
  const all = [...input.rows, ...excluded].sort((a, b) => a.row - b.row);
  const checked = await checkBatchRows(db, input.merchantId, input.currency, all);
  return checked.filter((c) => ids.has(c.row)).map((c) => ({ row: c.row, values: c.values, issues: c.issues }));
}

/** Submits checked rows as one batch, its total held at once; any problem refuses the whole batch (400 / 422). */
export async function submitBatch(db: DbLike, input: SubmitBatchInput): Promise<PayoutBatchRow> {
  const now = input.now ?? new Date();
  if (input.rows.length === 0) throw new KeyedError('VALIDATION_FAILED', 'payouts.batch.empty');
  const m = await selectMerchantForPayout(db, input.merchantId);
  if (!m || !m.currencies.includes(input.currency)) throw new KeyedError('VALIDATION_FAILED', 'payouts.currencyUnsupported', { currency: input.currency });
  const checked = await checkBatchRows(db, input.merchantId, input.currency, input.rows);
  const bad = checked.filter((c) => c.issues.length > 0).length;
  if (bad > 0) throw new KeyedError('VALIDATION_FAILED', 'payouts.batch.invalidRows', { count: bad });

  const priced = await priceBatchRows(db, input.merchantId, input.currency, input.rows);
  const excluded = await excludedRows(db, input);
  const id = newBusinessId(ID_PREFIX.PAYOUT_BATCH, now);
  const payouts: PayoutInsert[] = priced.payouts.map((p) => ({ ...p, id: newBusinessId(ID_PREFIX.PAYOUT, now), batchId: id, mode: input.mode, createdBy: input.createdBy, createdAt: now, updatedAt: now }));
  const { totalAmount, totalFee } = priced;
  return db.transaction(async (tx) => {
    const batch = await insertBatch(tx, {
      id,
      merchantId: input.merchantId,
      currency: input.currency,
      status: PayoutBatchStatus.PENDING_REVIEW,
      fileName: input.fileName.slice(0, 255),
      uploadedCount: input.uploadedCount,
      uploadedTotal: input.uploadedTotal,
      rowCount: payouts.length,
      totalAmount,
      totalFee,
      excludedRows: excluded,
      createdBy: input.createdBy,
      createdAt: now,
      updatedAt: now,
    });
    await insertPayouts(tx, payouts);
    // Last: the whole batch held in one transfer (refused whole when available cannot cover it).
    await postTransfer(tx, reservePayout({ merchantId: input.merchantId, currency: input.currency, reference: id, idempotencyKey: `payout-batch:${id}:reserve`, amount: totalAmount, fee: totalFee, actionType: ActionType.PAYOUT }));
    return batch;
  });
}

/** A submit from the dashboard: the rows and the rows left out, as the preview has them, with the upload's figures. */
export interface UploadedBatchInput extends Omit<SubmitBatchInput, 'uploadedTotal' | 'excluded'> {
  /** The upload's total as the check answered it (a decimal in the currency); unreadable: 0. */
  uploadedTotal: string;
  excluded: readonly BatchRowInput[];
}

/**
 * Submits the rows of an upload: every row of it accounted for once (the result file lists each with its fate: 400
 * on uploadedCount otherwise), every submitted row valid (400 naming `rows.<row>.<column>`), then as submitBatch.
 */
export async function submitUploadedBatch(db: DbLike, input: UploadedBatchInput): Promise<PayoutBatchRow> {
  const { rows, excluded } = input;
  const numbers = new Set([...rows, ...excluded].map((r) => r.row));
  if (input.uploadedCount !== rows.length + excluded.length || numbers.size !== rows.length + excluded.length) throw fieldError('uploadedCount', 'payouts.batch.rowsUnaccounted', { params: { count: input.uploadedCount, rows: rows.length, excluded: excluded.length } });
  assertRowsValid(await checkBatchRows(db, input.merchantId, input.currency, rows));
  const uploadedTotal = parseAmount(input.uploadedTotal, input.currency, { allowZero: true });
  return submitBatch(db, { ...input, uploadedTotal: uploadedTotal.ok ? uploadedTotal.minor : 0n });
}

/** The one payee of a batch paying a single destination: the confirmation names it instead of a count. */
export interface BatchPayee {
  bankCode: string;
  bankName: string;
  accountNumber: string;
  accountName: string;
}

/**
 * What a batch confirmation shows (issue 40): the amount, the server's fee, the total debit, the balance it comes
 * from and whether it covers it, and the counterparties. Figures in minor units.
 */
export interface BatchQuote {
  count: number;
  payees: number;
  payee: BatchPayee | null;
  amount: bigint;
  fee: bigint;
  totalDebit: bigint;
  available: bigint;
  /** The money already held for it (a batch waiting for review); 0 before it is submitted. */
  held: bigint;
  /** Whether the balance it comes from covers the total debit: available before the submit, the hold after. */
  sufficient: boolean;
}

async function balanceOf(db: DbLike, merchantId: number, currency: CurrencyCode, kind: 'available' | 'frozen'): Promise<bigint> {
  return (await balancesOf(db, merchantId)).find((b) => b.currency === currency && b.kind === kind)?.balance ?? 0n;
}

const payeeOfDestination = (currency: CurrencyCode, p: { bankCode: string; accountNumber: string; accountName: string }): BatchPayee => ({
  bankCode: p.bankCode,
  bankName: findPayoutDestination(currency, p.bankCode)?.name ?? p.bankCode,
  accountNumber: p.accountNumber,
  accountName: p.accountName,
});

/** The quote of rows about to be submitted: checked (400 as the submit would), priced, against the available balance. */
export async function quoteBatchRows(db: DbLike, merchantId: number, currency: CurrencyCode, rows: readonly BatchRowInput[]): Promise<BatchQuote> {
  if (rows.length === 0) throw new KeyedError('VALIDATION_FAILED', 'payouts.batch.empty');
  assertRowsValid(await checkBatchRows(db, merchantId, currency, rows));
  const priced = await priceBatchRows(db, merchantId, currency, rows);
  const available = await balanceOf(db, merchantId, currency, 'available');
  const totalDebit = priced.totalAmount + priced.totalFee;
  const first = priced.payouts[0];
  return {
    count: priced.payouts.length,
    payees: priced.payees,
    payee: priced.payees === 1 && first ? payeeOfDestination(currency, first) : null,
    amount: priced.totalAmount,
    fee: priced.totalFee,
    totalDebit,
    available,
    held: 0n,
    sufficient: available >= totalDebit,
  };
}

/**
 * The quote of a batch's review: what its payouts still waiting for review pay and cost (their fees as held at the
 * submit), and the hold that pays them: approving sends what is held, it takes nothing more from available.
 */
export async function quoteBatchReview(db: DbLike, b: Pick<PayoutBatchRow, 'merchantId' | 'id' | 'currency'>): Promise<BatchQuote> {
  const currency = b.currency as CurrencyCode;
  const t = await selectBatchPendingTotals(db, b);
  const totalDebit = t.amount + t.fee;
  const frozen = await balanceOf(db, b.merchantId, currency, 'frozen');
  return {
    count: t.count,
    payees: t.payees,
    payee: t.payees === 1 && t.first ? payeeOfDestination(currency, t.first) : null,
    amount: t.amount,
    fee: t.fee,
    totalDebit,
    available: await balanceOf(db, b.merchantId, currency, 'available'),
    held: totalDebit,
    sufficient: frozen >= totalDebit,
  };
}

/** Approves every payout of the batch still pending review, in one statement; the maker cannot. */
export async function approveBatch(db: DbLike, a: { merchantId: number; id: string; approver: string; now?: Date }): Promise<PayoutBatchRow> {
  const now = a.now ?? new Date();
  return db.transaction(async (tx) => {
    const b = await lockBatch(tx, a.merchantId, a.id);
    if (!b) throw notFound();
    if (b.status !== PayoutBatchStatus.PENDING_REVIEW) throw new KeyedError('BUSINESS_RULE', 'payouts.notPendingReview', { status: b.status });
    if (b.createdBy === a.approver) throw new KeyedError('FORBIDDEN', 'payouts.makerCannotApprove');
    PAYOUT_BATCH_STATUS.assertTransition(b.status as PayoutBatchStatusValue, PayoutBatchStatus.REVIEWED);
    await approveBatchPayouts(tx, b, a.approver, now);
    return updateBatch(tx, b, { status: PayoutBatchStatus.REVIEWED, reviewedBy: a.approver, reviewedAt: now, updatedAt: now });
  });
}

/** Rejects the batch: every payout still pending review is rejected with the reason and releases its part. */
export async function rejectBatch(db: DbLike, a: { merchantId: number; id: string; approver: string; reason: string; now?: Date }): Promise<PayoutBatchRow> {
  const now = a.now ?? new Date();
  const b = await db.transaction(async (tx) => {
    const locked = await lockBatch(tx, a.merchantId, a.id);
    if (!locked) throw notFound();
    if (locked.createdBy === a.approver) throw new KeyedError('FORBIDDEN', 'payouts.makerCannotApprove');
    // Rejected already: a rejection cut short (a crash, a restart) is finished below.
    if (locked.status === PayoutBatchStatus.REJECTED) return locked;
    if (locked.status !== PayoutBatchStatus.PENDING_REVIEW) throw new KeyedError('BUSINESS_RULE', 'payouts.notPendingReview', { status: locked.status });
    return updateBatch(tx, locked, { status: PayoutBatchStatus.REJECTED, reviewedBy: a.approver, reviewedAt: now, updatedAt: now, completedAt: now });
  });
  // Each payout ends with its own release and callback, PAYOUT_JOB_BATCH of them per transaction; a rerun finishes
  // what a crash left.
  for (;;) {
    const ended = await db.transaction(async (tx) => {
      const rows = await lockBatchPending(tx, b, PAYOUT_JOB_BATCH);
      await finishPayouts(tx, rows.map((row) => ({ row, to: PayoutStatus.REJECTED, rejectReason: a.reason, reviewedBy: a.approver })), now);
      return rows.length;
    });
    if (ended < PAYOUT_JOB_BATCH) return b;
  }
}

/** Approves or rejects a whole batch; a rejection names its reason (400 on `reason`). */
export async function reviewBatch(db: DbLike, a: { merchantId: number; id: string; approver: string; action: 'approve' | 'reject'; reason?: string }): Promise<PayoutBatchRow> {
  if (a.action === 'reject' && !a.reason) throw fieldError('reason', 'payouts.rejectReasonRequired');
  const who = { merchantId: a.merchantId, id: a.id, approver: a.approver };
  return a.action === 'approve' ? approveBatch(db, who) : rejectBatch(db, { ...who, reason: a.reason ?? '' });
}

/** The job: an approved batch is processing once a payout was sent, processed once none is open. */
export async function advanceBatches(db: DbLike, now = new Date()): Promise<void> {
  for (const b of await selectActiveBatches(db, PAYOUT_JOB_BATCH)) {
    const to: PayoutBatchStatusValue | null =
      b.status === PayoutBatchStatus.REVIEWED && (b.sent > 0 || b.open === 0) ? PayoutBatchStatus.PROCESSING : b.status === PayoutBatchStatus.PROCESSING && b.open === 0 ? PayoutBatchStatus.PROCESSED : null;
    if (!to) continue;
    await db.transaction(async (tx) => {
      const locked = await lockBatch(tx, b.merchantId, b.id);
      if (!locked || locked.status !== b.status) return;
      await updateBatch(tx, locked, { status: to, updatedAt: now, ...(to === PayoutBatchStatus.PROCESSED ? { completedAt: now } : {}) });
    });
  }
}
