/**
 * Transaction records (collections): filters kept in the URL, the spec's columns with the §6 column rules, a detail
 * drawer (callback attempts, resend) and the refund action (docs/payments-api.md "Collections").
 */
import { useMemo, useRef, useState } from 'react';
import { Button, Space, Typography } from 'antd';
import { EyeOutlined, RollbackOutlined } from '@ant-design/icons';
import type { ActionType, ProColumns } from '@ant-design/pro-components';
import { useTranslation } from 'react-i18next';
import { ExportKind, PAYMENT_TYPES, PaymentType, Perm, amountSchema, channelsForCurrency, type CurrencyCode } from '@mg/domain';
import { Can } from '../../components/Can';
import { ListTable } from '../../components/list/ListTable';
import { useFormatters } from '../../components/format';
import { zodMessage } from '../../components/zodRule';
import { useUrlFilters } from '../../components/list/paging';
import { PAYMENTS_PATHS, type CollectionRecord } from './api';
import { NotifyStatusTag, PaymentStatusTag, createdRangeColumn, useColumnRules, isInnerControl, useMoney, usePaymentsList, useStatusOptions } from './_shared';
import { TransactionDrawer, canRefund, channelLabel } from './TransactionDrawer';
import { RefundModal } from '../refunds/RefundModal';

/** An optional amount filter: empty is fine, anything else must be an amount of the currency. */
function optionalAmountRule(currency: CurrencyCode, t: Parameters<typeof zodMessage>[2]) {
  const schema = amountSchema(currency, { allowZero: true });
  return {
    validator: (_: unknown, value: unknown) => {
      const text = typeof value === 'string' ? value.trim() : '';
      if (!text) return Promise.resolve();
      const message = zodMessage(schema, text, t);
      return message ? Promise.reject(new Error(message)) : Promise.resolve();
    },
  };
}

/** Collection payment types offered for a currency: those of its channels (payouts are not collections). */
function paymentTypesFor(currency: CurrencyCode): typeof PAYMENT_TYPES {
  const used = new Set(channelsForCurrency(currency).map((c) => c.paymentType));
  return PAYMENT_TYPES.filter((p) => used.has(p.value) && p.value !== PaymentType.PAYOUT);
}

