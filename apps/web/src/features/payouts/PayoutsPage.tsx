/**
 * Payout records (docs/payments-api.md "Payouts"): the declared list (packages/domain payouts/list.ts) with a new
 * payout, the review of the ticked payouts pending review (approve / reject), a reviewer's queue (one line per
 * decision: a single payout, or a batch as one), cancel while it can, the approval policy, and one payout's details
 * on a row click. A batch's payouts are reviewed with their batch: in the list they are read-only, their Batch
 * column says which, and "Its payouts" of a batch filters the list to them.
 */
import { useRef, useState } from 'react';
import { App, Badge, Button, Popconfirm } from 'antd';
import { AuditOutlined, CheckOutlined, CloseOutlined, PlusOutlined, SafetyOutlined, StopOutlined, UnorderedListOutlined, UploadOutlined } from '@ant-design/icons';
import type { ProFormInstance } from '@ant-design/pro-components';
import { useTranslation } from 'react-i18next';
import { PayoutStatus, Perm, isBatchCurrency, payoutsList } from '@mg/domain';
import { Can } from '../../components/Can';
import { useCurrentUser } from '../../components/forms';
import { useFormatters } from '../../components/format';
import { ListPage, useMoney } from '../../components/list';
import { usePermission } from '../../session/usePermission';
import { BatchModal } from './BatchModal';
import { BatchesDrawer } from './BatchesDrawer';
import { PayoutDrawer } from './PayoutDrawer';
import { PayoutFormModal } from './PayoutFormModal';
import { PolicyModal } from './PolicyModal';
import { ReviewModal, payeeLine, type ReviewAction } from './ReviewModal';
import { ReviewQueueDrawer } from './ReviewQueueDrawer';
import { useCancelPayout, useReviewWaiting, type PayoutRecord } from './hooks';

// An approved payout leaves for the channel within seconds (the job); the list offers cancel while it waits for review.
const cancellable = (r: PayoutRecord) => r.status === PayoutStatus.PENDING_REVIEW;

function CancelButton({ payout }: { payout: PayoutRecord }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const money = useMoney();
  const cancel = useCancelPayout();
  return (
    <Can code={Perm.PAYOUT_CANCEL}>
      <Popconfirm
        title={t('payouts.cancel.confirm', { id: payout.id, amount: `${money(payout.totalDebit, payout.currency)} ${payout.currency}` })}
        okText={t('common.actions.confirm')}
        cancelText={t('common.actions.cancel')}
        okButtonProps={{ danger: true, loading: cancel.isPending }}
        onConfirm={async () => {
          await cancel.mutateAsync(payout.id);
          message.success(t('payouts.cancel.done', { id: payout.id }));
        }}
      >
        <Button type="link" size="small" danger icon={<StopOutlined />} data-testid={`cancel-${payout.id}`}>
          {t('payouts.cancel.action')}
        </Button>
      </Popconfirm>
    </Can>
  );
}

