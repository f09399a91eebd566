/** The dialog that creates a payment link, then shows the link to copy. */
import { useState } from 'react';
import { Button, Form, Input, InputNumber, Modal, Result, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  PAYMENT_LINK_EXPIRY_HOURS_DEFAULT,
  PAYMENT_LINK_EXPIRY_HOURS_MAX,
  PAYMENT_LINK_EXPIRY_HOURS_MIN,
  amountSchema,
  canonicalAmount,
} from '@mg/domain';
import { useFormatters } from '../../components/format';
import { FormModal, RequiredTextItem, useFormSubmit } from '../../components/forms';
import { amountHint, useMoney } from '../../components/list';
import { zodRule } from '../../components/zodRule';
import { useCreatePaymentLink, type PaymentLinkRecord } from './hooks';

interface LinkValues {
  amount: string;
  description: string;
  expiryHours: number;
}

export function LinkText({ url, testId }: { url: string; testId?: string }) {
  return (
    <Typography.Link
      href={url}
      target="_blank"
      rel="noopener noreferrer"
      copyable={{ text: url }}
      data-testid={testId}
      style={{ wordBreak: 'break-all' }}
    >
      {url}
    </Typography.Link>
  );
}

export function CreatePaymentLinkModal({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const money = useMoney();
  const { currency } = useFormatters();
  const [form] = Form.useForm<LinkValues>();
  const create = useCreatePaymentLink();
  const [created, setCreated] = useState<PaymentLinkRecord | null>(null);
  const submitter = useFormSubmit(form, async (values: LinkValues) => {
    setCreated(
      await create.mutateAsync({
        amount: canonicalAmount(values.amount, currency),
        description: values.description.trim(),
        expiryHours: values.expiryHours,
      }),
    );
  });
  const range = { min: PAYMENT_LINK_EXPIRY_HOURS_MIN, max: PAYMENT_LINK_EXPIRY_HOURS_MAX };

  if (created) {
    return (
      <Modal
        open
        title={t('payment-links.createdTitle')}
        onCancel={onClose}
        footer={
          <Button type="primary" onClick={onClose}>
            {t('payment-links.done')}
          </Button>
        }
      >
        <Result
          status="success"
          title={t('payment-links.created', {
            amount: money(created.amount, created.currency),
            currency: created.currency,
          })}
          subTitle={created.description}
          extra={<LinkText url={created.url} testId="created-link-url" />}
        />
      </Modal>
    );
  }

  return (
    <FormModal
      title={t('payment-links.create')}
      submitter={submitter}
      onClose={onClose}
      okText={t('payment-links.createOk')}
      serverErrorTestId="link-server-error"
    >
      <Form
        form={form}
        name="paymentLinkForm"
        layout="vertical"
        preserve={false}
        autoComplete="off"
        initialValues={{ expiryHours: PAYMENT_LINK_EXPIRY_HOURS_DEFAULT, amount: '', description: '' }}
      >
        <Form.Item
          name="amount"
          label={t('payment-links.amount', { currency })}
          extra={amountHint(currency, t)}
          rules={[zodRule(amountSchema(currency, { allowGrouping: true }), t)]}
        >
          <Input inputMode="decimal" suffix={currency} />
        </Form.Item>
        <RequiredTextItem
          name="description"
          label={t('payment-links.description')}
          requiredMessage={t('payment-links.form.descriptionRequired')}
        />
        <Form.Item
          name="expiryHours"
          label={t('payment-links.expiryHours')}
          extra={t('payment-links.expiryHint', range)}
          rules={[
            { required: true, message: t('payment-links.expiryRange', range) },
            { type: 'integer', ...range, message: t('payment-links.expiryRange', range) },
          ]}
        >
          <InputNumber min={range.min} max={range.max} precision={0} style={{ width: '100%' }} />
        </Form.Item>
      </Form>
    </FormModal>
  );
}
