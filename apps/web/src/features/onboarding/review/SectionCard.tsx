/**
 * One section of an application under review: its data and documents, its decision (accepted, or needs changes
 * with a reason), what it still lacks, and its requests for information, open and resolved. A reviewer
 * (`onboarding:review`) decides the section and asks for information while the application is reviewable.
 */
import { useState } from 'react';
import { Alert, Button, Card, List, Space, Tag, Typography } from 'antd';
import { CheckOutlined, CloseOutlined, QuestionCircleOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import {
  REVIEW_REASON_MAX_LENGTH,
  SectionDecision,
  type ApplicationView,
  type FileView,
  type InfoRequestView,
  type OnboardingSectionValue,
} from '@mg/domain';
import { useFormatters } from '../../../components/format';
import { todayIn } from '../../../components/list/range';
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
  const [dialog, setDialog] = useState<'reject' | 'request' | null>(null);
  const accept = useReviewCall(view.merchantId, 'decisions');
  const decideInDialog = useReviewCall(view.merchantId, 'decisions', true);
  const request = useReviewCall(view.merchantId, 'requests', true);
  const decision = view.decisions[section];
  const missing = view.missing.filter((m) => m.section === section);
  const requests = view.requests.filter((r) => r.section === section);
  const title = t(`onboarding.section.${section}`);

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
        </Space>
      }
      extra={
        canDecide && (
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
            <Button size="small" danger icon={<CloseOutlined />} onClick={() => setDialog('reject')} data-testid={`section-${section}-reject`}>
              {t('onboarding.decision.rejected')}
            </Button>
            <Button size="small" icon={<QuestionCircleOutlined />} onClick={() => setDialog('request')} data-testid={`request-info-${section}`}>
              {t('onboarding-review.requestInfo')}
            </Button>
          </Space>
        )
      }
      style={{ marginBottom: 12 }}
    >
      {decision && (
        <Alert
          type={decision.decision === SectionDecision.ACCEPTED ? 'success' : 'warning'}
          showIcon
          style={{ marginBottom: 12 }}
          data-testid={`section-${section}-decision-detail`}
          message={decision.reason ? `${t(`onboarding.decision.${decision.decision}`)}: ${decision.reason}` : t(`onboarding.decision.${decision.decision}`)}
          description={t('onboarding-review.decidedBy', { by: decision.by, at: instant(decision.at) })}
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
      <SectionData section={section} view={view} labels={labels} onPreview={onPreview} />
      {requests.length > 0 && (
        <>
          <Typography.Title level={5} style={{ marginTop: 12 }}>
            {t('onboarding-review.requests')}
          </Typography.Title>
          <RequestList requests={requests} labels={labels} testId={`requests-${section}`} />
        </>
      )}
      {dialog === 'reject' && (
        <TextDialog
          title={t('onboarding-review.decisionTitle', { section: title })}
          hint={t('onboarding-review.decisionHint')}
          label={t('onboarding-review.reason')}
          requiredMessage={t('onboarding-review.reasonRequired')}
          okText={t('onboarding.decision.rejected')}
          danger
          testId="decision"
          maxLength={REVIEW_REASON_MAX_LENGTH}
          onSubmit={(reason) => decideInDialog.mutateAsync({ section, decision: SectionDecision.REJECTED, reason })}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog === 'request' && (
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
