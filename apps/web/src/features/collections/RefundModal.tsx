/**
 * Refund of a collection (docs/payments-api.md `POST /api/collections/{id}/refunds`): amount (default: everything
 * still refundable, the currency's decimals, at most what is refundable), refund way, reason. Money moves, so a
 * confirmation stating the amount comes before the call (with the Google code in the form when 2FA is on); the result
 * is shown and the caller refreshes.
 */
import { useEffect } from 'react';
import { Alert, App, Descriptions, Form, Input, Radio, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { REFUND_WAY, RefundWay, SecondFactorCall, amountSchema, canonicalAmount, type RefundWayValue } from '@mg/domain';
import { zodRule } from '../../components/zodRule';
import { FormModal, RequiredTextItem, applyServerErrors, useFormSubmit } from '../../components/forms';
import { useSecondFactorField } from '../../components/secondFactor';
import { amountHint, currencyOr, minorOf, useMoney } from '../../components/list';
import { useFormatters } from '../../components/format';
import { useCollectionDetail, useCreateRefund, type CollectionDetail } from './hooks';

interface RefundValues {
  amount: string;
  refundWay: RefundWayValue;
  reason: string;
  googleCode?: string;
}

/** The refund dialog of a collection; `onRefunded` after the refund (the lists and details reload by themselves). */
export function RefundModal({ collectionId, onClose, onRefunded }: { collectionId: string; onClose: () => void; onRefunded: () => void }) {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const money = useMoney();
  const { currency: sessionCurrency } = useFormatters();
  const createRefund = useCreateRefund(collectionId);
  const [form] = Form.useForm<RefundValues>();
  const detail = useCollectionDetail(collectionId);
  const record: CollectionDetail | undefined = detail.data;
  const currency = currencyOr(record?.currency, sessionCurrency);
  const refundableMinor = minorOf(record?.refundable, currency) ?? 0n;

  useEffect(() => {
    if (record) form.setFieldsValue({ amount: record.refundable });
  }, [form, record]);

  const confirm = (values: RefundValues) =>
    new Promise<boolean>((resolve) => {
      modal.confirm({
        title: t('refunds.form.confirmTitle'),
        content: t('refunds.form.confirmText', {
          amount: money(values.amount, currency),
          currency,
          id: collectionId,
          way: t(REFUND_WAY.i18nKey(values.refundWay)),
        }),
        okText: t('refunds.form.confirmOk'),
        cancelText: t('common.actions.cancel'),
        okButtonProps: { danger: true },
        onOk: () => resolve(true),
        onCancel: () => resolve(false),
      });
    });

  const secondFactor = useSecondFactorField(SecondFactorCall.REFUND_CREATE, form, 'refund');
  const submitter = useFormSubmit(
    form,
    async (values: RefundValues) => {
      if (!(await confirm(values))) return;
      const refund = await createRefund.mutateAsync({ amount: canonicalAmount(values.amount, currency), refundWay: values.refundWay, reason: values.reason.trim(), googleCode: values.googleCode });
      message.success(t('refunds.form.done', { amount: money(refund.requestedAmount ?? values.amount, currency), currency }));
      onRefunded();
    },
    // An answer about the Google code stands on its field; anything else as before.
    (e) => (secondFactor.takeError(e) ? null : applyServerErrors(form, e)),
  );

  const withinRefundable = {
    validator: (_: unknown, value: unknown) => {
      const minor = minorOf(typeof value === 'string' ? value.trim() : '', currency);
      if (minor !== null && minor > refundableMinor) {
        return Promise.reject(new Error(t('refunds.form.overRefundable', { max: money(record?.refundable, currency), currency })));
      }
      return Promise.resolve();
    },
  };

  return (
    <FormModal
      title={t('refunds.form.title')}
      submitter={submitter}
      onClose={onClose}
      okText={t('refunds.form.submit')}
      serverErrorTestId="refund-server-error"
      forceRender
    >
      {detail.isLoading && <Spin />}
      {detail.isError && <Alert type="error" showIcon message={t('common.messages.detailsLoadFailed')} />}
      {record && (
        <>
          <Descriptions size="small" column={1} style={{ marginBottom: 16 }}>
            <Descriptions.Item label={t('collections.fields.transactionId')}>{record.id}</Descriptions.Item>
            <Descriptions.Item label={t('collections.fields.merchantOrderId')}>{record.merchantOrderId}</Descriptions.Item>
            <Descriptions.Item label={t('common.fields.amount')}>{`${money(record.amount, currency)} ${currency}`}</Descriptions.Item>
            <Descriptions.Item label={t('collections.fields.refundable')}>
              <span data-testid="refundable">{`${money(record.refundable, currency)} ${currency}`}</span>
            </Descriptions.Item>
          </Descriptions>
          {refundableMinor <= 0n && <Alert type="warning" showIcon message={t('refunds.form.nothingLeft')} style={{ marginBottom: 16 }} />}
        </>
      )}
      <Form form={form} name="refundForm" layout="vertical" preserve={false} autoComplete="off" initialValues={{ refundWay: RefundWay.ORIGINAL, amount: record?.refundable ?? '' }} data-testid="refund-form">
        <Form.Item
          name="amount"
          label={t('refunds.form.amount', { currency })}
          extra={amountHint(currency, t)}
          rules={[zodRule(amountSchema(currency, { allowGrouping: true }), t), withinRefundable]}
        >
          <Input inputMode="decimal" suffix={currency} disabled={!record} />
        </Form.Item>
        <Form.Item name="refundWay" label={t('refunds.form.way')} rules={[{ required: true }]}>
          <Radio.Group options={REFUND_WAY.values.map((w) => ({ value: w, label: t(REFUND_WAY.i18nKey(w)) }))} />
        </Form.Item>
        <RequiredTextItem name="reason" label={t('refunds.form.reason')} requiredMessage={t('refunds.form.reasonRequired')} />
        {secondFactor.field}
      </Form>
    </FormModal>
  );
}
