/**
 * The merchant's newest payout batches: what each file held and what was submitted, status, and for reviewers the
 * review of a whole batch (someone other than its maker; the Google code when 2FA is on); the result file of any.
 */
import { useState } from 'react';
import { App, Button, Drawer, Form, Input, Modal, Space, Table } from 'antd';
import { CheckOutlined, CloseOutlined, DownloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { PAYOUT_BATCH_STATUS_COLORS, PAYOUT_REJECT_REASON_MAX_LENGTH, PayoutBatchStatus, Perm } from '@mg/domain';
import { useCurrentUser } from '../../components/forms';
import { useFormatters } from '../../components/format';
import { StatusTag, useMoney } from '../../components/list';
import { usePermission } from '../../session/usePermission';
import { useGoogleCodeGate } from '../developer/_gate';
import { downloadBatchResult, useBatches, useReviewBatch, type BatchView } from './hooks';

export function BatchesDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const money = useMoney();
  const { instant } = useFormatters();
  const perm = usePermission();
  const { data: user } = useCurrentUser();
  const gate = useGoogleCodeGate(Boolean(user?.twoFactorEnabled));
  const batches = useBatches(open);
  const review = useReviewBatch();
  const [rejecting, setRejecting] = useState<BatchView | null>(null);
  const [form] = Form.useForm<{ reason: string }>();
  const canReview = (b: BatchView) => perm.has(Perm.PAYOUT_REVIEW) && b.status === PayoutBatchStatus.PENDING_REVIEW && b.createdBy !== user?.username;

  const run = (b: BatchView, action: 'approve' | 'reject', reason?: string) =>
    gate.run({
      title: t(action === 'approve' ? 'payouts.batch.approveBatch' : 'payouts.batch.rejectBatch'),
      okText: t(action === 'approve' ? 'payouts.review.approve' : 'payouts.review.reject'),
      danger: action === 'reject',
      action: async (googleCode) => {
        await review.mutateAsync({ id: b.id, action, reason, googleCode });
        message.success(t(action === 'approve' ? 'payouts.review.approved' : 'payouts.review.rejected', { count: b.rowCount }));
        setRejecting(null);
      },
    });
  const total = (b: BatchView, v: string) => `${money(v, b.currency)} ${b.currency}`;

  return (
    <Drawer open={open} onClose={onClose} width={1100} title={t('payouts.batch.list')} destroyOnHidden data-testid="batches-drawer">
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
          { title: t('payouts.fields.createdBy'), dataIndex: 'createdBy' },
          { title: t('common.fields.createdAt'), key: 'createdAt', render: (_, b) => instant(b.createdAt) },
          {
            title: '',
            key: 'actions',
            render: (_, b) => (
              <Space size={0}>
                {canReview(b) && (
                  <>
                    <Button type="link" size="small" icon={<CheckOutlined />} onClick={() => void run(b, 'approve')} data-testid={`approve-batch-${b.id}`}>
                      {t('payouts.review.approve')}
                    </Button>
                    <Button type="link" size="small" danger icon={<CloseOutlined />} onClick={() => setRejecting(b)} data-testid={`reject-batch-${b.id}`}>
                      {t('payouts.review.reject')}
                    </Button>
                  </>
                )}
                <Button type="link" size="small" icon={<DownloadOutlined />} onClick={() => void downloadBatchResult(b.id)} data-testid={`result-${b.id}`}>
                  {t('payouts.batch.result')}
                </Button>
              </Space>
            ),
          },
        ]}
      />
      {rejecting && (
        <Modal
          open
          title={t('payouts.batch.rejectBatch')}
          onCancel={() => setRejecting(null)}
          okButtonProps={{ danger: true }}
          okText={t('payouts.review.reject')}
          cancelText={t('common.actions.cancel')}
          onOk={async () => {
            const { reason } = await form.validateFields();
            await run(rejecting, 'reject', reason.trim());
          }}
          destroyOnHidden
        >
          <Form form={form} layout="vertical" initialValues={{ reason: '' }}>
            <Form.Item name="reason" label={t('payouts.fields.rejectReason')} rules={[{ required: true, whitespace: true, message: t('payouts.rejectReasonRequired') }]}>
              <Input.TextArea maxLength={PAYOUT_REJECT_REASON_MAX_LENGTH} rows={3} />
            </Form.Item>
          </Form>
        </Modal>
      )}
      {gate.element}
    </Drawer>
  );
}
