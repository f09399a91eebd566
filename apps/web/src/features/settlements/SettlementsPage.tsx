import { useMemo, useRef, useState } from 'react';
import { App, Button, Checkbox, Form, InputNumber, Modal, Tag, Typography } from 'antd';
import { ThunderboltOutlined } from '@ant-design/icons';
import type { ActionType } from '@ant-design/pro-components';
import { useTranslation } from 'react-i18next';
import { ExportKind, Perm, SETTLEMENT_STATUS, SettlementStatus, type SettlementStatusValue } from '@mg/domain';
import { ListTable } from '../../components/list/ListTable';
import { Can } from '../../components/Can';
import { useFormatInstant, useUrlFilters } from '../../components/list/paging';
import { FUNDS_URLS, fundsApi, runAmounts, type SettlementRecord } from '../balances/api';
import { useIsPlatform, useMerchantColumn, useRangeColumn, useRangedRequest, useVisibleColumns, type FundsColumn } from '../../components/list/funds-legacy';
import { useMoney } from '../../components/list/money';

const STATUS_COLORS: Record<SettlementStatusValue, string> = { pending: 'gold', settled: 'success' };

/**
 * "Run settlement now" (platform staff, Perm.SETTLEMENT_RUN): asks first, settles, then says how many batches were
 * settled and how much per currency.
 */
function RunSettlement({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const money = useMoney();
  const platform = useIsPlatform();
  const [open, setOpen] = useState(false);
  const [running, setRunning] = useState(false);
  const [merchantId, setMerchantId] = useState<number | null>(null);
  const [dueOnly, setDueOnly] = useState(false);

  const run = async () => {
    setRunning(true);
    try {
      const result = await fundsApi.runSettlement({ ...(merchantId ? { merchantId } : {}), dueOnly });
      setOpen(false);
      const amounts = runAmounts(result);
      modal.success({
        title: result.settled > 0 ? t('settlements.runDone', { count: result.settled }) : t('settlements.runNothing'),
        content:
          amounts.length > 0 ? (
            <ul style={{ paddingLeft: 18, margin: 0 }} data-testid="run-amounts">
              {amounts.map(([currency, amount]) => (
                <li key={currency}>
                  <Typography.Text strong>{currency}</Typography.Text> {money(amount, currency)}
                </li>
              ))}
            </ul>
          ) : undefined,
        okText: t('common.actions.ok'),
      });
      onDone();
    } catch {
      // The API client has shown the server's message; the dialog stays open for another try.
    } finally {
      setRunning(false);
    }
  };

  return (
    <>
      <Button type="primary" icon={<ThunderboltOutlined />} onClick={() => setOpen(true)} data-testid="run-settlement">
        {t('settlements.run')}
      </Button>
      <Modal
        open={open}
        title={t('settlements.runTitle')}
        okText={t('settlements.runConfirm')}
        cancelText={t('common.actions.cancel')}
        confirmLoading={running}
        onOk={() => void run()}
        onCancel={() => setOpen(false)}
        destroyOnHidden
      >
        <Typography.Paragraph>{t('settlements.runHint')}</Typography.Paragraph>
        <Form layout="vertical">
          {platform && (
            <Form.Item label={t('common.fields.merchantId')} extra={t('settlements.runMerchantHint')}>
              <InputNumber min={1} precision={0} style={{ width: '100%' }} value={merchantId} onChange={(v) => setMerchantId(typeof v === 'number' ? v : null)} data-testid="run-merchant" />
            </Form.Item>
          )}
          <Checkbox checked={dueOnly} onChange={(e) => setDueOnly(e.target.checked)} data-testid="run-due-only">
            {t('settlements.dueOnly')}
          </Checkbox>
        </Form>
      </Modal>
    </>
  );
}

/** Settlement batches (T+N): pending until due, then settled into the available balance. */
export default function Settlements() {
  const { t } = useTranslation();
  const fmt = useFormatInstant();
  const money = useMoney();
  const visible = useVisibleColumns<SettlementRecord>();
  const actionRef = useRef<ActionType>(undefined);
  const { initial, write } = useUrlFilters();
  const list = useRangedRequest<SettlementRecord>(FUNDS_URLS.settlements, write);
  const rangeColumn = useRangeColumn<SettlementRecord>(t('settlements.createdAt'), initial);
  const merchantColumn = useMerchantColumn<SettlementRecord>(initial);
  const statusOptions = useMemo(() => SETTLEMENT_STATUS.states.map((s) => ({ value: s, label: t(`status.settlement.${s}`) })), [t]);

  const columns: FundsColumn<SettlementRecord>[] = [
    rangeColumn,
    merchantColumn,
    { title: t('settlements.settleDate'), dataIndex: 'settleDate', search: false, width: 120 },
    { title: t('settlements.dueAt'), dataIndex: 'dueAt', search: false, render: (_, r) => fmt(r.dueAt) },
    {
      title: t('settlements.status'),
      dataIndex: 'status',
      valueType: 'select',
      initialValue: initial.status,
      fieldProps: { options: statusOptions },
      render: (_, r) => <Tag color={STATUS_COLORS[r.status] ?? 'default'}>{t(`status.settlement.${r.status}`, { defaultValue: r.status })}</Tag>,
    },
    { title: t('settlements.count'), dataIndex: 'collectionCount', search: false, align: 'right' },
    { title: t('settlements.gross'), dataIndex: 'grossAmount', search: false, align: 'right', render: (_, r) => money(r.grossAmount, r.currency) },
    { title: t('settlements.fee'), dataIndex: 'feeAmount', fee: true, search: false, align: 'right', render: (_, r) => money(r.feeAmount, r.currency) },
    { title: t('settlements.refunded'), dataIndex: 'refundedAmount', search: false, align: 'right', render: (_, r) => money(r.refundedAmount, r.currency) },
    {
      title: t('settlements.net'),
      dataIndex: 'netAmount',
      search: false,
      align: 'right',
      render: (_, r) => (
        <Typography.Text strong style={{ whiteSpace: 'nowrap' }}>
          {money(r.netAmount, r.currency)} <Typography.Text type="secondary">{r.currency}</Typography.Text>
        </Typography.Text>
      ),
    },
    { title: t('settlements.settledAt'), dataIndex: 'settledAt', search: false, render: (_, r) => (r.status === SettlementStatus.SETTLED ? fmt(r.settledAt) : '-') },
  ];

  return (
    <>
      <ListTable<SettlementRecord>
        list={list}
        initial={initial}
        exportKind={ExportKind.SETTLEMENTS}
        tools={[
          <Can key="run" code={Perm.SETTLEMENT_RUN}>
            <RunSettlement onDone={() => void actionRef.current?.reload()} />
          </Can>,
        ]}
        actionRef={actionRef}
        columns={visible(columns)}
        headerTitle={t('settlements.title')}
      />
    </>
  );
}
