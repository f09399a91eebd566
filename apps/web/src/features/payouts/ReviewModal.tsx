/**
 * Approve or reject payouts pending review, one or many (docs/payments-api.md `POST /api/payouts/review`), in the
 * confirmation every money action uses (ConfirmActionModal, issue 40): how many, to whom (one payout), the amount,
 * the fee and the total debit that leave the held (frozen) balance, a reason for a rejection, and the Google code
 * under them when the reviewer has 2FA on. Each payout is changed or skipped with its reason (the maker of a payout
 * cannot check it); the result says which.
 */
import { App, Form, Input, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { PAYOUT_REJECT_REASON_MAX_LENGTH, SecondFactorCall, parseAmount, payoutDestinationLabel, toMajorString, type CurrencyCode } from '@mg/domain';
import { ConfirmActionModal } from '../../components/ConfirmStepModal';
import { useMoney } from '../../components/list';
import { isGoogleCodeProblem } from '../../components/secondFactor';
import { useReviewPayouts, type ReviewQueueItem } from './hooks';

export type ReviewAction = 'approve' | 'reject';

/** What a review needs of a payout: a list row, or a line of the review queue; `payee` as the reviewer reads it. */
export type ReviewedPayout = Pick<ReviewQueueItem, 'id' | 'currency' | 'amount' | 'fee'> & { payee: string };

/** The payee as a reviewer reads it: "Budi Santoso · BCA 1234567890", "USDT · TRC-20 TZCN…" for an address. */
export function payeeLine(name: string | null, bankCode: string | null, accountNumber: string | null): string {
  const where = [bankCode ? payoutDestinationLabel(bankCode) : '', accountNumber ?? ''].filter(Boolean).join(' ');
  return [name ?? '', where].filter(Boolean).join(' · ');
}

function sumOf(rows: readonly ReviewedPayout[], pick: (r: ReviewedPayout) => string[]): string {
  const currency = (rows[0]?.currency ?? 'IDR') as CurrencyCode;
  const total = rows.reduce((acc, r) => {
    for (const v of pick(r)) {
      const p = parseAmount(v, currency, { allowZero: true });
      if (p.ok) acc += p.minor;
    }
    return acc;
  }, 0n);
  return toMajorString(total, currency);
}

export function ReviewModal({ action, rows, onClose, onDone }: { action: ReviewAction; rows: readonly ReviewedPayout[]; onClose: () => void; onDone: () => void }) {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const money = useMoney();
  const review = useReviewPayouts();
  const [form] = Form.useForm<{ reason: string }>();
  const currency = rows[0]?.currency ?? '';
  const shown = (v: string) => `${money(v, currency)} ${currency}`;
  const approve = action === 'approve';
  const title = t(approve ? 'payouts.review.approveTitle' : 'payouts.review.rejectTitle', { count: rows.length });

  const confirm = async (googleCode?: string) => {
    let reason: string | undefined;
    if (!approve) {
      try {
        reason = (await form.validateFields()).reason.trim();
      } catch {
        return; // the reason field says what is missing
      }
    }
    let result;
    try {
      result = await review.mutateAsync({ action, ids: rows.map((r) => r.id), reason, googleCode });
    } catch (e) {
      if (isGoogleCodeProblem(e)) throw e; // it lands on the code field
      message.error(e instanceof Error ? e.message : String(e));
      onClose(); // the list behind shows what is true now
      return;
    }
    const done = t(approve ? 'payouts.review.approved' : 'payouts.review.rejected', { count: result.changed.length });
    if (result.skipped.length > 0) {
      modal.warning({ title: done, content: t('payouts.review.skipped', { count: result.skipped.length, reasons: [...new Set(result.skipped.map((s) => s.message))].join('; ') }) });
    } else message.success(done);
    onDone();
  };

  return (
    <ConfirmActionModal
      title={title}
      items={[
        { key: 'count', label: t('payouts.review.count'), children: rows.length },
        ...(rows.length === 1 ? [{ key: 'payee', label: t('payouts.review.payee'), children: rows[0]!.payee }] : []),
        { key: 'amount', label: t('payouts.fields.amount'), children: shown(sumOf(rows, (r) => [r.amount])) },
        { key: 'fee', label: t('payouts.fields.fee'), children: shown(sumOf(rows, (r) => [r.fee])) },
        {
          key: 'total',
          label: t('payouts.fields.totalDebit'),
          children: (
            <Typography.Text strong data-testid="review-total">
              {shown(sumOf(rows, (r) => [r.amount, r.fee]))}
            </Typography.Text>
          ),
        },
        { key: 'from', label: t('payouts.review.from'), children: t(approve ? 'payouts.review.fromHeld' : 'payouts.review.backToAvailable') },
      ]}
      hint={t(approve ? 'payouts.review.approveHint' : 'payouts.review.rejectHint')}
      okText={t(approve ? 'payouts.review.approve' : 'payouts.review.reject')}
      danger={!approve}
      sending={review.isPending}
      secondFactor={SecondFactorCall.PAYOUT_REVIEW}
      testId="review"
      onConfirm={confirm}
      onClose={onClose}
    >
      {!approve && (
        <Form form={form} layout="vertical" name="rejectForm" initialValues={{ reason: '' }} style={{ marginTop: 16 }}>
          <Form.Item name="reason" label={t('payouts.fields.rejectReason')} rules={[{ required: true, whitespace: true, message: t('payouts.rejectReasonRequired') }]}>
            <Input.TextArea maxLength={PAYOUT_REJECT_REASON_MAX_LENGTH} rows={3} data-testid="reject-reason" />
          </Form.Item>
        </Form>
      )}
    </ConfirmActionModal>
  );
}
