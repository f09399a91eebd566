/**
 * A new auto-deduction mandate (docs/payments-api.md `POST /api/auto-deductions`): the amount of each charge in the
 * session currency, the payment method, every N days / weeks / months, how many times (or until stopped) and the
 * payer's e-mail. Created, it offers the authorisation page to send to the payer.
 */
import { useState } from 'react';
import { Alert, Button, Form, Input, InputNumber, Modal, Result, Select, Space, Typography } from 'antd';
import { ExportOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { INTERVAL_UNITS, MANDATE_INTERVAL_MAX, MANDATE_REPETITIONS_MAX, MERCHANT_ORDER_ID_PATTERN, amountSchema, canonicalAmount } from '@mg/domain';
import { applyServerErrors } from '../../components/forms';
import { useFormatters } from '../../components/format';
import { productPaymentTypes } from '../../components/list';
import { zodRule } from '../../components/zodRule';
import { useCreateMandate, type MandateRecord } from './hooks';

interface Values {
  amount: string;
  paymentType?: number;
  intervalPeriod: number;
  intervalUnit: string;
  repetitions?: number | null;
  payerEmail: string;
  payerName?: string;
  merchantMandateId?: string;
}

export function MandateFormModal({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const { currency } = useFormatters();
  const [form] = Form.useForm<Values>();
  const create = useCreateMandate();
  const [created, setCreated] = useState<MandateRecord | null>(null);
  const [error, setError] = useState<string | null>(null);
  const methods = productPaymentTypes(currency);

  const submit = async () => {
    let v: Values;
    try {
      v = await form.validateFields();
    } catch {
      return;
    }
    setError(null);
    try {
      setCreated(
        await create.mutateAsync({
          ...v,
          currency,
          paymentType: v.paymentType!,
          amount: canonicalAmount(v.amount, currency),
          repetitions: v.repetitions ?? null,
          payerName: v.payerName?.trim() || undefined,
          merchantMandateId: v.merchantMandateId?.trim() || undefined,
        }),
      );
    } catch (e) {
      setError(applyServerErrors(form, e));
    }
  };

  if (created) {
    return (
      <Modal open title={t('auto-deductions.form.title')} onCancel={onClose} footer={<Button onClick={onClose}>{t('common.actions.ok')}</Button>}>
        <Result
          status="success"
          title={created.id}
          subTitle={t('auto-deductions.form.created', { id: created.id })}
          extra={
            <Space direction="vertical">
              <Typography.Text copyable data-testid="mandate-authorization-url">
                {created.authorizationUrl}
              </Typography.Text>
              <Button type="primary" icon={<ExportOutlined />} href={created.authorizationUrl} target="_blank" rel="noopener">
                {t('auto-deductions.actions.authorize')}
              </Button>
            </Space>
          }
        />
      </Modal>
    );
  }
  return (
    <Modal open title={t('auto-deductions.form.title')} onCancel={onClose} onOk={() => void submit()} confirmLoading={create.isPending} okText={t('common.actions.confirm')} cancelText={t('common.actions.cancel')} okButtonProps={{ 'data-testid': 'mandate-save' } as never} destroyOnHidden maskClosable={false}>
      <Typography.Paragraph type="secondary">{t('auto-deductions.form.hint')}</Typography.Paragraph>
      {error && <Alert type="error" showIcon message={error} style={{ marginBottom: 16 }} />}
      <Form form={form} layout="vertical" name="mandateForm" autoComplete="off" initialValues={{ amount: '', paymentType: methods[0]?.value, intervalPeriod: 1, intervalUnit: 'month' }} data-testid="mandate-form">
        <Form.Item name="amount" label={`${t('auto-deductions.fields.amount')} (${currency})`} rules={[zodRule(amountSchema(currency, { allowGrouping: true }), t)]}>
          <Input inputMode="decimal" suffix={currency} data-testid="mandate-amount" />
        </Form.Item>
        <Form.Item name="paymentType" label={t('auto-deductions.fields.paymentType')} rules={[{ required: true, message: t('auto-deductions.fields.paymentType') }]}>
          <Select options={methods.map((m) => ({ value: m.value, label: t(m.i18nKey) }))} />
        </Form.Item>
        <Space.Compact style={{ width: '100%' }}>
          <Form.Item name="intervalPeriod" label={t('auto-deductions.fields.intervalPeriod')} style={{ flex: 1 }}>
            <InputNumber min={1} max={MANDATE_INTERVAL_MAX} precision={0} style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item name="intervalUnit" label={t('auto-deductions.fields.intervalUnit')} style={{ flex: 1 }}>
            <Select options={INTERVAL_UNITS.map((u) => ({ value: u, label: t(`auto-deductions.unit.${u}`) }))} />
          </Form.Item>
        </Space.Compact>
        <Form.Item name="repetitions" label={t('auto-deductions.fields.repetitions')} extra={t('auto-deductions.form.untilStopped')}>
          <InputNumber min={1} max={MANDATE_REPETITIONS_MAX} precision={0} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="payerEmail" label={t('auto-deductions.fields.payerEmail')} rules={[{ required: true, type: 'email', message: t('validation.email.invalid') }]}>
          <Input maxLength={254} data-testid="mandate-email" />
        </Form.Item>
        <Form.Item name="merchantMandateId" label={t('auto-deductions.fields.merchantMandateId')} rules={[{ pattern: MERCHANT_ORDER_ID_PATTERN, message: t('collections.merchantOrderIdInvalid') }]}>
          <Input maxLength={64} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
