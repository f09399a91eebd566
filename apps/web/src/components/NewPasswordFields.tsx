import type { ReactNode } from 'react';
import { Form, Input } from 'antd';
import { LockOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { passwordSchema } from '@mg/domain';
import { PasswordStrengthMeter } from './PasswordStrengthMeter';
import { zodRule } from './zodRule';

export interface NewPasswordFieldsProps {
  passwordLabel: ReactNode;
  confirmLabel: ReactNode;
  /** Shows the required mark on both fields (the dialogs do; the sign-in cards do not). */
  required?: boolean;
  /** The sign-in cards' look: large inputs with a lock icon. */
  large?: boolean;
  /** data-testid of the password input, the confirmation input and the strength meter (the meter has its own default). */
  testIds?: { password: string; confirm: string; meter?: string };
}

/**
 * The `password` and `confirmpassword` fields of every form that sets a new password (register, reset by e-mail,
 * change password, a user's reset by an admin, a new user): the domain policy with the spec §5 strength meter,
 * and a confirmation that must be given and must match. Goes inside a Form, whose `password` it watches.
 */
export function NewPasswordFields({ passwordLabel, confirmLabel, required, large, testIds }: NewPasswordFieldsProps) {
  const { t } = useTranslation();
  const password = Form.useWatch<string | undefined>('password');
  const inputLook = large ? { size: 'large' as const, prefix: <LockOutlined aria-hidden /> } : {};
  return (
    <>
      <Form.Item
        name="password"
        label={passwordLabel}
        required={required}
        rules={[zodRule(passwordSchema, t)]}
        extra={<PasswordStrengthMeter value={password} testId={testIds?.meter} />}
      >
        <Input.Password {...inputLook} autoComplete="new-password" data-testid={testIds?.password} />
      </Form.Item>
      <Form.Item
        name="confirmpassword"
        label={confirmLabel}
        required={required}
        dependencies={['password']}
        rules={[
          ({ getFieldValue }) => ({
            validator: (_, v: string | undefined) => {
              if (!v) return Promise.reject(new Error(t('validation.password.confirmRequired')));
              return v === getFieldValue('password') ? Promise.resolve() : Promise.reject(new Error(t('validation.password.mismatch')));
            },
          }),
        ]}
      >
        <Input.Password {...inputLook} autoComplete="new-password" data-testid={testIds?.confirm} />
      </Form.Item>
    </>
  );
}
