/** Refunds: every refund of the merchant's collections, filterable, with the collection's detail a click away. */
import { useRef, useState } from 'react';
import { Button, Typography } from 'antd';
import type { ActionType, ProColumns } from '@ant-design/pro-components';
import { useTranslation } from 'react-i18next';
import { ExportKind, Perm, REFUND_TYPE, REFUND_WAY, type RefundTypeValue, type RefundWayValue } from '@mg/domain';
import { ListTable } from '../../components/list/ListTable';
import { useFormatters } from '../../components/format';
import { usePermission } from '../../session/usePermission';
import { useUrlFilters } from '../../components/list/paging';
import { PAYMENTS_PATHS, type RefundRecord } from '../collections/api';
import { NotifyStatusTag, RefundStatusTag, createdRangeColumn, useColumnRules, useMoney, usePaymentsList, useStatusOptions } from '../collections/_shared';
import { TransactionDrawer } from '../collections/TransactionDrawer';

export default function Refunds() {
  const { t } = useTranslation();
  const { instant } = useFormatters();
  const { money } = useMoney();
  const perm = usePermission();
  const visible = useColumnRules();
  const status = useStatusOptions();
  const actionRef = useRef<ActionType>(undefined);
  const { initial, write } = useUrlFilters();
  const list = usePaymentsList<RefundRecord>(PAYMENTS_PATHS.refunds, write);
  const [collectionId, setCollectionId] = useState<string | null>(null);

  const columns: ProColumns<RefundRecord>[] = [
    createdRangeColumn<RefundRecord>(t('common.fields.createdAt'), initial, [t('common.fields.rangeStart'), t('common.fields.rangeEnd')]),
    { title: t('refunds.id'), dataIndex: 'id', initialValue: initial.id, copyable: true },
    {
      title: t('refunds.collectionId'),
      dataIndex: 'collectionId',
      initialValue: initial.collectionId,
      render: (_, r) =>
        // The detail needs the transaction list's permission; without it the id is plain text.
        perm.has(Perm.COLLECTION_MENU) ? (
          <Typography.Text copyable={{ text: r.collectionId }}>
            <Button type="link" size="small" style={{ padding: 0 }} onClick={() => setCollectionId(r.collectionId)} data-testid={`open-collection-${r.id}`}>
              {r.collectionId}
            </Button>
          </Typography.Text>
        ) : (
          <Typography.Text copyable>{r.collectionId}</Typography.Text>
        ),
    },
    { title: t('collections.fields.merchantOrderId'), dataIndex: 'merchantOrderId', initialValue: initial.merchantOrderId },
    { title: t('refunds.merchantRefundId'), dataIndex: 'merchantRefundId', search: false },
    {
      title: t('refunds.refundType'),
      dataIndex: 'refundType',
      search: false,
      render: (_, r) => t(REFUND_TYPE.i18nKey(r.refundType as RefundTypeValue)),
    },
    {
      title: t('refunds.refundWay'),
      dataIndex: 'refundWay',
      search: false,
      render: (_, r) => t(REFUND_WAY.i18nKey(r.refundWay as RefundWayValue)),
    },
    { title: t('refunds.requestedAmount'), dataIndex: 'requestedAmount', search: false, align: 'right', render: (_, r) => money(r.requestedAmount, r.currency) },
    { title: t('refunds.actualAmount'), dataIndex: 'actualAmount', search: false, align: 'right', render: (_, r) => money(r.actualAmount, r.currency) },
    {
      title: t('common.fields.status'),
      dataIndex: 'status',
      valueType: 'select',
      initialValue: initial.status,
      fieldProps: { options: status.refund },
      render: (_, r) => <RefundStatusTag value={r.status} />,
    },
    {
      title: t('refunds.reason'),
      dataIndex: 'reason',
      search: false,
      render: (_, r) => (
        <Typography.Text ellipsis={{ tooltip: r.reason }} style={{ maxWidth: 240 }}>
          {r.reason}
        </Typography.Text>
      ),
    },
    { title: t('collections.fields.failureReason'), dataIndex: 'failureReason', search: false, render: (_, r) => r.failureReason ?? '-' },
    { title: t('collections.fields.notifyStatus'), dataIndex: 'notifyStatus', search: false, render: (_, r) => <NotifyStatusTag value={r.notifyStatus} /> },
    { title: t('refunds.createdBy'), dataIndex: 'createdBy', search: false },
    { title: t('common.fields.createdAt'), dataIndex: 'createdAt', search: false, sorter: true, render: (_, r) => instant(r.createdAt) },
    { title: t('refunds.completedAt'), dataIndex: 'completedAt', search: false, render: (_, r) => instant(r.completedAt) },
  ];

  return (
    <>
      <ListTable<RefundRecord>
        list={list}
        initial={initial}
        exportKind={ExportKind.REFUNDS}
        actionRef={actionRef}
        columns={visible(columns)}
        headerTitle={t('refunds.title')}
        tooltip={t('collections.defaultRangeHint')}
      />
      <TransactionDrawer id={collectionId} onClose={() => setCollectionId(null)} onChanged={() => void actionRef.current?.reload()} />
    </>
  );
}
