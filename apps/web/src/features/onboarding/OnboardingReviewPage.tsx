/**
 * Onboarding review (platform staff, issue 14): the queue of merchants' KYB applications, the declared list
 * (packages/domain onboarding/list.ts). It opens on the applications waiting for staff (submitted, in review)
 * unless the address says otherwise; the status filter takes several statuses. A row opens the application.
 */
import { useMemo, useState } from 'react';
import { Typography } from 'antd';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { APPLICATION_STATUSES, ApplicationStatus, onboardingList, type ListRecord } from '@mg/domain';
import { ListPage, type ColumnOverrides } from '../../components/list';
import { ApplicationDrawer } from './review/ApplicationDrawer';

type QueueRecord = ListRecord<typeof onboardingList>;

/** The queue's first view: what is waiting for staff. */
const WAITING = [ApplicationStatus.SUBMITTED, ApplicationStatus.IN_REVIEW];

export default function OnboardingReviewPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  // The address at mount decides the first filter: a link with filters keeps them, a bare page shows the waiting ones.
  const [initialStatus] = useState<string[]>(() => {
    const given = params.get('status');
    if (given) return given.split(',').filter(Boolean);
    return params.toString() === '' ? WAITING : [];
  });
  const [viewing, setViewing] = useState<QueueRecord | null>(null);

  const overrides = useMemo<ColumnOverrides<QueueRecord>>(
    () => ({
      render: {
        merchantName: (r) => (
          <Typography.Link onClick={() => setViewing(r)} data-testid={`open-${r.merchantId}`}>
            {r.merchantName}
          </Typography.Link>
        ),
        completion: (r) => `${r.completion} %`,
      },
      props: {
        status: {
          initialValue: initialStatus.length ? initialStatus : undefined,
          fieldProps: {
            mode: 'multiple',
            maxTagCount: 'responsive',
            options: APPLICATION_STATUSES.map((s) => ({ value: s, label: t(`onboarding.statuses.${s}`) })),
          },
          // Sent (and kept in the address) as the list kit's select filters are: comma-separated.
          search: { transform: (v: unknown) => ({ status: Array.isArray(v) ? v.join(',') : v }) },
        },
      },
    }),
    [initialStatus, t],
  );

  return (
    <>
      <ListPage list={onboardingList} onRowClick={setViewing} overrides={overrides} />
      <ApplicationDrawer merchantId={viewing?.merchantId ?? null} title={viewing?.merchantName} onClose={() => setViewing(null)} />
    </>
  );
}
