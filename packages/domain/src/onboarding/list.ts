/** The staff review queue of onboarding applications (platform staff), oldest submission first by default. */
import { z } from 'zod';
import { ColumnKind, FilterKind, defineList } from '../lists/define';
import { ONBOARDING_PERM } from './perm';
import { APPLICATION_STATUSES, APPLICATION_STATUS_COLORS } from './views';

const instant = z.string().describe('ISO-8601 UTC');

export const onboardingList = defineList({
  name: 'onboarding',
  api: '/onboarding/applications',
  permission: ONBOARDING_PERM.ONBOARDING_MENU,
  rowKey: 'merchantId',
  record: z.object({
    merchantId: z.number(),
    merchantName: z.string(),
    brand: z.string(),
    status: z.string().describe(APPLICATION_STATUSES.join(', ')),
    legalName: z.string().nullable(),
    completion: z.number().int().describe('percent of sections complete'),
    openRequests: z.number().int().describe('requests for information not yet answered'),
    submittedAt: instant.nullable(),
    updatedAt: instant,
  }),
  columns: [
    { key: 'merchantId', header: 'common.fields.merchantId', kind: ColumnKind.ID, sortable: true },
    { key: 'merchantName', header: 'onboarding.queue.merchant', kind: ColumnKind.TEXT, width: 28 },
    { key: 'legalName', header: 'onboarding.field.legalName', kind: ColumnKind.TEXT, width: 28 },
    { key: 'status', header: 'onboarding.queue.status', kind: ColumnKind.STATUS, labels: 'onboarding.statuses', colors: APPLICATION_STATUS_COLORS, sortable: true },
    { key: 'completion', header: 'onboarding.queue.completion', kind: ColumnKind.NUMBER },
    { key: 'openRequests', header: 'onboarding.queue.openRequests', kind: ColumnKind.NUMBER },
    { key: 'submittedAt', header: 'onboarding.queue.submittedAt', kind: ColumnKind.DATE, sortable: true },
    { key: 'updatedAt', header: 'onboarding.queue.updatedAt', kind: ColumnKind.DATE, sortable: true },
    { key: 'brand', header: 'onboarding.queue.brand', kind: ColumnKind.TEXT, optional: true },
  ],
  filters: [
    { key: 'status', label: 'onboarding.queue.status', kind: FilterKind.SELECT, options: APPLICATION_STATUSES, labels: 'onboarding.statuses' },
    { key: 'merchantId', label: 'common.fields.merchantId', kind: FilterKind.MERCHANT },
  ],
});
