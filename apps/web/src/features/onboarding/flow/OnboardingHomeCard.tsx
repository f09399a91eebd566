/**
 * The home page's card for a merchant whose application is not approved yet (shown to holders of
 * `onboarding:apply`): its status, how complete it is, what the staff asked to change and a link back into the flow, at
 * the first step still missing something.
 */
import { Alert, Card, Progress, Space, Tag, Typography } from 'antd';
import { SolutionOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { APPLICATION_STATUS_COLORS, ApplicationStatus, EDITABLE_STATUSES, ONBOARDING_STEPS, type ApplicationView } from '@mg/domain';
import { actionItems } from './actions';
import { useApplication } from './hooks';

/** Where "Continue" goes: the first step with something missing or asked for, the overview when none is. */
export function continuePath(view: ApplicationView): string {
  if (!EDITABLE_STATUSES.includes(view.status)) return ONBOARDING_STEPS.find((s) => s.key === 'overview')!.path;
  const open = new Set<string>([...view.missing.map((m) => m.section), ...actionItems(view).map((a) => a.section)]);
  return (ONBOARDING_STEPS.find((s) => s.section && open.has(s.section)) ?? ONBOARDING_STEPS.find((s) => s.key === 'submit')!).path;
}

export function OnboardingHomeCard() {
  const { t } = useTranslation();
  const query = useApplication();
  const view = query.data;
  if (!view || view.status === ApplicationStatus.APPROVED) return null;
  // Everything staff asked to change: requests and refused sections or documents.
  const openRequests = actionItems(view).length;
  return (
    <Card title={<span><SolutionOutlined aria-hidden /> {t('onboarding.flow.home.title')}</span>} className="mg-home__card" data-testid="home-onboarding">
      <Space direction="vertical" style={{ width: '100%' }}>
        <Space wrap>
          <Tag color={APPLICATION_STATUS_COLORS[view.status]} data-testid="home-onboarding-status">
            {t(`onboarding.statuses.${view.status}`)}
          </Tag>
          <Typography.Text type="secondary">{t(`onboarding.flow.home.hint.${view.status}`)}</Typography.Text>
        </Space>
        <Progress percent={view.completion} size="small" aria-label={t('onboarding.flow.completion')} data-testid="home-onboarding-completion" />
        {openRequests > 0 && <Alert type="warning" showIcon message={t('onboarding.flow.home.requests', { count: openRequests })} />}
        <Link to={continuePath(view)} data-testid="home-onboarding-continue">
          {t(EDITABLE_STATUSES.includes(view.status) ? 'onboarding.flow.home.continue' : 'onboarding.flow.home.view')}
        </Link>
      </Space>
    </Card>
  );
}