export default function Transactions() {
  const { t } = useTranslation();
  const { instant } = useFormatters();
  const { money, currency } = useMoney();
  const visible = useColumnRules();
  const status = useStatusOptions();
  const actionRef = useRef<ActionType>(undefined);
  const { initial, write } = useUrlFilters();
  const list = usePaymentsList<CollectionRecord>(PAYMENTS_PATHS.collections, write);
  const [openId, setOpenId] = useState<string | null>(null);
  const [refundId, setRefundId] = useState<string | null>(null);
  const reload = () => void actionRef.current?.reload();

  const channelOptions = useMemo(() => channelsForCurrency(currency).map((c) => ({ value: String(c.code), label: t(c.i18nKey) })), [currency, t]);
  const paymentTypeOptions = useMemo(() => paymentTypesFor(currency).map((p) => ({ value: String(p.value), label: t(p.i18nKey) })), [currency, t]);
  const amountRule = useMemo(() => optionalAmountRule(currency, t), [currency, t]);

  const columns: ProColumns<CollectionRecord>[] = [
    createdRangeColumn<CollectionRecord>(t('common.fields.createdAt'), initial, [t('common.fields.rangeStart'), t('common.fields.rangeEnd')]),
    { title: t('collections.fields.merchantOrderId'), dataIndex: 'merchantOrderId', initialValue: initial.merchantOrderId, copyable: true },
    { title: t('collections.fields.transactionId'), dataIndex: 'id', initialValue: initial.id, copyable: true },
    {
      title: t('common.fields.status'),
      dataIndex: 'status',
      valueType: 'select',
      initialValue: initial.status,
      fieldProps: { options: status.payment },
      render: (_, r) => <PaymentStatusTag value={r.status} />,
    },
    { title: t('common.fields.amount'), dataIndex: 'amount', search: false, sorter: true, align: 'right', render: (_, r) => money(r.amount, r.currency) },
    {
      title: t('collections.fields.channel'),
      dataIndex: 'channel',
      valueType: 'select',
      initialValue: initial.channel,
      fieldProps: { options: channelOptions, showSearch: true, optionFilterProp: 'label' },
      render: (_, r) => channelLabel(r.channel, t),
    },
    {
      title: t('collections.fields.paymentType'),
      dataIndex: 'paymentType',
      valueType: 'select',
      hideInTable: true,
      initialValue: initial.paymentType,
      fieldProps: { options: paymentTypeOptions },
    },
    // Codes can be long (QR payloads): cut with an ellipsis, the full code is in the details and copied whole.
    { title: t('collections.fields.paymentCode'), dataIndex: 'paymentCode', search: false, copyable: true, ellipsis: true, width: 180 },
    {
      title: t('collections.fields.amountMin'),
      dataIndex: 'amountMin',
      hideInTable: true,
      initialValue: initial.amountMin,
      formItemProps: { rules: [amountRule] },
      fieldProps: { inputMode: 'decimal' },
    },
    {
      title: t('collections.fields.amountMax'),
      dataIndex: 'amountMax',
      hideInTable: true,
      initialValue: initial.amountMax,
      formItemProps: { rules: [amountRule] },
      fieldProps: { inputMode: 'decimal' },
    },
    { title: t('collections.fields.adminFee'), dataIndex: 'adminFee', search: false, align: 'right', render: (_, r) => money(r.adminFee, r.currency) },
    { title: t('collections.fields.serviceFee'), dataIndex: 'serviceFee', search: false, align: 'right', render: (_, r) => money(r.serviceFee, r.currency) },
    { title: t('collections.fields.paidAmount'), dataIndex: 'paidAmount', search: false, align: 'right', render: (_, r) => money(r.paidAmount, r.currency) },
    { title: t('collections.fields.paidAt'), dataIndex: 'paidAt', search: false, sorter: true, render: (_, r) => instant(r.paidAt) },
    {
      title: t('collections.fields.payer'),
      dataIndex: 'payerName',
      search: false,
      render: (_, r) =>
        r.payerName || r.payerEmail ? (
          <Space direction="vertical" size={0}>
            <span>{r.payerName ?? '-'}</span>
            {r.payerEmail && <Typography.Text type="secondary">{r.payerEmail}</Typography.Text>}
          </Space>
        ) : (
          '-'
        ),
    },
    {
      title: t('collections.fields.notifyStatus'),
      dataIndex: 'notifyStatus',
      valueType: 'select',
      initialValue: initial.notifyStatus,
      fieldProps: { options: status.notify },
      render: (_, r) => <NotifyStatusTag value={r.notifyStatus} />,
    },
    { title: t('common.fields.createdAt'), dataIndex: 'createdAt', search: false, sorter: true, render: (_, r) => instant(r.createdAt) },
    {
      title: t('common.fields.actions'),
      valueType: 'option',
      key: 'actions',
      fixed: 'right',
      render: (_, r) => [
        <Button key="details" type="link" size="small" icon={<EyeOutlined />} onClick={() => setOpenId(r.id)} data-testid={`details-${r.id}`}>
          {t('common.actions.details')}
        </Button>,
        canRefund(r, currency) ? (
          <Can key="refund" code={Perm.REFUND_ADD}>
            <Button type="link" size="small" danger icon={<RollbackOutlined />} onClick={() => setRefundId(r.id)} data-testid={`refund-${r.id}`}>
              {t('refunds.form.action')}
            </Button>
          </Can>
        ) : null,
      ],
    },
  ];

  return (
    <>
      <ListTable<CollectionRecord>
        list={list}
        initial={initial}
        exportKind={ExportKind.COLLECTIONS}
        actionRef={actionRef}
        columns={visible(columns)}
        headerTitle={t('collections.title')}
        tooltip={t('collections.defaultRangeHint')}
        form={{ ignoreRules: false }}
        onRow={(r) => ({
          onClick: (e) => {
            if (!isInnerControl(e.target)) setOpenId(r.id);
          },
          style: { cursor: 'pointer' },
        })}
      />
      <TransactionDrawer id={openId} onClose={() => setOpenId(null)} onChanged={reload} />
      {refundId && (
        <RefundModal
          collectionId={refundId}
          onClose={() => setRefundId(null)}
          onRefunded={() => {
            setRefundId(null);
            reload();
          }}
        />
      )}
    </>
  );
}
