/**
 * Approve or reject payouts pending review, one or many (docs/payments-api.md `POST /api/payouts/review`): the
 * count and totals of what is decided, a reason for a rejection, then the Google code when the reviewer has 2FA on.
 * Each payout is changed or skipped with its reason (the maker of a payout cannot check it); the result says which.
 */
import { App, Descriptions, Form, Input, Modal } from 'antd';
import type { ButtonProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { PAYOUT_REJECT_REASON_MAX_LENGTH, parseAmount, toMajorString, type CurrencyCode } from '@mg/domain';
import { useCurrentUser } from '../../components/forms';
import { useMoney } from '../../components/list';
import { useGoogleCodeGate } from '../developer/_gate';
import { useReviewPayouts, type PayoutRecord } from './hooks';

export type ReviewAction = 'approve' | 'reject';

function sumOf(rows: readonly PayoutRecord[], key: 'amount' | 'fee'): string {
  const currency = (rows[0]?.currency ?? 'IDR') as CurrencyCode;
  const total = rows.reduce((acc, r) => {
    const p = parseAmount(r[key], currency);
    return p.ok ? acc + p.minor : acc;
  }, 0n);
  return toMajorString(total, currency);
}

export function ReviewModal({ action, rows, onClose, onDone }: { action: ReviewAction; rows: readonly PayoutRecord[]; onClose: () => void; onDone: () => void }) {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const money = useMoney();
  const { data: user } = useCurrentUser();
  const gate = useGoogleCodeGate(Boolean(user?.twoFactorEnabled));
  const review = useReviewPayouts();
  const [form] = Form.useForm<{ reason: string }>();
  const currency = rows[0]?.currency ?? '';
  const title = t(action === 'approve' ? 'payouts.review.approveTitle' : 'payouts.review.rejectTitle', { count: rows.length });

  const run = async () => {
    let reason: string | undefined;
    if (action === 'reject') {
      try {
        reason = (await form.validateFields()).reason.trim();
      } catch {
        return;
      }
    }
    await gate.run({
      title,
      okText: t(action === 'approve' ? 'payouts.review.approve' : 'payouts.review.reject'),
      danger: action === 'reject',
      action: async (googleCode) => {
        const result = await review.mutateAsync({ action, ids: rows.map((r) => r.id), reason, googleCode });
        const done = t(action === 'approve' ? 'payouts.review.approved' : 'payouts.review.rejected', { count: result.changed.length });
        if (result.skipped.length > 0) {
          modal.warning({ title: done, content: t('payouts.review.skipped', { count: result.skipped.length, reasons: [...new Set(result.skipped.map((s) => s.message))].join('; ') }) });
        } else message.success(done);
        onDone();
      },
    });
  };

  return (
    <>
      <Modal
        open
        title={title}
        onCancel={onClose}
        onOk={() => void run()}
        okText={t(action === 'approve' ? 'payouts.review.approve' : 'payouts.review.reject')}
        okButtonProps={{ danger: action === 'reject', loading: review.isPending, 'data-testid': 'review-ok' } as ButtonProps}
        cancelText={t('common.actions.cancel')}
        destroyOnHidden
      >
        <Descriptions size="small" column={1} style={{ marginBottom: 12 }} data-testid="review-summary">
          <Descriptions.Item label={t('payouts.review.selected', { count: rows.length })}>
            {t('payouts.review.summary', { amount: `${money(sumOf(rows, 'amount'), currency)} ${currency}`, fee: `${money(sumOf(rows, 'fee'), currency)} ${currency}` })}
          </Descriptions.Item>
        </Descriptions>
        {action === 'reject' && (
          <Form form={form} layout="vertical" name="rejectForm" initialValues={{ reason: '' }}>
            <Form.Item name="reason" label={t('payouts.fields.rejectReason')} rules={[{ required: true, whitespace: true, message: t('payouts.rejectReasonRequired') }]}>
              <Input.TextArea maxLength={PAYOUT_REJECT_REASON_MAX_LENGTH} rows={3} data-testid="reject-reason" />
            </Form.Item>
          </Form>
        )}
      </Modal>
      {gate.element}
    </>
  );
}
