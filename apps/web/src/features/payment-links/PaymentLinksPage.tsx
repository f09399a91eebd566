/**
 * Payment links: shareable cashier links for a fixed amount (docs/payments-api.md "Payment links"): list, create
 * (then the link to copy), void an active one.
 */
import { useRef, useState } from 'react';
import { App, Button, Form, Input, InputNumber, Modal, Popconfirm, Result, Space, Typography } from 'antd';
import { LinkOutlined, PlusOutlined, StopOutlined } from '@ant-design/icons';
import type { ActionType, ProColumns } from '@ant-design/pro-components';
import { useTranslation } from 'react-i18next';
import {
  ExportKind,
  PAYMENT_LINK_EXPIRY_HOURS_DEFAULT,
  PAYMENT_LINK_EXPIRY_HOURS_MAX,
  PaymentLinkStatus,
  Perm,
  amountSchema,
} from '@mg/domain';
import { Can } from '../../components/Can';
import { ListTable } from '../../components/list/ListTable';
import { useFormatters } from '../../components/format';
import { zodRule } from '../../components/zodRule';
import { useUrlFilters } from '../../components/list/paging';
import { FormModal, useFormSubmit } from '../../components/forms';
import { PAYMENTS_PATHS, paymentsApi, type PaymentLinkRecord } from '../collections/api';
import { LinkStatusTag, RequiredTextItem, amountHint, createdRangeColumn, useColumnRules, useMoney, usePaymentsList, useStatusOptions } from '../collections/_shared';

const MIN_EXPIRY_HOURS = 1;

interface LinkValues {
  amount: string;
  description: string;
  expiryHours: number;
}

function LinkText({ url, testId }: { url: string; testId?: string }) {
  return (
    <Typography.Link href={url} target="_blank" rel="noopener noreferrer" copyable={{ text: url }} data-testid={testId} style={{ wordBreak: 'break-all' }}>
      {url}
    </Typography.Link>
  );
}

export function CreatePaymentLinkModal({ onClose, onCreated }: { onClose: () => void; onCreated: () => void }) {
  const { t } = useTranslation();
  const { money, currency } = useMoney();
  const [form] = Form.useForm<LinkValues>();
  const [created, setCreated] = useState<PaymentLinkRecord | null>(null);
  const submitter = useFormSubmit(form, async (values: LinkValues) => {
    const link = await paymentsApi.createPaymentLink({
      amount: values.amount.trim(),
      description: values.description.trim(),
      expiryHours: values.expiryHours,
    });
    setCreated(link);
    onCreated();
  });

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
          title={t('payment-links.created', { amount: money(created.amount, created.currency), currency: created.currency })}
          subTitle={created.description}
          extra={<LinkText url={created.url} testId="created-link-url" />}
        />
      </Modal>
    );
  }

  return (
    <FormModal title={t('payment-links.create')} submitter={submitter} onClose={onClose} okText={t('payment-links.createOk')} serverErrorTestId="link-server-error">
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
          rules={[zodRule(amountSchema(currency), t)]}
        >
          <Input inputMode="decimal" suffix={currency} />
        </Form.Item>
        <RequiredTextItem name="description" label={t('payment-links.description')} requiredMessage={t('payment-links.form.descriptionRequired')} />
        <Form.Item
          name="expiryHours"
          label={t('payment-links.expiryHours')}
          extra={t('payment-links.expiryHint', { min: MIN_EXPIRY_HOURS, max: PAYMENT_LINK_EXPIRY_HOURS_MAX })}
          rules={[
            { required: true, message: t('payment-links.expiryRange', { min: MIN_EXPIRY_HOURS, max: PAYMENT_LINK_EXPIRY_HOURS_MAX }) },
            {
              type: 'integer',
              min: MIN_EXPIRY_HOURS,
              max: PAYMENT_LINK_EXPIRY_HOURS_MAX,
              message: t('payment-links.expiryRange', { min: MIN_EXPIRY_HOURS, max: PAYMENT_LINK_EXPIRY_HOURS_MAX }),
            },
          ]}
        >
          <InputNumber min={MIN_EXPIRY_HOURS} max={PAYMENT_LINK_EXPIRY_HOURS_MAX} precision={0} style={{ width: '100%' }} />
        </Form.Item>
      </Form>
    </FormModal>
  );
}

