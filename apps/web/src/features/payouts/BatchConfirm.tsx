/**
 * The confirmations of a batch (issue 40): its submit, and its review by someone else. Each opens the shared
 * ConfirmActionModal (the one-step confirmation payouts use) with the server's quote: the amount, the fee (the
 * server's rules, never computed here), the total debit, the balance it comes from and whether it covers it, and
 * the payees (their count, or the one payee); the Google code is asked where the domain's rule names the call.
 */
import { useEffect, useRef, useState } from 'react';
import { App, Form, Input, Modal, Typography, type ButtonProps, type DescriptionsProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { PAYOUT_REJECT_REASON_MAX_LENGTH, SecondFactorCall, isCurrencyCode, parseAmount, toMajorString } from '@mg/domain';
import { ConfirmActionModal, useQuoteItems } from '../../components/ConfirmStepModal';
import { useMoney } from '../../components/list';
import { useQuoteBatchReview, useReviewBatch, type BatchQuote, type BatchView } from './hooks';

type Items = NonNullable<DescriptionsProps['items']>;

/** `a - b` of two decimal strings of the server, in the currency; '0' when either does not read. */
function minus(a: string, b: string, currency: string): string {
  if (!isCurrencyCode(currency)) return '0';
  const x = parseAmount(a, currency, { allowZero: true });
  const y = parseAmount(b, currency, { allowZero: true });
  return x.ok && y.ok && x.minor > y.minor ? toMajorString(x.minor - y.minor, currency) : '0';
}

/**
 * The rows of a batch confirmation from its quote: amount, fee and total debit (the shared quote rows), the balance
 * it comes from with whether it covers it, and the payees. `stage` says which balance: the available one before the
 * submit, the hold of a batch in review. Test ids: `<testId>-quote-{fee,total,balance,payees}`.
 */
export function useBatchQuoteItems(): (q: BatchQuote, stage: 'submit' | 'review', testId: string) => Items {
  const { t } = useTranslation();
  const money = useMoney();
  const quoteItems = useQuoteItems();
  return (q, stage, testId) => {
    const shown = (v: string) => `${money(v, q.currency)} ${q.currency}`;
    const figures = quoteItems({ currency: q.currency, amount: q.amount, fee: q.fee, total: q.totalDebit, available: q.available }, 'payouts', testId).filter((i) => i.key !== 'available');
    const balance =
      stage === 'submit'
        ? q.sufficient
          ? t('payouts.batch.fromAvailable', { currency: q.currency, amount: shown(q.available) })
          : t('payouts.batch.shortBy', { currency: q.currency, amount: shown(q.available), short: shown(minus(q.totalDebit, q.available, q.currency)) })
        : q.sufficient
          ? t('payouts.batch.fromHold', { currency: q.currency, amount: shown(q.held), available: shown(q.available) })
          : t('payouts.batch.holdShort', { currency: q.currency, amount: shown(q.held) });
    const payees = q.payee ? `${q.payee.accountName} · ${q.payee.bankName} ${q.payee.accountNumber}` : t('payouts.batch.payeeCount', { count: q.payees });
    return [
      { key: 'count', label: t('payouts.batch.rows'), children: <span data-testid={`${testId}-quote-count`}>{q.count}</span> },
      ...figures,
      {
        key: 'balance',
        label: t('payouts.batch.balanceFrom'),
        children: (
          <Typography.Text type={q.sufficient ? undefined : 'danger'} data-testid={`${testId}-quote-balance`}>
            {balance}
          </Typography.Text>
        ),
      },
      { key: 'payees', label: t('payouts.batch.payees'), children: <span data-testid={`${testId}-quote-payees`}>{payees}</span> },
    ];
  };
}

/** The batch a review acts on, as the batch list and the review queue know it. */
export type ReviewedBatch = Pick<BatchView, 'id' | 'fileName' | 'currency'>;

/**
 * The review of a whole batch: for a rejection its reason first, then the confirmation with the server's figures of
 * what the decision moves (approving sends the held payouts; rejecting returns the hold), the Google code where the
 * rule asks it. `onClose` is called when it ends, done or not.
 */
export function BatchReviewFlow({ batch, action, onClose }: { batch: ReviewedBatch; action: 'approve' | 'reject'; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const money = useMoney();
  const itemsOf = useBatchQuoteItems();
  const quote = useQuoteBatchReview();
  const review = useReviewBatch();
  const [reason, setReason] = useState<string | null>(action === 'approve' ? '' : null);
  const [form] = Form.useForm<{ reason: string }>();
  // The quote is asked once the decision is known (a rejection: once its reason is); a refusal (the batch was
  // reviewed meanwhile) is said and ends the flow.
  const close = useRef(onClose);
  close.current = onClose;
  const { mutate } = quote;
  useEffect(() => {
    if (reason === null) return;
    mutate(batch.id, {
      onError: (e) => {
        message.error(e instanceof Error ? e.message : String(e));
        close.current();
      },
    });
  }, [reason, batch.id, mutate, message]);

  if (reason === null) {
    return (
      <Modal
        open
        title={t('payouts.batch.rejectBatch')}
        onCancel={onClose}
        okButtonProps={{ danger: true, 'data-testid': 'batch-reject-reason-ok' } as ButtonProps}
        okText={t('payouts.form.continue')}
        cancelText={t('common.actions.cancel')}
        onOk={async () => setReason((await form.validateFields()).reason.trim())}
        destroyOnHidden
      >
        <Form form={form} layout="vertical" initialValues={{ reason: '' }}>
          <Form.Item name="reason" label={t('payouts.fields.rejectReason')} rules={[{ required: true, whitespace: true, message: t('payouts.rejectReasonRequired') }]}>
            <Input.TextArea maxLength={PAYOUT_REJECT_REASON_MAX_LENGTH} rows={3} data-testid="batch-reject-reason" />
          </Form.Item>
        </Form>
      </Modal>
    );
  }
  const q = quote.data;
  if (!q) return <Modal open loading title={t(action === 'approve' ? 'payouts.batch.approveBatch' : 'payouts.batch.rejectBatch')} onCancel={onClose} footer={null} />;
  const head: Items = [
    { key: 'id', label: t('payouts.batch.id'), children: batch.id },
    { key: 'file', label: t('payouts.batch.fileName'), children: batch.fileName },
  ];
  const items: Items =
    action === 'approve'
      ? [...head, ...itemsOf(q, 'review', 'batch-review')]
      : [
          ...head,
          { key: 'count', label: t('payouts.batch.rows'), children: q.count },
          { key: 'held', label: t('payouts.fields.totalDebit'), children: <strong>{`${money(q.held, q.currency)} ${q.currency}`}</strong> },
          { key: 'reason', label: t('payouts.fields.rejectReason'), children: reason },
        ];
  return (
    <ConfirmActionModal
      title={t(action === 'approve' ? 'payouts.batch.approveBatch' : 'payouts.batch.rejectBatch')}
      items={items}
      hint={action === 'approve' ? t('payouts.batch.approveHint', { count: q.count }) : t('payouts.batch.rejectHint', { count: q.count, amount: `${money(q.held, q.currency)} ${q.currency}` })}
      okText={t(action === 'approve' ? 'payouts.review.approve' : 'payouts.review.reject')}
      danger={action === 'reject'}
      sending={review.isPending}
      secondFactor={SecondFactorCall.PAYOUT_BATCH_REVIEW}
      testId="batch-review"
      onConfirm={(googleCode) => review.mutateAsync({ id: batch.id, action, reason: action === 'reject' ? reason : undefined, googleCode })}
      doneMessage={t(action === 'approve' ? 'payouts.review.approved' : 'payouts.review.rejected', { count: q.count })}
      onClose={onClose}
    />
  );
}
