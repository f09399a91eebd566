/**
 * One payout: who it goes to, the amounts, the status history (created, reviewed, sent, ended), the failure reason
 * with whether trying again may help, and its callback deliveries with every attempt.
 */
import { ApiRequestsLink } from '../../components/ApiRequestsLink';
import { Alert, Button, Descriptions, Drawer, Empty, Space, Spin, Tag, Timeline, Typography } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { PAYOUT_STATUS_COLORS, payoutDestinationLabel, payoutFailureReason, type PayoutStatusValue } from '@mg/domain';
import { useFormatters } from '../../components/format';
import { StatusTag, useMoney } from '../../components/list';
import { DeliveryCard } from '../collections/TransactionDrawer';
import { usePayoutDetail } from './hooks';

const DRAWER_WIDTH = 720;

export function PayoutDrawer({ id, onClose }: { id: string | null; onClose: () => void }) {
  const { t } = useTranslation();
  const { instant } = useFormatters();
  const money = useMoney();
  const detail = usePayoutDetail(id);
  const d = detail.data;
  const p = d?.payout;
  const amount = (v: string | undefined) => (p && v !== undefined ? `${money(v, p.currency)} ${p.currency}` : '-');
  const reason = p?.failureCode ? payoutFailureReason(p.failureCode) : undefined;

  return (
    <Drawer
      open={id !== null}
      onClose={onClose}
      width={DRAWER_WIDTH}
      title={t('payouts.detail.title')}
      destroyOnHidden
      data-testid="payout-drawer"
      extra={
        <Space>
          <Button icon={<ReloadOutlined />} onClick={() => void detail.refetch()} loading={detail.isFetching} aria-label={t('common.actions.reload')} />
          {p && <ApiRequestsLink orderId={p.id} />}
        </Space>
      }
    >
      {detail.isLoading && <Spin />}
      {detail.isError && <Alert type="error" showIcon message={t('common.messages.detailsLoadFailed')} />}
      {p && d && (
        <>
          <Descriptions bordered size="small" column={2} data-testid="payout-fields">
            <Descriptions.Item label={t('payouts.fields.id')} span={2}>
              <Typography.Text copyable>{p.id}</Typography.Text>
            </Descriptions.Item>
            <Descriptions.Item label={t('collections.fields.merchantOrderId')} span={2}>
              <Typography.Text copyable>{p.merchantOrderId}</Typography.Text>
            </Descriptions.Item>
            <Descriptions.Item label={t('common.fields.status')}>
              <StatusTag value={p.status} labels="status.payout" colors={PAYOUT_STATUS_COLORS} />
            </Descriptions.Item>
            <Descriptions.Item label={t('payouts.fields.destinationKind')}>{t(`payouts.kind.${p.destinationKind}`)}</Descriptions.Item>
            <Descriptions.Item label={t('payouts.fields.amount')}>{amount(p.amount)}</Descriptions.Item>
            <Descriptions.Item label={t('payouts.fields.fee')}>{amount(p.fee)}</Descriptions.Item>
            <Descriptions.Item label={t('payouts.fields.totalDebit')} span={2}>
              <span data-testid="payout-total">{amount(p.totalDebit)}</span>
            </Descriptions.Item>
            {p.network ? (
              <>
                <Descriptions.Item label={t('crypto.fields.network')}>{payoutDestinationLabel(p.bankCode)}</Descriptions.Item>
                <Descriptions.Item label={t('crypto.fields.label')}>{p.accountName}</Descriptions.Item>
                <Descriptions.Item label={t('crypto.fields.payeeAddress')} span={2}>
                  <Typography.Text copyable code data-testid="payout-payee-address">{p.payeeAddress}</Typography.Text>
                </Descriptions.Item>
                <Descriptions.Item label={t('crypto.fields.chainTradeNo')} span={2}>
                  {p.chainTradeNo ? <Typography.Text copyable code style={{ wordBreak: 'break-all' }} data-testid="payout-chain-trade-no">{p.chainTradeNo}</Typography.Text> : '-'}
                </Descriptions.Item>
              </>
            ) : (
              <>
                <Descriptions.Item label={t('payouts.fields.bankCode')}>{p.bankCode}</Descriptions.Item>
                <Descriptions.Item label={t('payouts.fields.accountNumber')}>
                  <Typography.Text copyable>{p.accountNumber}</Typography.Text>
                </Descriptions.Item>
                <Descriptions.Item label={t('payouts.fields.accountName')} span={2}>{p.accountName}</Descriptions.Item>
              </>
            )}
            {p.accountType && <Descriptions.Item label={t('payouts.fields.accountType')}>{t(`payouts.accountType.${p.accountType}`)}</Descriptions.Item>}
            {p.documentId && <Descriptions.Item label={t('payouts.fields.documentId')}>{p.documentId}</Descriptions.Item>}
            {p.bankAgency && <Descriptions.Item label={t('payouts.fields.bankAgency')}>{p.bankAgency}</Descriptions.Item>}
            {p.pixKeyType && <Descriptions.Item label={t('payouts.fields.pixKeyType')}>{t(`payouts.pixKeyType.${p.pixKeyType}`)}</Descriptions.Item>}
            {p.description && <Descriptions.Item label={t('payouts.fields.description')} span={2}>{p.description}</Descriptions.Item>}
            {p.failureCode && (
              <Descriptions.Item label={t('payouts.fields.failureReason')} span={2}>
                <span data-testid="payout-failure">
                  {t(p.failureReason ?? p.failureCode)} <Typography.Text code>{p.failureCode}</Typography.Text>{' '}
                  {reason?.retryable && <Tag color="blue">{t('payouts.detail.retryable')}</Tag>}
                </span>
              </Descriptions.Item>
            )}
            {p.rejectReason && <Descriptions.Item label={t('payouts.fields.rejectReason')} span={2}>{p.rejectReason}</Descriptions.Item>}
          </Descriptions>
          <Typography.Title level={5} style={{ marginTop: 24 }}>
            {t('payouts.detail.timeline')}
          </Typography.Title>
          <Timeline
            data-testid="payout-timeline"
            items={d.timeline.map((e) => ({
              children: (
                <>
                  <Typography.Text strong>{t(`payouts.event.${e.event}`)}</Typography.Text>
                  {e.event === 'ended' && e.status && (
                    <>
                      {' '}
                      <StatusTag value={e.status as PayoutStatusValue} labels="status.payout" colors={PAYOUT_STATUS_COLORS} />
                    </>
                  )}
                  <div>
                    <Typography.Text type="secondary">
                      {instant(e.at)}
                      {e.by ? ` · ${e.by}` : ''}
                      {e.event === 'sent' && e.status ? ` · ${e.status}` : ''}
                    </Typography.Text>
                  </div>
                </>
              ),
            }))}
          />
          <Typography.Title level={5}>{t('collections.drawer.callbacks')}</Typography.Title>
          {d.callbacks.length === 0 ? <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('collections.drawer.noCallbacks')} /> : d.callbacks.map((c) => <DeliveryCard key={c.id} delivery={c} />)}
        </>
      )}
    </Drawer>
  );
}
