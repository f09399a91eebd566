/**
 * One settlement batch opened: its totals next to the sums of what it is made of (its collections, their fees, the
 * refunds taken from it while pending), whether they agree, and a way to its collections in Transaction records.
 */
import { Alert, Button, Descriptions, Drawer, Empty, Skeleton, Table, Typography } from 'antd';
import { CheckCircleOutlined, UnorderedListOutlined, WarningOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import {
  SETTLEMENT_STATUS_COLORS,
  collectionsArea,
  settlementsList,
  type SettlementDetail,
} from '@mg/domain';
import { useFormatters } from '../../components/format';
import { LoadFailed } from '../../components/LoadFailed';
import { StatusTag, useMoney, useVisibleColumns } from '../../components/list';
import { useSettlementDetail } from './hooks';

const DRAWER_WIDTH = 720;
/** Transaction records: the collections list filtered by a batch (the list kit reads its filters from the URL). */
const COLLECTIONS_PATH = collectionsArea.pages[0]!.path;

function Totals({ d }: { d: SettlementDetail }) {
  const { t } = useTranslation();
  const money = useMoney();
  // The fee follows the list's §6 rule (hidden from some users while the USD switch is on).
  const showFee = useVisibleColumns(settlementsList).some((c) => c.key === 'feeAmount');
  const b = d.batch;
  const amount = (v: string) => `${money(v, b.currency)} ${b.currency}`;
  const pair = (total: string, sum: string) =>
    total === sum ? amount(total) : `${amount(total)} ≠ ${amount(sum)}`;
  return (
    <Descriptions
      column={1}
      size="small"
      bordered
      styles={{ label: { width: 220 } }}
      data-testid="settlement-totals"
    >
      <Descriptions.Item label={t('settlements.fields.collectionCount')}>
        {b.collectionCount === d.collections.count
          ? b.collectionCount
          : `${b.collectionCount} ≠ ${d.collections.count}`}
      </Descriptions.Item>
      <Descriptions.Item label={t('settlements.fields.grossAmount')}>
        {pair(b.grossAmount, d.collections.gross)}
      </Descriptions.Item>
      {showFee && (
        <Descriptions.Item label={t('settlements.fields.feeAmount')}>
          {pair(b.feeAmount, d.collections.fee)}
        </Descriptions.Item>
      )}
      <Descriptions.Item label={t('settlements.fields.refundedAmount')}>
        {pair(b.refundedAmount, d.refundsTotal)}
      </Descriptions.Item>
      <Descriptions.Item label={t('settlements.fields.netAmount')}>
        <Typography.Text strong>{amount(b.netAmount)}</Typography.Text>
      </Descriptions.Item>
    </Descriptions>
  );
}

export function SettlementDrawer({ id, onClose }: { id: string | null; onClose: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const money = useMoney();
  const { instant } = useFormatters();
  const query = useSettlementDetail(id);
  const d = query.data;
  return (
    <Drawer
      open={id !== null}
      onClose={onClose}
      width={DRAWER_WIDTH}
      title={t('settlements.detailTitle', { id: id ?? '' })}
      destroyOnHidden
      data-testid="settlement-drawer"
    >
      {id === null ? null : query.isLoading ? (
        <Skeleton active paragraph={{ rows: 6 }} />
      ) : query.isError || !d ? (
        <LoadFailed message={t('common.messages.loadFailed')} onRetry={() => void query.refetch()} />
      ) : (
        <>
          <Descriptions column={2} size="small" style={{ marginBottom: 16 }}>
            <Descriptions.Item label={t('settlements.fields.settleDate')}>
              {d.batch.settleDate}
            </Descriptions.Item>
            <Descriptions.Item label={t('common.fields.status')}>
              <StatusTag
                value={d.batch.status}
                labels="status.settlement"
                colors={SETTLEMENT_STATUS_COLORS}
              />
            </Descriptions.Item>
            <Descriptions.Item label={t('settlements.fields.dueAt')}>
              {instant(d.batch.dueAt)}
            </Descriptions.Item>
            <Descriptions.Item label={t('settlements.fields.settledAt')}>
              {d.batch.settledAt ? instant(d.batch.settledAt) : '-'}
            </Descriptions.Item>
          </Descriptions>
          <Alert
            type={d.agrees ? 'success' : 'error'}
            showIcon
            icon={d.agrees ? <CheckCircleOutlined /> : <WarningOutlined />}
            style={{ marginBottom: 12 }}
            message={t(d.agrees ? 'settlements.agrees' : 'settlements.disagrees')}
            data-testid={d.agrees ? 'settlement-agrees' : 'settlement-disagrees'}
          />
          <Totals d={d} />
          <Button
            icon={<UnorderedListOutlined />}
            style={{ margin: '16px 0' }}
            disabled={d.collections.count === 0}
            onClick={() => {
              onClose();
              navigate(`${COLLECTIONS_PATH}?settlementId=${encodeURIComponent(d.batch.id)}`);
            }}
            data-testid="settlement-collections"
          >
            {t('settlements.viewCollections', { count: d.collections.count })}
          </Button>
          <Typography.Title level={5}>{t('settlements.refundsTitle')}</Typography.Title>
          {d.refunds.length === 0 ? (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('settlements.noRefunds')} />
          ) : (
            <Table
              size="small"
              rowKey="id"
              pagination={false}
              dataSource={d.refunds}
              data-testid="settlement-refunds"
              columns={[
                { title: t('settlements.refundId'), dataIndex: 'id' },
                { title: t('collections.fields.transactionId'), dataIndex: 'collectionId' },
                {
                  title: t('common.fields.createdAt'),
                  dataIndex: 'createdAt',
                  render: (v: string) => instant(v),
                },
                {
                  title: t('settlements.fromPending'),
                  dataIndex: 'fromPending',
                  align: 'right',
                  render: (v: string) => money(v, d.batch.currency),
                },
              ]}
            />
          )}
        </>
      )}
    </Drawer>
  );
}
