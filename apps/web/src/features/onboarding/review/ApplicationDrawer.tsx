/**
 * One application under review (GET /onboarding/applications/:merchantId): the merchant, status, completion and
 * dates; the decisions of the whole application for a reviewer (`onboarding:review`): start the review, approve
 * once every section is accepted and no document refused (the merchant goes live; until then the page says what is
 * left, in words), after a resubmission accept the sections unchanged since in one action, reject with a reason, send
 * it back for changes with the open requests; every section in flow order (each document with its own decision, and
 * after a resubmission what changed since); the requests for information; the timeline and the comment box.
 */
import { useState } from 'react';
import { Button, Col, Descriptions, Drawer, Progress, Row, Space, Spin, Tooltip, Typography, Card } from 'antd';
import { CheckCircleOutlined, CheckOutlined, PlayCircleOutlined, RollbackOutlined, StopOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import {
  APPLICATION_STATUS_COLORS,
  ApplicationStatus,
  ONBOARDING_PERM,
  ONBOARDING_SECTIONS,
  REVIEWABLE_STATUSES,
  REVIEW_COMMENT_MAX_LENGTH,
  REVIEW_REASON_MAX_LENGTH,
  SectionDecision,
  approvalBlockers,
  isApprovable,
  type ApplicationView,
  type FileView,
  type OnboardingSectionValue,
} from '@mg/domain';
import { Can } from '../../../components/Can';
import { useFormatters } from '../../../components/format';
import { StatusTag } from '../../../components/list';
import { LoadFailed } from '../../../components/LoadFailed';
import { FilePreview } from '../../../components/upload';
import { useMediaQuery } from '../../../components/useMediaQuery';
import { usePermission } from '../../../session/usePermission';
import { CommentBox, EventTimeline } from './Comments';
import { AcceptUnchangedDialog, APPROVE_BLOCKED_ID, ApprovalBlocked } from './Approval';
import { ApproveDialog, TextDialog } from './dialogs';
import { useApplication, useReviewCall } from './hooks';
import { useOnboardingLabels } from './labels';
import { RequestList, SectionCard } from './SectionCard';

type Dialog = 'approve' | 'reject' | 'changes' | 'unchanged' | null;

function Review({ view }: { view: ApplicationView }) {
  const { t } = useTranslation();
  const { instant } = useFormatters();
  const { has } = usePermission();
  const labels = useOnboardingLabels(view.data);
  const [dialog, setDialog] = useState<Dialog>(null);
  const [preview, setPreview] = useState<FileView | null>(null);
  const start = useReviewCall(view.merchantId, 'review');
  const approve = useReviewCall(view.merchantId, 'approve', true);
  const reject = useReviewCall(view.merchantId, 'reject', true);
  const changes = useReviewCall(view.merchantId, 'request-changes', true);
  const reviewable = REVIEWABLE_STATUSES.includes(view.status);
  const canDecide = has(ONBOARDING_PERM.ONBOARDING_REVIEW) && reviewable;
  const blockers = approvalBlockers(view);
  const accepted = isApprovable(blockers);
  // After a resubmission: the sections the server found unchanged and not asked about, accepted in one action.
  const unchanged = view.round?.acceptable ?? [];
  const acceptUnchanged = useReviewCall(view.merchantId, 'accept-unchanged', true);
  const open = view.requests.filter((r) => !r.resolvedAt);
  // Sending back needs something to change: a refused section or an open request.
  const changeable = open.length > 0 || Object.values(view.decisions).some((d) => d.decision === SectionDecision.REJECTED);
  const sorted = [...open, ...view.requests.filter((r) => r.resolvedAt)];

  return (
    <>
      <Descriptions size="small" bordered column={{ xs: 1, md: 2, xl: 4 }} style={{ marginBottom: 12 }} data-testid="application-header">
        <Descriptions.Item label={t('onboarding.queue.merchant')}>{`${view.merchantName} (${view.merchantId})`}</Descriptions.Item>
        <Descriptions.Item label={t('onboarding.queue.status')}>
          <span data-testid="application-status">
            <StatusTag value={view.status} labels="onboarding.statuses" colors={APPLICATION_STATUS_COLORS} />
          </span>
        </Descriptions.Item>
        <Descriptions.Item label={t('onboarding.queue.completion')}>
          <Progress percent={view.completion} size="small" style={{ minWidth: 120, margin: 0 }} data-testid="application-completion" />
        </Descriptions.Item>
        <Descriptions.Item label={t('onboarding.queue.submittedAt')}>{instant(view.submittedAt)}</Descriptions.Item>
        <Descriptions.Item label={t('onboarding.queue.brand')}>{view.brand}</Descriptions.Item>
        <Descriptions.Item label={t('onboarding.queue.openRequests')}>{open.length}</Descriptions.Item>
        <Descriptions.Item label={t('onboarding-review.decidedAt')}>{instant(view.decidedAt)}</Descriptions.Item>
        <Descriptions.Item label={t('onboarding.queue.updatedAt')}>{instant(view.updatedAt)}</Descriptions.Item>
      </Descriptions>

      <Can code={ONBOARDING_PERM.ONBOARDING_REVIEW}>
        <Space wrap style={{ marginBottom: 12 }} data-testid="review-actions">
          {view.status === ApplicationStatus.SUBMITTED && (
            <Button type="primary" icon={<PlayCircleOutlined />} loading={start.isPending} onClick={() => start.mutate({})} data-testid="review-start">
              {t('onboarding-review.startReview')}
            </Button>
          )}
          {reviewable && (
            <>
              <Button
                type="primary"
                icon={<CheckCircleOutlined />}
                disabled={!accepted}
                aria-describedby={accepted ? undefined : APPROVE_BLOCKED_ID}
                onClick={() => setDialog('approve')}
                data-testid="approve"
              >
                {t('onboarding-review.approve')}
              </Button>
              {unchanged.length > 0 && (
                <Button icon={<CheckOutlined />} onClick={() => setDialog('unchanged')} data-testid="accept-unchanged">
                  {t('onboarding-review.acceptUnchanged', { count: unchanged.length })}
                </Button>
              )}
              <Tooltip title={changeable ? undefined : t('onboarding.review.nothingToChange')}>
                <Button icon={<RollbackOutlined />} disabled={!changeable} onClick={() => setDialog('changes')} data-testid="request-changes">
                  {t('onboarding-review.requestChanges')}
                </Button>
              </Tooltip>
              <Button danger icon={<StopOutlined />} onClick={() => setDialog('reject')} data-testid="reject">
                {t('onboarding-review.reject')}
              </Button>
            </>
          )}
        </Space>
      </Can>

      {reviewable && !accepted && <ApprovalBlocked view={view} blockers={blockers} labels={labels} />}

      <Row gutter={16}>
        <Col xs={24} xl={15}>
          {ONBOARDING_SECTIONS.map((s) => (
            <SectionCard key={s} section={s} view={view} labels={labels} canDecide={canDecide} onPreview={setPreview} />
          ))}
        </Col>
        <Col xs={24} xl={9}>
          <Card size="small" title={t('onboarding-review.requests')} style={{ marginBottom: 12 }}>
            {sorted.length ? (
              <RequestList requests={sorted} labels={labels} testId="requests" />
            ) : (
              <Typography.Text type="secondary">{t('onboarding-review.noRequests')}</Typography.Text>
            )}
          </Card>
          <Card size="small" title={t('onboarding-review.timeline')} data-testid="timeline-card">
            <EventTimeline view={view} labels={labels} />
            <Can code={ONBOARDING_PERM.ONBOARDING_REVIEW}>
              <CommentBox merchantId={view.merchantId} />
            </Can>
          </Card>
        </Col>
      </Row>

      {preview && <FilePreview file={preview} open onClose={() => setPreview(null)} />}
      {dialog === 'unchanged' && (
        <AcceptUnchangedDialog sections={unchanged} onSubmit={() => acceptUnchanged.mutateAsync({ sections: [...unchanged] as OnboardingSectionValue[] })} onClose={() => setDialog(null)} />
      )}
      {dialog === 'approve' && <ApproveDialog merchantName={view.merchantName} onSubmit={() => approve.mutateAsync({})} onClose={() => setDialog(null)} />}
      {dialog === 'reject' && (
        <TextDialog
          title={t('onboarding-review.rejectTitle', { merchant: view.merchantName })}
          hint={t('onboarding-review.rejectHint')}
          label={t('onboarding-review.reason')}
          requiredMessage={t('onboarding-review.reasonRequired')}
          okText={t('onboarding-review.reject')}
          danger
          testId="reject"
          maxLength={REVIEW_REASON_MAX_LENGTH}
          onSubmit={(reason) => reject.mutateAsync({ reason })}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog === 'changes' && (
        <TextDialog
          title={t('onboarding-review.requestChangesTitle')}
          hint={t('onboarding-review.requestChangesHint')}
          label={t('onboarding-review.message')}
          requiredMessage={t('onboarding-review.messageRequired')}
          okText={t('onboarding-review.requestChanges')}
          testId="request-changes"
          maxLength={REVIEW_COMMENT_MAX_LENGTH}
          onSubmit={(message) => changes.mutateAsync({ message })}
          onClose={() => setDialog(null)}
        >
          {open.length ? (
            <RequestList requests={open} labels={labels} testId="request-changes-open" />
          ) : (
            <Typography.Paragraph type="secondary">{t('onboarding-review.noOpenRequests')}</Typography.Paragraph>
          )}
        </TextDialog>
      )}
    </>
  );
}

export function ApplicationDrawer({ merchantId, title, onClose }: { merchantId: number | null; title?: string | undefined; onClose: () => void }) {
  const { t } = useTranslation();
  const narrow = useMediaQuery('(max-width: 1200px)', false);
  const application = useApplication(merchantId);
  const view = application.data;
  return (
    <Drawer
      open={merchantId !== null}
      onClose={onClose}
      width={narrow ? '100%' : 1200}
      title={view ? `${view.merchantName} (${view.merchantId})` : title}
      destroyOnHidden
      data-testid="application-drawer"
    >
      {application.isError ? (
        <LoadFailed message={t('common.messages.loadFailed')} onRetry={() => void application.refetch()} testId="application-failed" />
      ) : view && view.merchantId === merchantId ? (
        <Review view={view} />
      ) : (
        <Spin style={{ display: 'block', margin: '48px auto' }} />
      )}
    </Drawer>
  );
}
