/**
 * The heading of a step: its section's name, what it asks for, and what staff said of the whole section (their
 * refusal of it with the reason, their requests about it).
 */
import { Typography } from 'antd';
import { CloseCircleOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { OnboardingSectionValue } from '@mg/domain';
import { useFlow } from '../context';
import { RequestsAt } from '../fields';

export function StepIntro({ section, hint }: { section: OnboardingSectionValue; hint?: string }) {
  const { t } = useTranslation();
  const { actions } = useFlow();
  const refusal = actions.find((a) => a.key === section);
  return (
    <div className="ob-intro">
      <Typography.Title level={4} data-testid="ob-step-title">
        {t(`onboarding.section.${section}`)}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{hint ?? t(`onboarding.flow.intro.${section}`)}</Typography.Paragraph>
      {refusal && (
        <div className="ob-doc-refused ob-section-refused" data-testid={`ob-section-refused-${section}`}>
          <CloseCircleOutlined aria-hidden /> {t('onboarding.flow.sectionRefused', { reason: refusal.message })}
        </div>
      )}
      <RequestsAt section={section} path="" />
    </div>
  );
}
