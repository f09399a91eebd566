/**
 * The merchant's newest payout batches: what each file held and what was submitted, status, and for reviewers the
 * review of a whole batch (someone other than its maker), confirmed with the server's figures (BatchReviewFlow);
 * the result file of any, and its payouts in the list.
 */
import { useState } from 'react';
import { Button, Drawer, Space, Table, Typography } from 'antd';
import { CheckOutlined, CloseOutlined, DownloadOutlined, UnorderedListOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { PAYOUT_BATCH_STATUS_COLORS, PayoutBatchStatus, Perm } from '@mg/domain';
import { useCurrentUser } from '../../components/forms';
import { useFormatters } from '../../components/format';
import { CARD_LAYOUT_MAX_WIDTH, StatusTag, useMoney } from '../../components/list';
import { useMediaQuery } from '../../components/useMediaQuery';
import { usePermission } from '../../session/usePermission';
import { BatchReviewFlow } from './BatchConfirm';
import { downloadBatchResult, useBatches, type BatchView } from './hooks';

export function BatchesDrawer({ open, onClose, onShowPayouts }: { open: boolean; onClose: () => void; onShowPayouts: (batchId: string) => void }) {
  const { t } = useTranslation();
  const money = useMoney();
  const { instant } = useFormatters();
  const perm = usePermission();
  const { data: user } = useCurrentUser();
  const batches = useBatches(open);
  const narrow = useMediaQuery(`(max-width: ${CARD_LAYOUT_MAX_WIDTH}px)`, false);
  const [reviewing, setReviewing] = useState<{ batch: BatchView; action: 'approve' | 'reject' } | null>(null);
  const canReview = (b: BatchView) => perm.has(Perm.PAYOUT_REVIEW) && b.status === PayoutBatchStatus.PENDING_REVIEW && b.createdBy !== user?.username;
  const total = (b: BatchView, v: string) => `${money(v, b.currency)} ${b.currency}`;

  return (
    <Drawer open={open} onClose={onClose} width={narrow ? '100%' : 1200} title={t('payouts.batch.list')} destroyOnHidden data-testid="batches-drawer">
      <Table<BatchView>
        size="small"
        rowKey="id"
        loading={batches.isLoading}
        dataSource={batches.data ?? []}
        pagination={false}
        scroll={{ x: 'max-content' }}
        columns={[
          { title: t('payouts.batch.id'), dataIndex: 'id' },
          { title: t('payouts.batch.fileName'), dataIndex: 'fileName', ellipsis: true },
          { title: t('payouts.batch.rows'), key: 'rows', render: (_, b) => `${b.rowCount} / ${b.uploadedCount}` },
          { title: t('payouts.fields.amount'), key: 'amount', align: 'right', render: (_, b) => total(b, b.totalAmount) },
          { title: t('payouts.fields.totalDebit'), key: 'debit', align: 'right', render: (_, b) => total(b, b.totalDebit) },
          { title: t('common.fields.status'), key: 'status', render: (_, b) => <StatusTag value={b.status} labels="status.payoutBatch" colors={PAYOUT_BATCH_STATUS_COLORS} /> },
          {
            title: t('payouts.fields.createdBy'),
            key: 'createdBy',
            render: (_, b) => (
              <>
                <div>{b.createdBy}</div>
                <Typography.Text type="secondary">{instant(b.createdAt)}</Typography.Text>
              </>
            ),
          },
          {
            title: t('common.fields.actions'),
            key: 'actions',
            // Fixed where the table is wider than the drawer at 1440; a phone scrolls to it (a fixed 240 px would hide the rest).
            fixed: narrow ? undefined : 'right',
            width: 240,
            render: (_, b) => (
              <Space size={0} wrap>
                {canReview(b) && (
                  <>
                    <Button type="link" size="small" icon={<CheckOutlined />} onClick={() => setReviewing({ batch: b, action: 'approve' })} data-testid={`approve-batch-${b.id}`}>
                      {t('payouts.review.approve')}
                    </Button>
                    <Button type="link" size="small" danger icon={<CloseOutlined />} onClick={() => setReviewing({ batch: b, action: 'reject' })} data-testid={`reject-batch-${b.id}`}>
                      {t('payouts.review.reject')}
                    </Button>
                  </>
                )}
                <Button type="link" size="small" icon={<UnorderedListOutlined />} onClick={() => onShowPayouts(b.id)} data-testid={`batch-payouts-${b.id}`}>
                  {t('payouts.batch.showPayouts')}
                </Button>
                <Button type="link" size="small" icon={<DownloadOutlined />} onClick={() => void downloadBatchResult(b.id)} data-testid={`result-${b.id}`}>
                  {t('payouts.batch.result')}
                </Button>
              </Space>
            ),
          },
        ]}
      />
      {reviewing && <BatchReviewFlow batch={reviewing.batch} action={reviewing.action} onClose={() => setReviewing(null)} />}
    </Drawer>
  );
}
