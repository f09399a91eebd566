/**
 * The second factor of money moves on the screen (issue 39): whether a call asks the Google code comes from the
 * domain's rule (SECOND_FACTOR_CALLS) and the user's own 2FA, the same rule the server enforces; the field itself; and
 * how to tell an answer about the code (missing, wrong, locked) from any other refusal.
 */
import { useEffect, useState, type ReactNode } from 'react';
import { Form, Typography } from 'antd';
import type { FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';
import { SECOND_FACTOR_CALLS, googleCodeSchema, type SecondFactorCallValue } from '@mg/domain';
import { isApiError } from '../api';
import { CodeInput } from './CodeInput';
import { useCurrentUser } from './forms';
import { useZodRule } from './useZodRule';

/** True when the signed-in user must give the Google code for `call`. */
export function useAsksSecondFactor(call: SecondFactorCallValue | undefined): boolean {
  const { data: user } = useCurrentUser();
  return call !== undefined && Boolean(user?.twoFactorEnabled) && SECOND_FACTOR_CALLS.includes(call);
}

/** The server's answer is about the Google code: wrong (GOOGLE_CODE_ERROR), missing (field `googleCode`) or locked. */
export function isGoogleCodeProblem(e: unknown): boolean {
  if (!isApiError(e)) return false;
  if (e.errorCode === 'GOOGLE_CODE_ERROR' || e.errorCode === 'STEP_UP_LOCKED') return true;
  return Array.isArray(e.errors) && (e.errors as { field?: string }[]).some((x) => x.field === 'googleCode');
}

/** The code field of a confirmation (`googleCode`, six digits), with the line that says why it is asked. */
export function SecondFactorField({ testId = 'google-code' }: { testId?: string }) {
  const { t } = useTranslation();
  const rule = useZodRule(googleCodeSchema);
  return (
    <>
      <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
        {t('developer.codeHint')}
      </Typography.Paragraph>
      <Form.Item name="googleCode" label={t('developer.codeLabel')} rules={[rule]} style={{ marginBottom: 0 }}>
        <CodeInput data-testid={testId} />
      </Form.Item>
    </>
  );
}

/**
 * Whether `form` shows the code field for `call`, and `takeError` to call with a refusal: true when it was about the
 * code and now stands on the field, which also appears when the server asked for a code the screen did not know was
 * needed (2FA turned on in another tab). Its message is put on the field once the field is rendered.
 */
function useCodeOn(call: SecondFactorCallValue | undefined, form: FormInstance): { asks: boolean; takeError: (e: unknown) => boolean } {
  const [asked, setAsked] = useState<{ message: string } | null>(null);
  const asks = useAsksSecondFactor(call) || asked !== null;
  useEffect(() => {
    if (asked) form.setFields([{ name: 'googleCode', value: '', errors: [asked.message] }]);
  }, [asked, form]);
  const takeError = (e: unknown) => {
    if (!isGoogleCodeProblem(e)) return false;
    setAsked({ message: isApiError(e) ? e.message : String(e) });
    return true;
  };
  return { asks, takeError };
}

/**
 * The confirm button's work with the code: `confirm()` validates the code field when it is asked, calls `onConfirm`
 * with it, and puts an answer about the code (wrong, missing, locked) on the field. `field` is the code's own form,
 * to place under what the confirmation shows; null when no code is asked.
 */
export function useSecondFactorConfirm(
  call: SecondFactorCallValue | undefined,
  onConfirm: (googleCode?: string) => void | Promise<void>,
  testId: string,
): { confirm: () => Promise<void>; field: ReactNode } {
  const [form] = Form.useForm<{ googleCode?: string }>();
  const { asks, takeError } = useCodeOn(call, form);
  const confirm = async () => {
    let googleCode: string | undefined;
    if (asks) {
      try {
        googleCode = (await form.validateFields()).googleCode;
      } catch {
        return;
      }
    }
    try {
      await onConfirm(googleCode);
    } catch (e) {
      if (!takeError(e)) throw e;
    }
  };
  const field = asks ? (
    <Form form={form} name={`${testId}SecondFactor`} layout="vertical" style={{ marginTop: 16 }} onFinish={() => void confirm()}>
      <SecondFactorField testId={`${testId}-google-code`} />
    </Form>
  ) : null;
  return { confirm, field };
}

/**
 * The code field inside a form that is itself the confirmation (a refund, a top-up, a rejection): `field` to render
 * in the form, and `takeError` for its refusals (true when it was about the code and now stands on the field).
 */
export function useSecondFactorField(call: SecondFactorCallValue, form: FormInstance, testId: string): { field: ReactNode; takeError: (e: unknown) => boolean } {
  const { asks, takeError } = useCodeOn(call, form);
  return { field: asks ? <SecondFactorField testId={`${testId}-google-code`} /> : null, takeError };
}
