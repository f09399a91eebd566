/**
 * The application's history and conversation: every event in order (onboarding.events.<kind>, who, when in the
 * session zone; internal notes marked, as the applicant never sees them), and for a reviewer the box that adds a
 * comment to the applicant or an internal note. The box starts on "internal note": nothing reaches the applicant
 * unless the reviewer says so.
 */
import { useState } from 'react';
import { Button, Empty, Input, Space, Switch, Tag, Timeline, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { OnboardingEventKind, REVIEW_COMMENT_MAX_LENGTH, type ApplicationView, type OnboardingEventView, type OnboardingSectionValue } from '@mg/domain';
import { useFormatters } from '../../../components/format';
import { useReviewCall } from './hooks';
import type { OnboardingLabels } from './labels';

const KIND_COLORS: Readonly<Record<string, string>> = {
  [OnboardingEventKind.APPROVED]: 'green',
  [OnboardingEventKind.REJECTED]: 'red',
  [OnboardingEventKind.CHANGES_REQUESTED]: 'orange',
  [OnboardingEventKind.INFO_REQUESTED]: 'orange',
  [OnboardingEventKind.DOCUMENT_ACCEPTED]: 'green',
  [OnboardingEventKind.DOCUMENT_REJECTED]: 'orange',
  [OnboardingEventKind.SUBMITTED]: 'blue',
  [OnboardingEventKind.REVIEW_STARTED]: 'blue',
};

function EventItem({ event, labels }: { event: OnboardingEventView; labels: OnboardingLabels }) {
  const { t } = useTranslation();
  const { instant } = useFormatters();
  // A section's decision carries the decision where other events carry the field they are about (a document's
  // decision: the document, named as the review names it, with the reason as its message).
  const about = !event.field
    ? null
    : event.kind === OnboardingEventKind.SECTION_DECIDED
      ? t(`onboarding.decision.${event.field}`, { defaultValue: event.field })
      : event.section
        ? labels.field(event.section as OnboardingSectionValue, event.field)
        : null;
  const where = event.section ? [t(`onboarding.section.${event.section}`, { defaultValue: event.section }), about].filter(Boolean).join(' · ') : null;
  return (
    <div data-testid={`event-${event.id}`} data-internal={event.internal ? 'true' : 'false'}>
      <Space wrap size={4}>
        <Typography.Text strong>{t(`onboarding.events.${event.kind}`, { defaultValue: event.kind })}</Typography.Text>
        {event.internal && (
          <Tag color="purple" data-testid={`event-${event.id}-internal`}>
            {t('onboarding-review.internalTag')}
          </Tag>
        )}
        {where && <Typography.Text type="secondary">{where}</Typography.Text>}
      </Space>
      {event.message && <Typography.Paragraph style={{ margin: '4px 0', whiteSpace: 'pre-wrap' }}>{event.message}</Typography.Paragraph>}
      <div>
        <Typography.Text type="secondary">{`${event.actor} · ${instant(event.at)}`}</Typography.Text>
      </div>
    </div>
  );
}

export function EventTimeline({ view, labels }: { view: ApplicationView; labels: OnboardingLabels }) {
  const { t } = useTranslation();
  if (view.events.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('onboarding-review.noEvents')} />;
  return (
    <Timeline
      data-testid="timeline"
      items={view.events.map((e) => ({
        key: e.id,
        color: e.internal ? 'gray' : (KIND_COLORS[e.kind] ?? 'blue'),
        children: <EventItem event={e} labels={labels} />,
      }))}
    />
  );
}

export function CommentBox({ merchantId }: { merchantId: number }) {
  const { t } = useTranslation();
  const [message, setMessage] = useState('');
  const [internal, setInternal] = useState(true);
  const send = useReviewCall(merchantId, 'comments');
  const text = message.trim();
  const submit = () => {
    if (!text) return;
    send.mutate({ message: text, internal }, { onSuccess: () => setMessage('') });
  };
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Input.TextArea
        rows={3}
        value={message}
        onChange={(e) => setMessage(e.target.value)}
        maxLength={REVIEW_COMMENT_MAX_LENGTH}
        placeholder={t(internal ? 'onboarding-review.notePlaceholder' : 'onboarding-review.commentPlaceholder')}
        data-testid="comment-input"
      />
      <Space style={{ width: '100%', justifyContent: 'space-between' }} wrap>
        <Space size={6}>
          <Switch checked={internal} onChange={setInternal} data-testid="comment-internal" />
          <Typography.Text>{t(internal ? 'onboarding-review.internalNote' : 'onboarding-review.visibleToApplicant')}</Typography.Text>
        </Space>
        <Button type="primary" disabled={!text} loading={send.isPending} onClick={submit} data-testid="comment-send">
          {t(internal ? 'onboarding-review.addNote' : 'onboarding-review.sendComment')}
        </Button>
      </Space>
    </Space>
  );
}
