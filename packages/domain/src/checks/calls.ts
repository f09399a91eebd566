/**
 * The checks calls declared once (calls/define.ts): GET /sys/duplicate/check and GET /sys/checkRule/checkByCode.
 * Both answer HTTP 200: `success true, result true` when the value is fine, `success false, result false` with a
 * translated message when it is not; an unregistered table/field or rule code is a 400 naming the field.
 */
import { z } from 'zod';
import { defineCall } from '../calls/define';
import { adminIdSchema } from '../validation';

export const checkCalls = {
  duplicate: defineCall({
    method: 'GET',
    path: '/sys/duplicate/check',
    summary: 'Is the value free? Only registered (tableName, fieldName) pairs',
    query: z.object({
      tableName: z.string().max(64),
      fieldName: z.string().max(64),
      fieldVal: z.string().max(255).optional(),
      dataId: adminIdSchema.optional().describe('the row being edited (excluded)'),
    }),
    answer: z.boolean(),
  }),
  rule: defineCall({
    method: 'GET',
    path: '/sys/checkRule/checkByCode',
    summary: 'Does the value pass the rule? ruleCode: password, username, email, phone, wallet_phone, google_code',
    query: z.object({ ruleCode: z.string().max(64), value: z.string().max(1000).default('') }),
    answer: z.boolean(),
  }),
};
