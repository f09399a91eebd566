/** What an application still lacks, as a list of links to the steps (the submit refusal, the overview's summary). */
import { List, Typography } from 'antd';
import { ExclamationCircleOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ApplicationData, OnboardingSectionValue } from '@mg/domain';
import { describeField, sectionName, stepPathOf } from './describe';

export interface MissingLike {
  section: string;
  field: string;
  messageKey: string;
}

export function missingTestId(m: MissingLike): string {
  return `ob-missing-${m.section}-${m.field || 'section'}`;
}

export function MissingText({ item, data }: { item: MissingLike; data: ApplicationData }) {
  const { t } = useTranslation();
  const what = describeField(t, data, item.section as OnboardingSectionValue, item.field);
  return (
    <>
      {what ? `${what}: ` : ''}
      {t(item.messageKey)}
    </>
  );
}

export function MissingList({ items, data, testId }: { items: readonly MissingLike[]; data: ApplicationData; testId: string }) {
  const { t } = useTranslation();
  return (
    <List
      size="small"
      data-testid={testId}
      dataSource={[...items]}
      renderItem={(m) => (
        <List.Item data-testid={`${testId}-item`}>
          <Typography.Text>
            <ExclamationCircleOutlined className="ob-missing-icon" aria-hidden /> <strong>{sectionName(t, m.section)}</strong> · <MissingText item={m} data={data} />
          </Typography.Text>
          <Link to={stepPathOf(m.section)}>{t('onboarding.flow.goToStep')}</Link>
        </List.Item>
      )}
    />
  );
}