export default function PayoutsPage() {
  const { t } = useTranslation();
  const perm = usePermission();
  const [creating, setCreating] = useState(false);
  const [policy, setPolicy] = useState(false);
  const [uploading, setUploading] = useState(false);
  const [batches, setBatches] = useState(false);
  const [queue, setQueue] = useState(false);
  const [open, setOpen] = useState<string | null>(null);
  const [selected, setSelected] = useState<PayoutRecord[]>([]);
  const [reviewing, setReviewing] = useState<{ action: ReviewAction; rows: PayoutRecord[] } | null>(null);
  const { data: user } = useCurrentUser();
  const { currency } = useFormatters();
  // Maker-checker: a reviewer is offered only other people's payouts (the server refuses the maker's own anyway);
  // a batch's payouts only with their batch.
  const reviewable = (r: PayoutRecord) => r.status === PayoutStatus.PENDING_REVIEW && r.createdBy !== user?.username && r.batchId === null;
  const pending = selected.filter(reviewable);
  const canReview = perm.has(Perm.PAYOUT_REVIEW);
  const waiting = useReviewWaiting(canReview);
  const formRef = useRef<ProFormInstance>(undefined);
  const showBatchPayouts = (batchId: string) => {
    setQueue(false);
    setBatches(false);
    formRef.current?.setFieldsValue({ batchId });
    formRef.current?.submit();
  };

  return (
    <>
      <ListPage
        list={payoutsList}
        tooltip={t('collections.defaultRangeHint')}
        formRef={formRef}
        onRowClick={(r) => setOpen(r.id)}
        selection={canReview ? { selected, onChange: setSelected } : undefined}
        tools={[
          <Can key="create" code={Perm.PAYOUT_ADD}>
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)} data-testid="create-payout">
              {t('payouts.form.new')}
            </Button>
          </Can>,
          ...(isBatchCurrency(currency)
            ? [
                <Can key="batch" code={Perm.PAYOUT_ADD}>
                  <Button icon={<UploadOutlined />} onClick={() => setUploading(true)} data-testid="batch-payout">
                    {t('payouts.batch.open')}
                  </Button>
                </Can>,
                <Badge key="batches" count={canReview ? (waiting.data?.batches ?? 0) : 0} size="small" data-testid="batches-waiting">
                  <Button icon={<UnorderedListOutlined />} onClick={() => setBatches(true)} data-testid="batches">
                    {t('payouts.batch.list')}
                  </Button>
                </Badge>,
              ]
            : []),
          <Can key="review" code={Perm.PAYOUT_REVIEW}>
            <>
              <Badge count={waiting.data?.total ?? 0} size="small" overflowCount={999} data-testid="review-waiting">
                <Button icon={<AuditOutlined />} onClick={() => setQueue(true)} data-testid="review-queue">
                  {t('payouts.review.queue')}
                </Button>
              </Badge>
              {/* Shown once payouts are ticked: the toolbar stays short enough for one line. */}
              {pending.length > 0 && (
                <>
                  <Button icon={<CheckOutlined />} onClick={() => setReviewing({ action: 'approve', rows: pending })} data-testid="approve-selected">
                    {`${t('payouts.review.approve')} (${pending.length})`}
                  </Button>
                  <Button danger icon={<CloseOutlined />} onClick={() => setReviewing({ action: 'reject', rows: pending })} data-testid="reject-selected">
                    {`${t('payouts.review.reject')} (${pending.length})`}
                  </Button>
                </>
              )}
              <Button icon={<SafetyOutlined />} onClick={() => setPolicy(true)} data-testid="payout-policy">
                {t('payouts.policy.title')}
              </Button>
            </>
          </Can>,
        ]}
        actions={(r) => [
          ...(canReview && reviewable(r)
            ? [
                <Button key="approve" type="link" size="small" onClick={() => setReviewing({ action: 'approve', rows: [r] })} data-testid={`approve-${r.id}`}>
                  {t('payouts.review.approve')}
                </Button>,
                <Button key="reject" type="link" size="small" danger onClick={() => setReviewing({ action: 'reject', rows: [r] })} data-testid={`reject-${r.id}`}>
                  {t('payouts.review.reject')}
                </Button>,
              ]
            : []),
          // A batch's payout waiting for review is decided with its batch, in the review queue.
          ...(canReview && r.status === PayoutStatus.PENDING_REVIEW && r.batchId !== null
            ? [
                <Button key="batch" type="link" size="small" title={r.batchId} onClick={() => setQueue(true)} data-testid={`with-batch-${r.id}`}>
                  {t('payouts.review.withBatch')}
                </Button>,
              ]
            : []),
          ...(cancellable(r) ? [<CancelButton key="cancel" payout={r} />] : []),
        ]}
      />
      {creating && <PayoutFormModal onClose={() => setCreating(false)} />}
      {policy && <PolicyModal onClose={() => setPolicy(false)} />}
      {uploading && <BatchModal onClose={() => setUploading(false)} />}
      <BatchesDrawer open={batches} onClose={() => setBatches(false)} onShowPayouts={showBatchPayouts} />
      <ReviewQueueDrawer open={queue} onClose={() => setQueue(false)} onShowPayouts={showBatchPayouts} />
      {reviewing && (
        <ReviewModal
          action={reviewing.action}
          rows={reviewing.rows.map((r) => ({ ...r, payee: payeeLine(r.accountName, r.bankCode, r.accountNumber) }))}
          onClose={() => setReviewing(null)}
          onDone={() => {
            setReviewing(null);
            setSelected([]);
          }}
        />
      )}
      <PayoutDrawer id={open} onClose={() => setOpen(null)} />
    </>
  );
}
