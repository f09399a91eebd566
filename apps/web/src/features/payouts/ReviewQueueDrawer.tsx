/**
 * "Waiting for my review" (issue 40): one line per decision the reviewer owes, the same items the count on the
 * button counts (GET /payouts/review/queue and /review/waiting share their conditions): each single payout with its
 * review (ReviewModal), and each batch as one line, reviewed whole (BatchReviewFlow); a batch's payouts are shown in
 * the list, read-only, never reviewed one by one.
 */
import { useState } from 'react';
import { Button, Card, Descriptions, Drawer, Empty, List, Space, Table, Tag, Typography } from 'antd';
import { CheckOutlined, CloseOutlined, UnorderedListOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useFormatters } from '../../components/format';
import { CARD_LAYOUT_MAX_WIDTH, useMoney } from '../../components/list';
import { useMediaQuery } from '../../components/useMediaQuery';
import { BatchReviewFlow } from './BatchConfirm';
import { useReviewQueue, type ReviewQueueItem } from './hooks';
import { ReviewModal, payeeLine, type ReviewAction } from './ReviewModal';

const PAGE_SIZE = 20;

export function ReviewQueueDrawer({ open, onClose, onShowPayouts }: { open: boolean; onClose: () => void; onShowPayouts: (batchId: string) => void }) {
  const { t } = useTranslation();
  const money = useMoney();
  const { instant } = useFormatters();
  const narrow = useMediaQuery(`(max-width: ${CARD_LAYOUT_MAX_WIDTH}px)`, false);
  const [page, setPage] = useState(1);
  const queue = useReviewQueue(open, page, PAGE_SIZE);
  const [payout, setPayout] = useState<{ action: ReviewAction; item: ReviewQueueItem } | null>(null);
  const [batch, setBatch] = useState<{ action: ReviewAction; item: ReviewQueueItem } | null>(null);
  const shown = (i: ReviewQueueItem, v: string) => `${money(v, i.currency)} ${i.currency}`;
  const decide = (i: ReviewQueueItem, action: ReviewAction) => (i.kind === 'batch' ? setBatch({ action, item: i }) : setPayout({ action, item: i }));
  const kind = (i: ReviewQueueItem) => <Tag color={i.kind === 'batch' ? 'blue' : 'default'}>{i.kind === 'batch' ? t('payouts.review.kind.batch', { count: i.count }) : t('payouts.review.kind.payout')}</Tag>;
  const payee = (i: ReviewQueueItem) => (i.kind === 'batch' ? i.name : payeeLine(i.name, i.bankCode, i.accountNumber));
  const made = (i: ReviewQueueItem) => (
    <>
      <div>{i.createdBy}</div>
      <Typography.Text type="secondary">{instant(i.createdAt)}</Typography.Text>
    </>
  );
  const actions = (i: ReviewQueueItem, withPayouts: boolean) => (
    <Space size={0} wrap>
      <Button type="link" size="small" icon={<CheckOutlined />} onClick={() => decide(i, 'approve')} data-testid={`queue-approve-${i.id}`}>
        {t('payouts.review.approve')}
      </Button>
      <Button type="link" size="small" danger icon={<CloseOutlined />} onClick={() => decide(i, 'reject')} data-testid={`queue-reject-${i.id}`}>
        {t('payouts.review.reject')}
      </Button>
      {withPayouts && i.kind === 'batch' && (
        <Button type="link" size="small" icon={<UnorderedListOutlined />} onClick={() => onShowPayouts(i.id)} data-testid={`queue-batch-payouts-${i.id}`}>
          {t('payouts.batch.showPayouts')}
        </Button>
      )}
    </Space>
  );
  const pagination = { current: page, pageSize: PAGE_SIZE, total: queue.data?.total ?? 0, onChange: setPage, showSizeChanger: false, size: 'small' as const };
  const empty = <Empty description={t('payouts.review.queueEmpty')} />;

  return (
    <Drawer open={open} onClose={onClose} width={narrow ? '100%' : 1200} title={t('payouts.review.queue')} destroyOnHidden data-testid="review-queue-drawer">
      <Typography.Paragraph type="secondary">{t('payouts.review.queueHint')}</Typography.Paragraph>
      {narrow ? (
        // A phone: one card per decision, as the lists show cards under 600 px.
        <List<ReviewQueueItem>
          loading={queue.isLoading}
          dataSource={queue.data?.items ?? []}
          locale={{ emptyText: empty }}
          pagination={pagination}
          renderItem={(i) => (
            <Card size="small" style={{ marginBottom: 12 }} data-row-key={`${i.kind}-${i.id}`}>
              <Space direction="vertical" size={4} style={{ width: '100%' }}>
                <Space wrap>
                  {kind(i)}
                  <Typography.Text copyable>{i.id}</Typography.Text>
                </Space>
                <div>{payee(i)}</div>
                <Descriptions
                  size="small"
                  column={1}
                  items={[
                    { key: 'amount', label: t('payouts.fields.amount'), children: shown(i, i.amount) },
                    { key: 'fee', label: t('payouts.fields.fee'), children: shown(i, i.fee) },
                    { key: 'total', label: t('payouts.fields.totalDebit'), children: <strong>{shown(i, i.totalDebit)}</strong> },
                    { key: 'made', label: t('payouts.fields.createdBy'), children: `${i.createdBy} · ${instant(i.createdAt)}` },
                  ]}
                />
                {actions(i, true)}
              </Space>
            </Card>
          )}
        />
      ) : (
        <Table<ReviewQueueItem>
          size="small"
          rowKey={(i) => `${i.kind}-${i.id}`}
          loading={queue.isLoading}
          dataSource={queue.data?.items ?? []}
          locale={{ emptyText: empty }}
          pagination={pagination}
          scroll={{ x: 'max-content' }}
          columns={[
            {
              title: t('payouts.review.itemColumn'),
              key: 'kind',
              render: (_, i) => (
                <Space direction="vertical" size={0}>
                  {kind(i)}
                  {i.kind === 'batch' && (
                    <Button type="link" size="small" style={{ padding: 0 }} icon={<UnorderedListOutlined />} onClick={() => onShowPayouts(i.id)} data-testid={`queue-batch-payouts-${i.id}`}>
                      {t('payouts.batch.showPayouts')}
                    </Button>
                  )}
                </Space>
              ),
            },
            {
              title: t('payouts.review.reference'),
              key: 'id',
              render: (_, i) => (
                <>
                  <div>{i.id}</div>
                  <Typography.Text type="secondary">{payee(i)}</Typography.Text>
                </>
              ),
            },
            { title: t('payouts.fields.amount'), key: 'amount', align: 'right', render: (_, i) => shown(i, i.amount) },
            { title: t('payouts.fields.fee'), key: 'fee', align: 'right', render: (_, i) => shown(i, i.fee) },
            { title: t('payouts.fields.totalDebit'), key: 'total', align: 'right', render: (_, i) => <strong>{shown(i, i.totalDebit)}</strong> },
            { title: t('payouts.fields.createdBy'), key: 'made', render: (_, i) => made(i) },
            { title: t('common.fields.actions'), key: 'actions', fixed: 'right', render: (_, i) => actions(i, false) },
          ]}
        />
      )}
      {payout && <ReviewModal action={payout.action} rows={[{ ...payout.item, payee: payee(payout.item) }]} onClose={() => setPayout(null)} onDone={() => setPayout(null)} />}
      {batch && <BatchReviewFlow batch={{ id: batch.item.id, fileName: batch.item.name, currency: batch.item.currency }} action={batch.action} onClose={() => setBatch(null)} />}
    </Drawer>
  );
}
