/**
 * Batch payouts (issue 11): rows checked in full with the single payout's rules plus the file's own (formulas,
 * order ids repeated in the file or used before); a batch is submitted whole, its payouts inserted together and
 * its total (amounts + fees) held in one ledger transfer, or refused whole (nothing written). The batch is reviewed
 * as one (approve / reject every payout still pending review); its payouts then end one by one like single ones,
 * each releasing or charging its own part of the batch's hold.
 */
import {
  ActionType,
  ID_PREFIX,
  PAYOUT_BATCH_STATUS,
  PAYOUT_JOB_BATCH,
  PaymentType,
  PayoutBatchStatus,
  PayoutStatus,
  batchRowIssues,
  findPayoutDestination,
  parseAmount,
  type BatchCellIssue,
  type BatchColumn,
  type BatchRowValues,
  type CurrencyCode,
  type ApiKeyModeValue,
  type PayoutBatchStatusValue,
} from '@mg/domain';
import type { DbLike } from '../../db/pool';
import { KeyedError } from '../../lib/admin';
import { newBusinessId } from '../../lib/ids';
import { feeOf, quoteFee } from '../fees/service';
import { postTransfer, reservePayout } from '../ledger/service';
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
import { finishPayouts } from './service';

export interface BatchRowInput {
  row: number;
  values: BatchRowValues;
  /** Columns whose cell held a formula in the file. */
  formulas?: BatchColumn[];
}

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
    for (const c of r.formulas ?? []) issues.push({ column: c, key: 'payouts.batch.formula' });
    const id = (r.values.merchantOrderId ?? '').trim();
    const first = firstRowOf.get(id);
    if (id && first !== undefined && first !== r.row) issues.push({ column: 'merchantOrderId', key: 'payouts.batch.duplicateInFile', params: { row: first } });
    if (id && used.has(id)) issues.push({ column: 'merchantOrderId', key: 'payouts.duplicateMerchantOrderId', params: { merchantOrderId: id } });
    return { row: r.row, values: r.values, issues };
  });
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
  createdBy: string;
  now?: Date;
}

function minorOf(text: string | undefined, currency: CurrencyCode): bigint {
  const p = parseAmount((text ?? '').trim(), currency);
  if (!p.ok) throw new Error('a checked row has no amount');
  return p.minor;
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

  // One fee rule read per destination channel, then the fee of each row by the rule (payment type 9).
  const rules = new Map<number, Awaited<ReturnType<typeof quoteFee>>['rule']>();
  const feeFor = async (channel: number, amount: bigint) => {
    if (!rules.has(channel)) rules.set(channel, (await quoteFee(db, { merchantId: input.merchantId, currency: input.currency, paymentType: PaymentType.BATCH_PAYOUT, channel, amount })).rule);
    const rule = rules.get(channel);
    if (!rule) return 0n;
    const f = feeOf(amount, rule);
    return f.adminFee + f.serviceFee;
  };
  const id = newBusinessId(ID_PREFIX.PAYOUT_BATCH, now);
  const payouts: PayoutInsert[] = [];
  let totalAmount = 0n;
  let totalFee = 0n;
  for (const r of input.rows) {
    const v = r.values;
    const d = findPayoutDestination(input.currency, (v.bankCode ?? '').trim().toUpperCase());
    if (!d) throw new Error('a checked row has no destination');
    const amount = minorOf(v.amount, input.currency);
    const fee = await feeFor(d.channel, amount);
    const own = (f: 'accountType' | 'documentId' | 'bankAgency' | 'pixKeyType') => (d.extra.includes(f) ? (v[f] ?? '').trim() || null : null);
    totalAmount += amount;
    totalFee += fee;
    payouts.push({
      id: newBusinessId(ID_PREFIX.PAYOUT, now),
      merchantId: input.merchantId,
      merchantOrderId: (v.merchantOrderId ?? '').trim(),
      batchId: id,
      batchRow: r.row,
      mode: input.mode,
      currency: input.currency,
      bankCode: d.bankCode,
      destinationKind: d.kind,
      channel: d.channel,
      accountName: (v.accountName ?? '').trim(),
      accountNumber: (v.accountNumber ?? '').trim(),
      accountType: own('accountType'),
      documentId: own('documentId'),
      bankAgency: own('bankAgency'),
      pixKeyType: own('pixKeyType'),
      amount,
      fee,
      status: PayoutStatus.PENDING_REVIEW,
      description: (v.description ?? '').trim() || null,
      createdBy: input.createdBy,
      createdAt: now,
      updatedAt: now,
    });
  }
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
