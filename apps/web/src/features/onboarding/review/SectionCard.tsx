/**
 * One section of an application under review: its data and documents, its decision (accepted, or needs changes
 * with a reason), what it still lacks, and its requests for information, open and resolved. After a resubmission,
 * whether the section and each document changed since the submission before, a decision the resubmission kept, and
 * the decision taken before when it was not kept. A reviewer
 * (`onboarding:review`) decides the section and each of its documents, and asks for information while the
 * application is reviewable. A document's decision is kept under `<section>:<field>` (domain decisionKey).
 */
import { useState } from 'react';
import { Alert, Button, Card, List, Space, Tag, Tooltip, Typography } from 'antd';
import { CheckOutlined, CloseOutlined, QuestionCircleOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import {
  REVIEW_REASON_MAX_LENGTH,
  ReviewChange,
  SectionDecision,
  decisionKey,
  type ApplicationView,
  type FileView,
  type InfoRequestView,
  type OnboardingSectionValue,
  type SectionDecisionView,
} from '@mg/domain';
import { useFormatters } from '../../../components/format';
import { todayIn } from '../../../components/list/range';
import { useMediaQuery } from '../../../components/useMediaQuery';
import { RequestInfoDialog, TextDialog } from './dialogs';
import { useReviewCall } from './hooks';
import type { OnboardingLabels } from './labels';
import { SectionData } from './SectionData';

/** A request's state: resolved, overdue (open past its due date in the session zone) or open. */
export function RequestState({ request }: { request: InfoRequestView }) {
  const { t } = useTranslation();
  const { zone } = useFormatters();
  if (request.resolvedAt) return <Tag color="green">{t('onboarding-review.resolved')}</Tag>;
  if (request.dueDate < todayIn(zone)) return <Tag color="red">{t('onboarding-review.overdue')}</Tag>;
  return <Tag color="blue">{t('onboarding-review.open')}</Tag>;
}

/** Requests for information as a list: what, to which field, due when, by whom. */
export function RequestList({ requests, labels, testId }: { requests: readonly InfoRequestView[]; labels: OnboardingLabels; testId: string }) {
  const { t } = useTranslation();
  const { instant } = useFormatters();
  return (
    <List
      size="small"
      dataSource={[...requests]}
      rowKey="id"
      data-testid={testId}
      renderItem={(r) => (
        <List.Item data-testid={`request-${r.id}`}>
          <List.Item.Meta
            title={
              <Space wrap>
                <RequestState request={r} />
                <span>{`${t(`onboarding.section.${r.section}`)} · ${labels.field(r.section as OnboardingSectionValue, r.field)}`}</span>
              </Space>
            }
            description={
              <>
                <Typography.Paragraph style={{ marginBottom: 4, whiteSpace: 'pre-wrap' }}>{r.message}</Typography.Paragraph>
                <Typography.Text type="secondary">
                  {t('onboarding-review.requestFacts', { due: r.dueDate, by: r.createdBy, at: instant(r.createdAt) })}
                  {r.resolvedAt ? ` · ${t('onboarding-review.resolvedAt', { at: instant(r.resolvedAt) })}` : ''}
                </Typography.Text>
              </>
            }
          />
        </List.Item>
      )}
    />
  );
}

/** A document's decision: accepted, or needs changes with the reason; who decided when, on hover. */
function DocumentDecisionTag({ decision, testId }: { decision: SectionDecisionView; testId: string }) {
  const { t } = useTranslation();
  const { instant } = useFormatters();
  const refused = decision.decision === SectionDecision.REJECTED;
  return (
    <span data-testid={testId} data-decision={decision.decision}>
      <Tooltip title={t('onboarding-review.decidedBy', { by: decision.by, at: instant(decision.at) })}>
        <Tag color={refused ? 'orange' : 'green'}>{t(`onboarding.decision.${decision.decision}`)}</Tag>
      </Tooltip>
      {decision.reason && (
        <Typography.Text type={refused ? 'warning' : 'secondary'} style={{ whiteSpace: 'pre-wrap' }}>
          {decision.reason}
        </Typography.Text>
      )}
    </span>
  );
}

/** After a resubmission: whether an item's content is the one of the submission before (the server compared). */
function ChangeTag({ change, testId }: { change: string | undefined; testId: string }) {
  const { t } = useTranslation();
  if (!change) return null;
  const changed = change === ReviewChange.CHANGED;
  return (
    <Tag color={changed ? 'blue' : undefined} style={{ whiteSpace: 'normal' }} data-testid={testId} data-change={change}>
      {t(changed ? 'onboarding-review.changed' : 'onboarding-review.unchanged')}
    </Tag>
  );
}

interface Props {
  section: OnboardingSectionValue;
  view: ApplicationView;
  labels: OnboardingLabels;
  /** The reviewer may decide and ask now (permission and a reviewable status). */
  canDecide: boolean;
  onPreview: (file: FileView) => void;
}

export function SectionCard({ section, view, labels, canDecide, onPreview }: Props) {
  const { t } = useTranslation();
  const { instant } = useFormatters();
  // A refusal of the section (no field) or of one of its documents (field); a request for information.
  const [dialog, setDialog] = useState<{ kind: 'reject'; field?: string } | { kind: 'request' } | null>(null);
  const accept = useReviewCall(view.merchantId, 'decisions');
  const acceptDocument = useReviewCall(view.merchantId, 'decisions');
  const decideInDialog = useReviewCall(view.merchantId, 'decisions', true);
  const request = useReviewCall(view.merchantId, 'requests', true);
  const narrow = useMediaQuery('(max-width: 600px)', false);
  const decision = view.decisions[section];
  const round = view.round;
  // A decision taken before the latest submission and kept by it: its content did not change since.
  const kept = Boolean(round && decision && view.submittedAt && Date.parse(decision.at) < Date.parse(view.submittedAt));
  const before = round && !decision ? round.previous[section] : undefined;
  const missing = view.missing.filter((m) => m.section === section);
  const requests = view.requests.filter((r) => r.section === section);
  const title = t(`onboarding.section.${section}`);

  // Next to each document: its decision; for a reviewer, while it has files, accept it or say it needs changes.
  const renderDocument = (field: string, ids: readonly string[] | undefined) => {
    const id = `doc-${section}-${field}`;
    const current = view.decisions[decisionKey(section, field)];
    // The decision taken on the submission before, where the resubmission did not keep it.
    const earlier = round?.previous[decisionKey(section, field)];
    const buttons = canDecide && Boolean(ids?.length);
    if (!current && !buttons && !round?.changes[decisionKey(section, field)] && !earlier) return null;
    const name = labels.field(section, field);
    return (
      <Space wrap size={4} data-testid={id}>
        <ChangeTag change={round?.changes[decisionKey(section, field)]} testId={`${id}-change`} />
        {current && <DocumentDecisionTag decision={current} testId={`${id}-decision`} />}
        {!current && earlier && (
          <Typography.Text type="secondary" data-testid={`${id}-previous`}>
            {t('onboarding-review.previousDecision', { decision: earlier.reason ? `${t(`onboarding.decision.${earlier.decision}`)}: ${earlier.reason}` : t(`onboarding.decision.${earlier.decision}`) })}
          </Typography.Text>
        )}
        {buttons && (
          <>
            <Button
              size="small"
              icon={<CheckOutlined />}
              disabled={current?.decision === SectionDecision.ACCEPTED}
              loading={acceptDocument.isPending && acceptDocument.variables?.field === field}
              onClick={() => acceptDocument.mutate({ section, field, decision: SectionDecision.ACCEPTED })}
              aria-label={`${t('onboarding-review.accept')}: ${name}`}
              data-testid={`${id}-accept`}
            >
              {t('onboarding-review.accept')}
            </Button>
            <Button
              size="small"
              danger
              icon={<CloseOutlined />}
              onClick={() => setDialog({ kind: 'reject', field })}
              aria-label={`${t('onboarding.decision.rejected')}: ${name}`}
              data-testid={`${id}-reject`}
            >
              {t('onboarding.decision.rejected')}
            </Button>
          </>
        )}
      </Space>
    );
  };

  // On a phone the head has no room for the title beside the buttons (antd cuts the title): they go under it.
  const actions = canDecide ? (
    <Space wrap size={4}>
      <Button
        size="small"
        icon={<CheckOutlined />}
        disabled={decision?.decision === SectionDecision.ACCEPTED}
        loading={accept.isPending}
        onClick={() => accept.mutate({ section, decision: SectionDecision.ACCEPTED })}
        data-testid={`section-${section}-accept`}
      >
        {t('onboarding-review.accept')}
      </Button>
      <Button size="small" danger icon={<CloseOutlined />} onClick={() => setDialog({ kind: 'reject' })} data-testid={`section-${section}-reject`}>
        {t('onboarding.decision.rejected')}
      </Button>
      <Button size="small" icon={<QuestionCircleOutlined />} onClick={() => setDialog({ kind: 'request' })} data-testid={`request-info-${section}`}>
        {t('onboarding-review.requestInfo')}
      </Button>
    </Space>
  ) : null;

  return (
    <Card
      size="small"
      data-testid={`section-${section}`}
      title={
        <Space wrap>
          <span>{title}</span>
          {decision ? (
            <Tag color={decision.decision === SectionDecision.ACCEPTED ? 'green' : 'orange'} data-testid={`section-${section}-decision`}>
              {t(`onboarding.decision.${decision.decision}`)}
            </Tag>
          ) : (
            <Tag data-testid={`section-${section}-decision`}>{t('onboarding-review.notDecided')}</Tag>
          )}
          <ChangeTag change={round?.changes[section]} testId={`section-${section}-change`} />
        </Space>
      }
      extra={!narrow && actions}
      style={{ marginBottom: 12 }}
    >
      {narrow && actions && <div style={{ marginBottom: 12 }}>{actions}</div>}
      {decision && (
        <Alert
          type={decision.decision === SectionDecision.ACCEPTED ? 'success' : 'warning'}
          showIcon
          style={{ marginBottom: 12 }}
          data-testid={`section-${section}-decision-detail`}
          message={decision.reason ? `${t(`onboarding.decision.${decision.decision}`)}: ${decision.reason}` : t(`onboarding.decision.${decision.decision}`)}
          description={
            kept
              ? `${t('onboarding-review.decidedBy', { by: decision.by, at: instant(decision.at) })} · ${t('onboarding-review.kept')}`
              : t('onboarding-review.decidedBy', { by: decision.by, at: instant(decision.at) })
          }
        />
      )}
      {before && (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 12 }}
          data-testid={`section-${section}-previous`}
          message={t('onboarding-review.previousDecision', {
            decision: before.reason ? `${t(`onboarding.decision.${before.decision}`)}: ${before.reason}` : t(`onboarding.decision.${before.decision}`),
          })}
          description={`${t('onboarding-review.decidedBy', { by: before.by, at: instant(before.at) })} · ${t(round?.changes[section] === ReviewChange.CHANGED ? 'onboarding-review.changedSince' : 'onboarding-review.unchangedSince')}`}
        />
      )}
      {missing.length > 0 && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 12 }}
          data-testid={`missing-${section}`}
          message={t('onboarding-review.missing')}
          description={
            <ul style={{ margin: 0, paddingInlineStart: 18 }}>
              {missing.map((m) => (
                <li key={`${m.field}-${m.reason}`}>{`${labels.field(section, m.field)}: ${t(m.messageKey)}`}</li>
              ))}
            </ul>
          }
        />
      )}
      <SectionData section={section} view={view} labels={labels} onPreview={onPreview} renderDocument={renderDocument} />
      {requests.length > 0 && (
        <>
          <Typography.Title level={5} style={{ marginTop: 12 }}>
            {t('onboarding-review.requests')}
          </Typography.Title>
          <RequestList requests={requests} labels={labels} testId={`requests-${section}`} />
        </>
      )}
      {dialog?.kind === 'reject' && (
        <TextDialog
          title={t('onboarding-review.decisionTitle', { section: dialog.field ? `${title} · ${labels.field(section, dialog.field)}` : title })}
          hint={t('onboarding-review.decisionHint')}
          label={t('onboarding-review.reason')}
          requiredMessage={t('onboarding-review.reasonRequired')}
          okText={t('onboarding.decision.rejected')}
          danger
          testId="decision"
          maxLength={REVIEW_REASON_MAX_LENGTH}
          onSubmit={(reason) => decideInDialog.mutateAsync({ section, ...(dialog.field ? { field: dialog.field } : {}), decision: SectionDecision.REJECTED, reason })}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog?.kind === 'request' && (
        <RequestInfoDialog
          section={section}
          sectionLabel={title}
          options={labels.fieldOptions(section)}
          onSubmit={(input) => request.mutateAsync(input)}
          onClose={() => setDialog(null)}
        />
      )}
    </Card>
  );
}
