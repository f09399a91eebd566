/** The heading of a step: its section's name, what it asks for, and the staff's requests about the whole section. */
import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { OnboardingSectionValue } from '@mg/domain';
import { RequestsAt } from '../fields';

export function StepIntro({ section, hint }: { section: OnboardingSectionValue; hint?: string }) {
  const { t } = useTranslation();
  return (
    <div className="ob-intro">
      <Typography.Title level={4} data-testid="ob-step-title">
        {t(`onboarding.section.${section}`)}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{hint ?? t(`onboarding.flow.intro.${section}`)}</Typography.Paragraph>
      <RequestsAt section={section} path="" />
    </div>
  );
}
