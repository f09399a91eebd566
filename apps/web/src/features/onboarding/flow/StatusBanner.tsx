/**
 * Where the application stands, above every step: submitted or in review (locked, read only), changes requested
 * (the staff's message, everything they asked to change with their words and links to the steps, a reply), approved,
 * rejected (the reason).
 */
import { useState } from 'react';
import { Alert, App, Button, Input, List, Space, Tag, Typography } from 'antd';
import { LockOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { REVIEW_COMMENT_MAX_LENGTH, homePath } from '@mg/domain';
import { useBrand } from '../../../brands';
import { useFormatters } from '../../../components/format';
import { useFlow } from './context';
import { describeField, sectionName, stepPathOf } from './describe';
import { useFlowActions } from './hooks';

function lastEventMessage(events: readonly { kind: string; message: string | null; internal: boolean }[], kind: string): string | null {
  const e = [...events].reverse().find((x) => x.kind === kind && !x.internal);
  return e?.message ?? null;
}

/**
 * Everything staff asked to change, each with their words and a link to its step: open requests
 * (`ob-request-<id>`) and refused sections and documents (`ob-refusal-<decision key>`).
 */
function ActionList() {
  const { t } = useTranslation();
  const { actions, data } = useFlow();
  if (!actions.length) return null;
  return (
    <List
      size="small"
      className="ob-requests"
      data-testid="ob-requests"
      dataSource={[...actions]}
      rowKey="key"
      renderItem={(a) => {
        const what = describeField(t, data, a.section, a.field);
        return (
          <List.Item data-testid={a.requestId !== null ? `ob-request-${a.requestId}` : `ob-refusal-${a.key}`}>
            <span>
              <Tag color={a.requestId === null ? 'orange' : 'blue'}>{t(a.requestId === null ? 'onboarding.flow.needsChanges' : 'onboarding.flow.requestTag')}</Tag>
              <strong>{sectionName(t, a.section)}</strong>
              {what ? ` · ${what}` : ''}: {a.message}
              {a.dueDate && <span className="ob-muted"> ({t('onboarding.flow.dueDate', { date: a.dueDate })})</span>}
            </span>
            <Link to={stepPathOf(a.section)}>{t('onboarding.flow.goToStep')}</Link>
          </List.Item>
        );
      }}
    />
  );
}

function Reply() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { view } = useFlow();
  const { instant } = useFormatters();
  const actions = useFlowActions();
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const comments = view.events.filter((e) => e.kind === 'comment' && !e.internal);
  const send = async () => {
    setBusy(true);
    try {
      await actions.comment(text.trim());
      setText('');
      message.success(t('onboarding.flow.replySent'));
    } catch {
      // the API client has said why
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="ob-reply">
      {comments.length > 0 && (
        <List
          size="small"
          data-testid="ob-comments"
          dataSource={comments}
          renderItem={(e) => (
            <List.Item>
              <span>
                <strong>{e.actor}</strong> <span className="ob-muted">{instant(e.at)}</span>: {e.message}
              </span>
            </List.Item>
          )}
        />
      )}
      <Space.Compact style={{ width: '100%' }}>
        <Input.TextArea
          value={text}
          onChange={(e) => setText(e.target.value)}
          maxLength={REVIEW_COMMENT_MAX_LENGTH}
          autoSize={{ minRows: 1, maxRows: 4 }}
          placeholder={t('onboarding.flow.replyPlaceholder')}
          aria-label={t('onboarding.flow.replyPlaceholder')}
          data-testid="ob-comment"
        />
        <Button onClick={() => void send()} disabled={!text.trim()} loading={busy} data-testid="ob-comment-send">
          {t('onboarding.flow.reply')}
        </Button>
      </Space.Compact>
    </div>
  );
}

export function StatusBanner() {
  const { t } = useTranslation();
  const { brand } = useBrand();
  const { instant } = useFormatters();
  const { view } = useFlow();
  switch (view.status) {
    case 'submitted':
    case 'in_review':
      return (
        <Alert
          type="info"
          showIcon
          icon={<LockOutlined />}
          className="ob-banner"
          data-testid="ob-banner"
          data-status={view.status}
          message={t(`onboarding.statuses.${view.status}`)}
          description={
            <>
              {view.submittedAt && <div>{t('onboarding.flow.submittedAt', { at: instant(view.submittedAt) })}</div>}
              <div data-testid="ob-readonly">{t('onboarding.flow.lockedHint')}</div>
            </>
          }
        />
      );
    case 'changes_requested':
      return (
        <Alert
          type="warning"
          showIcon
          className="ob-banner"
          data-testid="ob-banner"
          data-status={view.status}
          message={t('onboarding.flow.changesRequested')}
          description={
            <>
              {lastEventMessage(view.events, 'changes_requested') && <Typography.Paragraph className="ob-staff-message">{lastEventMessage(view.events, 'changes_requested')}</Typography.Paragraph>}
              <ActionList />
              <Reply />
            </>
          }
        />
      );
    case 'approved':
      return (
        <Alert
          type="success"
          showIcon
          className="ob-banner"
          data-testid="ob-banner"
          data-status={view.status}
          message={t('onboarding.flow.approved')}
          description={view.decidedAt ? t('onboarding.flow.decidedAt', { at: instant(view.decidedAt) }) : undefined}
          action={
            <Link to={homePath(brand)} data-testid="ob-go-home">
              {t('onboarding.flow.toDashboard')}
            </Link>
          }
        />
      );
    case 'rejected': {
      const reason = lastEventMessage(view.events, 'rejected');
      return (
        <Alert
          type="error"
          showIcon
          className="ob-banner"
          data-testid="ob-banner"
          data-status={view.status}
          message={t('onboarding.flow.rejected')}
          description={reason ? t('onboarding.flow.reason', { reason }) : undefined}
        />
      );
    }
    default:
      return null;
  }
}