export default function PaymentLinks() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { instant } = useFormatters();
  const { money } = useMoney();
  const visible = useColumnRules();
  const status = useStatusOptions();
  const actionRef = useRef<ActionType>(undefined);
  const { initial, write } = useUrlFilters();
  const list = usePaymentsList<PaymentLinkRecord>(PAYMENTS_PATHS.paymentLinks, write);
  const [creating, setCreating] = useState(false);
  const reload = () => void actionRef.current?.reload();

  const voidLink = async (r: PaymentLinkRecord) => {
    await paymentsApi.voidPaymentLink(r.id);
    message.success(t('payment-links.voided'));
    reload();
  };

  const columns: ProColumns<PaymentLinkRecord>[] = [
    createdRangeColumn<PaymentLinkRecord>(t('common.fields.createdAt'), initial, [t('common.fields.rangeStart'), t('common.fields.rangeEnd')]),
    {
      title: t('common.fields.status'),
      dataIndex: 'status',
      valueType: 'select',
      initialValue: initial.status,
      fieldProps: { options: status.link },
      render: (_, r) => <LinkStatusTag value={r.status} />,
    },
    { title: t('common.fields.amount'), dataIndex: 'amount', search: false, sorter: true, align: 'right', render: (_, r) => money(r.amount, r.currency) },
    {
      title: t('payment-links.description'),
      dataIndex: 'description',
      search: false,
      render: (_, r) => (
        <Typography.Text ellipsis={{ tooltip: r.description }} style={{ maxWidth: 220 }}>
          {r.description}
        </Typography.Text>
      ),
    },
    {
      title: t('payment-links.expiry'),
      dataIndex: 'expiresAt',
      search: false,
      sorter: true,
      render: (_, r) => (
        <Space direction="vertical" size={0}>
          <span>{instant(r.expiresAt)}</span>
          <Typography.Text type="secondary">{t('collections.fields.hours', { count: r.expiryHours })}</Typography.Text>
        </Space>
      ),
    },
    {
      title: t('payment-links.link'),
      dataIndex: 'url',
      search: false,
      render: (_, r) => (
        <Typography.Text copyable={{ text: r.url }} data-testid={`link-url-${r.id}`}>
          <Typography.Link href={r.url} target="_blank" rel="noopener noreferrer">
            <LinkOutlined /> {t('payment-links.open')}
          </Typography.Link>
        </Typography.Text>
      ),
    },
    {
      title: t('payment-links.collectionId'),
      dataIndex: 'collectionId',
      search: false,
      render: (_, r) => (r.collectionId ? <Typography.Text copyable>{r.collectionId}</Typography.Text> : '-'),
    },
    { title: t('payment-links.createdBy'), dataIndex: 'createdBy', search: false },
    { title: t('common.fields.createdAt'), dataIndex: 'createdAt', search: false, sorter: true, render: (_, r) => instant(r.createdAt) },
    {
      title: t('common.fields.actions'),
      valueType: 'option',
      key: 'actions',
      fixed: 'right',
      render: (_, r) =>
        r.status === PaymentLinkStatus.ACTIVE
          ? [
              <Can key="void" code={Perm.PAYMENT_LINK_VOID}>
                <Popconfirm
                  title={t('payment-links.voidConfirm')}
                  okText={t('common.actions.confirm')}
                  cancelText={t('common.actions.cancel')}
                  okButtonProps={{ danger: true }}
                  onConfirm={() => voidLink(r)}
                >
                  <Button type="link" size="small" danger icon={<StopOutlined />} data-testid={`void-${r.id}`}>
                    {t('payment-links.void')}
                  </Button>
                </Popconfirm>
              </Can>,
            ]
          : [],
    },
  ];

  return (
    <>
      <ListTable<PaymentLinkRecord>
        list={list}
        initial={initial}
        exportKind={ExportKind.PAYMENT_LINKS}
        tools={[
          <Can key="create" code={Perm.PAYMENT_LINK_ADD}>
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)} data-testid="create-payment-link">
              {t('payment-links.create')}
            </Button>
          </Can>,
        ]}
        actionRef={actionRef}
        columns={visible(columns)}
        headerTitle={t('payment-links.title')}
        tooltip={t('collections.defaultRangeHint')}
      />
      {creating && <CreatePaymentLinkModal onClose={() => setCreating(false)} onCreated={reload} />}
    </>
  );
}
