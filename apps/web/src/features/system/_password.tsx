import type { RuleObject, RuleRender } from 'antd/es/form';
import { useTranslation } from 'react-i18next';
import { issueParams, passwordSchema } from '@mg/domain';

/** The shell's strength meter (spec §5), shared by every password field. */
export { PasswordStrengthMeter } from '../../components/PasswordStrengthMeter';

/** The password policy (domain passwordSchema) as an antd rule, with the translated message of the first issue. */
export function usePasswordRule(): RuleObject {
  const { t } = useTranslation();
  return {
    validator: async (_rule, value: unknown) => {
      const r = passwordSchema.safeParse(typeof value === 'string' ? value : '');
      if (r.success) return;
      const issue = r.error.issues[0];
      if (issue) throw new Error(t(issue.message, issueParams(issue)));
    },
  };
}

/** Confirmation field rule: must equal the field `other`. */
export function useConfirmRule(other = 'password'): RuleRender {
  const { t } = useTranslation();
  return ({ getFieldValue }) => ({
    validator: async (_rule, value: unknown) => {
      if (!value) throw new Error(t('validation.password.confirmRequired'));
      if (value !== getFieldValue(other)) throw new Error(t('validation.password.mismatch'));
    },
  });
}

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
