/**
 * The home statistics call (docs/payments-api.md "Statistics") declared once (calls/define.ts): collected amounts,
 * success rate, refunds and fees of a range (default today) in the session zone and currency.
 */
import { z } from 'zod';
import { defineCall } from '../calls/define';
import { DASHBOARD_PERM } from '../dashboard/index';
import { statisticsSchema } from '../dashboard/statistics';
import { currencySchema, staffMerchantFilterField, wallClockSchema } from '../validation';

const statisticsDateField = wallClockSchema.optional().describe('YYYY-MM-DD HH:mm:ss in the session zone (X-Time-Zone)');

export const statisticsCalls = {
  home: defineCall({
    method: 'GET',
    path: '/statistics',
    permission: DASHBOARD_PERM.HOME,
    summary: 'Home statistics of a range (default today) in the session zone and currency',
    query: z.object({
      createTime_begin: statisticsDateField,
      createTime_end: statisticsDateField,
      currency: currencySchema.optional().describe('default: the session currency'),
      merchantId: staffMerchantFilterField,
    }),
    answer: statisticsSchema,
  }),
};
