import type { RuleObject } from 'antd/es/form';
import { useTranslation } from 'react-i18next';
import { issueParams } from '@mg/domain';

/** Any domain zod schema as an antd rule (messages are i18n keys with params); `optional`: an empty value passes. */
export function useZodRule(
  schema: { safeParse: (v: unknown) => { success: boolean; error?: { issues: Parameters<typeof issueParams>[0][] } } },
  optional = false,
): RuleObject {
  const { t } = useTranslation();
  return {
    validator: async (_rule, value: unknown) => {
      if (optional && (value === undefined || value === null || (typeof value === 'string' && value.trim() === ''))) return;
      const r = schema.safeParse(typeof value === 'string' ? value.trim() : value);
      if (r.success) return;
      const issue = r.error?.issues[0];
      if (issue) throw new Error(t(issue.message, issueParams(issue)));
    },
  };
}
