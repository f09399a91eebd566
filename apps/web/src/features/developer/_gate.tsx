import { useCallback, useState, type ReactNode } from 'react';
import { Alert, App, Button, Form, Modal, Result, Space, Spin, Typography } from 'antd';
import type { ButtonProps } from 'antd';
import { CopyOutlined, SafetyCertificateOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { googleCodeSchema } from '@mg/domain';
import type { FormInstance } from 'antd';
import { isApiError } from '../../api';
import { CodeInput } from '../../components/CodeInput';
import { useCopyToClipboard } from '../../components/copy';
import { useZodRule } from '../../components/useZodRule';
import { applyServerErrors, useFormSubmit } from '../../components/forms';
import { isGoogleCodeProblem } from '../../components/secondFactor';

/** A developer page's one load: a spinner, then the page, or what failed with a Reload button. */
export function LoadGate<T>({ query, failed, loadingTestId, children }: { query: { isLoading: boolean; isError: boolean; data: T | undefined; refetch: () => unknown }; failed: string; loadingTestId: string; children: (data: T) => ReactNode }) {
  const { t } = useTranslation();
  if (query.isLoading)
    return (
      <div style={{ padding: 48, textAlign: 'center' }} data-testid={loadingTestId}>
        <Spin size="large" />
      </div>
    );
  if (query.isError || query.data === undefined)
    return (
      <Result
        status="warning"
        title={failed}
        extra={
          <Button type="primary" onClick={() => void query.refetch()}>
            {t('common.actions.reload')}
          </Button>
        }
      />
    );
  return children(query.data);
}

export { isGoogleCodeProblem } from '../../components/secondFactor';

/**
 * A wrong Google code (GOOGLE_CODE_ERROR) or a locked step-up goes on the form's `googleCode` field, with the server's message `text`;
 * true when it did.
 */
export function putCodeError<V extends { googleCode?: string }>(form: FormInstance<V>, e: unknown, text: string): boolean {
  if (!isApiError(e) || (e.errorCode !== 'GOOGLE_CODE_ERROR' && e.errorCode !== 'STEP_UP_LOCKED')) return false;
  form.setFields([{ name: 'googleCode', errors: [text] }] as Parameters<FormInstance<V>['setFields']>[0]);
  return true;
}

/** The message above a form that no field took; nothing without one. */
export function FormError({ message, testId }: { message: string | null; testId?: string }) {
  if (!message) return null;
  return <Alert type="error" showIcon message={message} style={{ marginBottom: 12 }} data-testid={testId} />;
}

/** A card or dialog title with its icon. */
export function IconTitle({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  return (
    <Space>
      {icon}
      {children}
    </Space>
  );
}

export function errorText(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}

/** The six-digit code dialog: stays open on a wrong code (the message sits on the field) until it works or is cancelled. */
function GoogleCodeModal({
  title,
  okText,
  danger,
  onSubmit,
  onCancel,
}: {
  title: string;
  okText: string;
  danger?: boolean;
  onSubmit: (code: string) => Promise<void>;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ googleCode: string }>();
  const codeRule = useZodRule(googleCodeSchema);
  // A wrong code sits on the field; a missing one is the field's own message; anything else stands above the form.
  const { submit, saving, serverError: error } = useFormSubmit(
    form,
    (values) => onSubmit(values.googleCode),
    (e) => {
      const text = applyServerErrors(form, e);
      return putCodeError(form, e, text) || isGoogleCodeProblem(e) ? null : text;
    },
  );
  return (
    <Modal
      open
      title={<IconTitle icon={<SafetyCertificateOutlined />}>{title}</IconTitle>}
      onCancel={onCancel}
      onOk={() => void submit()}
      okText={okText}
      okButtonProps={{ danger, 'data-testid': 'google-code-ok' } as ButtonProps}
      cancelText={t('common.actions.cancel')}
      confirmLoading={saving}
      destroyOnHidden
      maskClosable={false}
    >
      <Typography.Paragraph type="secondary">{t('developer.codeHint')}</Typography.Paragraph>
      <FormError message={error} testId="google-code-error" />
      <Form form={form} name="developerGoogleCode" layout="vertical" onFinish={() => void submit()}>
        <Form.Item name="googleCode" label={t('developer.codeLabel')} rules={[codeRule]}>
          <CodeInput autoFocus data-testid="google-code" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

interface Pending {
  title: string;
  okText: string;
  danger?: boolean;
  action: (googleCode?: string) => Promise<void>;
}

/**
 * Runs a protected call. Without 2FA it runs at once (a failure is shown as a message); with 2FA on it first asks
 * the Google code in a dialog, which shows a wrong code on its field and stays open. A server that asks for a code
 * the screen did not know about (2FA just turned on elsewhere) opens the dialog too.
 */
export function useGoogleCodeGate(totpEnabled: boolean): {
  run: (p: Pending) => Promise<void>;
  element: ReactNode;
} {
  const { message } = App.useApp();
  const [pending, setPending] = useState<Pending | null>(null);
  const run = useCallback(
    async (p: Pending) => {
      if (totpEnabled) {
        setPending(p);
        return;
      }
      try {
        await p.action(undefined);
      } catch (e) {
        if (isGoogleCodeProblem(e)) setPending(p);
        else message.error(errorText(e));
      }
    },
    [totpEnabled, message],
  );
  const element = pending ? (
    <GoogleCodeModal
      title={pending.title}
      okText={pending.okText}
      danger={pending.danger}
      onCancel={() => setPending(null)}
      onSubmit={async (code) => {
        await pending.action(code);
        setPending(null);
      }}
    />
  ) : null;
  return { run, element };
}

/** A secret in a monospace block with a copy button. */
export function SecretBlock({ value, testId }: { value: string; testId?: string }) {
  const { t } = useTranslation();
  const copy = useCopyToClipboard(t('developer.copied'), t('developer.copyFailed'));
  return (
    <div style={{ display: 'flex', alignItems: 'center', gap: 8, flexWrap: 'wrap' }}>
      <Typography.Text code data-testid={testId} style={{ wordBreak: 'break-all', fontSize: 14 }}>
        {value}
      </Typography.Text>
      <Button
        size="small"
        icon={<CopyOutlined />}
        onClick={() => void copy(value)}
        data-testid={testId ? `${testId}-copy` : undefined}
      >
        {t('developer.copy')}
      </Button>
    </div>
  );
}
