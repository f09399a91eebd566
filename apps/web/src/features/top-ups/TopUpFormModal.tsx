/**
 * A new top-up (docs/payments-api.md `POST /api/top-ups`): the session currency, a payment method of its products and
 * the amount. Created, it answers the cashier address: the dialog offers it as a link the user opens (a new tab, as
 * a customer would pay), and the records list offers it again while the top-up is open.
 */
import { useState } from 'react';
import { Alert, Button, Form, Input, Modal, Result, Select, Space, Typography } from 'antd';
import { ExportOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { SecondFactorCall, amountSchema, canonicalAmount } from '@mg/domain';
import { applyServerErrors } from '../../components/forms';
import { useSecondFactorField } from '../../components/secondFactor';
import { useFormatters } from '../../components/format';
import { amountHint, productPaymentTypes } from '../../components/list';
import { zodRule } from '../../components/zodRule';
import { useCreateTopUp, type TopUpRecord } from './hooks';

interface Values {
  paymentType?: number;
  amount: string;
  googleCode?: string;
}

export function TopUpFormModal({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const { currency } = useFormatters();
  const [form] = Form.useForm<Values>();
  const create = useCreateTopUp();
  const [created, setCreated] = useState<TopUpRecord | null>(null);
  const [error, setError] = useState<string | null>(null);
  const methods = productPaymentTypes(currency);
  const secondFactor = useSecondFactorField(SecondFactorCall.TOP_UP_CREATE, form, 'top-up');

  const submit = async () => {
    let values: Values;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    setError(null);
    try {
      setCreated(
        await create.mutateAsync({
          currency,
          paymentType: values.paymentType!,
          amount: canonicalAmount(values.amount, currency),
          googleCode: values.googleCode,
        }),
      );
    } catch (e) {
      // An answer about the Google code stands on its field; anything else above the form.
      if (!secondFactor.takeError(e)) setError(applyServerErrors(form, e));
    }
  };

  if (created) {
    return (
      <Modal
        open
        title={t('top-ups.form.title')}
        onCancel={onClose}
        footer={<Button onClick={onClose}>{t('common.actions.ok')}</Button>}
      >
        <Result
          status="info"
          title={created.id}
          subTitle={t('top-ups.form.created', { id: created.id })}
          extra={
            <Button
              type="primary"
              icon={<ExportOutlined />}
              href={created.cashierUrl}
              target="_blank"
              rel="noopener"
              data-testid="top-up-cashier"
            >
              {t('top-ups.actions.pay')}
            </Button>
          }
        />
      </Modal>
    );
  }
  return (
    <Modal
      open
      title={t('top-ups.form.title')}
      onCancel={onClose}
      destroyOnHidden
      maskClosable={false}
      footer={
        <Space>
          <Button onClick={onClose}>{t('common.actions.cancel')}</Button>
          <Button
            type="primary"
            loading={create.isPending}
            onClick={() => void submit()}
            data-testid="top-up-create"
          >
            {t('top-ups.form.create')}
          </Button>
        </Space>
      }
    >
      <Typography.Paragraph type="secondary">{t('top-ups.form.hint')}</Typography.Paragraph>
      {error && (
        <Alert
          type="error"
          showIcon
          message={error}
          style={{ marginBottom: 16 }}
          data-testid="top-up-form-error"
        />
      )}
      <Form
        form={form}
        name="topUpForm"
        layout="vertical"
        autoComplete="off"
        initialValues={{ amount: '', paymentType: methods[0]?.value }}
        data-testid="top-up-form"
      >
        <Form.Item
          name="paymentType"
          label={t('top-ups.fields.paymentType')}
          rules={[{ required: true, message: t('top-ups.fields.paymentType') }]}
        >
          <Select
            options={methods.map((m) => ({ value: m.value, label: t(m.i18nKey) }))}
            data-testid="top-up-method"
          />
        </Form.Item>
        <Form.Item
          name="amount"
          label={`${t('top-ups.fields.amount')} (${currency})`}
          extra={amountHint(currency, t)}
          rules={[zodRule(amountSchema(currency, { allowGrouping: true }), t)]}
        >
          <Input inputMode="decimal" suffix={currency} data-testid="top-up-amount" />
        </Form.Item>
        {secondFactor.field}
      </Form>
    </Modal>
  );
}
