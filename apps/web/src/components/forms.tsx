/**
 * Forms of the screens: the server's field errors on the fields, the add/edit dialog around a form, and small
 * helpers for option lists.
 */
import { useMemo, useState, type ReactNode } from 'react';
import { Alert, Form, Input, Modal } from 'antd';
import type { FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';
import { TEXT_MAX_LENGTH, textSchema } from '@mg/domain';
import { isApiError } from '../api';
import { zodRule } from './zodRule';
import { useSession } from '../session/store';
import type { UserInfo } from '../api/identity';

/* ---------------------------------------------------------------------------------------------------------- */
/* Server validation messages                                                                                    */

interface FieldError {
  field?: string;
  message?: string;
}

/**
 * Puts the server's field errors (`errors[]` of a 400) on the form's fields; returns the message to show above the
 * form for everything else (the API client has already shown it as a toast unless the call was silent).
 */
export function applyServerErrors(form: FormInstance | undefined, error: unknown): string {
  if (!isApiError(error)) return error instanceof Error ? error.message : String(error);
  const list = Array.isArray(error.errors) ? (error.errors as FieldError[]) : [];
  const known = new Set(form ? Object.keys(form.getFieldsValue(true) as Record<string, unknown>) : []);
  const onFields = list.filter((e) => e.field && known.has(e.field) && e.message);
  if (form && onFields.length > 0) form.setFields(onFields.map((e) => ({ name: e.field as string, errors: [e.message as string] })));
  return error.message;
}

/**
 * The OK button of an add/edit dialog: validates the form (invalid fields show their own messages, nothing is
 * sent), then runs `save` with `saving` on; a failure puts the server's field errors on the form and keeps the
 * rest in `serverError` for the alert above it. `save` shows the success message and closes the dialog itself.
 */
export function useFormSubmit<V>(
  form: FormInstance<V>,
  save: (values: V) => Promise<void>,
  /** How a failure is shown: the text for the alert, or null when it is on the fields. Defaults to applyServerErrors. */
  onError: (error: unknown, values: V) => string | null = (e) => applyServerErrors(form, e),
) {
  const [saving, setSaving] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const submit = async () => {
    let values: V;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    setSaving(true);
    setServerError(null);
    try {
      await save(values);
    } catch (e) {
      setServerError(onError(e, values));
    } finally {
      setSaving(false);
    }
  };
  return { submit, saving, serverError };
}

/**
 * The add/edit dialog around a form of useFormSubmit: OK saves (spinning while it does), Cancel closes, and the
 * server's message that no field took stands above the form.
 */
export function FormModal({
  title,
  submitter,
  onClose,
  okText,
  open = true,
  width,
  forceRender,
  serverErrorTestId,
  children,
}: {
  title: ReactNode;
  submitter: ReturnType<typeof useFormSubmit>;
  onClose: () => void;
  /** Defaults to Save. */
  okText?: string;
  open?: boolean;
  width?: number;
  forceRender?: boolean;
  serverErrorTestId?: string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const { submit, saving, serverError } = submitter;
  return (
    <Modal
      open={open}
      width={width}
      title={title}
      onCancel={onClose}
      onOk={() => void submit()}
      okText={okText ?? t('common.actions.save')}
      cancelText={t('common.actions.cancel')}
      confirmLoading={saving}
      destroyOnHidden
      forceRender={forceRender}
    >
      {serverError && <Alert type="error" showIcon message={serverError} style={{ marginBottom: 16 }} data-testid={serverErrorTestId} />}
      {children}
    </Modal>
  );
}

/* ---------------------------------------------------------------------------------------------------------- */
/* The signed-in user                                                                                            */

/** The session's user (spec §3 userInfo), from the session store. */
export function useCurrentUser(): { data: UserInfo | null } {
  return { data: useSession().userInfo };
}

/** Splits "a,b" / arrays into a list of non-empty strings. */
export function splitList(value: unknown): string[] {
  if (Array.isArray(value)) return value.map(String).filter(Boolean);
  if (typeof value === 'string') return value.split(',').map((s) => s.trim()).filter(Boolean);
  return [];
}

/** Memo of a translated options list. */
export function useOptions<T extends string | number>(entries: readonly { value: T; labelKey: string }[], t: (k: string) => string) {
  return useMemo(() => entries.map((e) => ({ value: e.value, label: t(e.labelKey) })), [entries, t]);
}

/** A required free-text field (description, reason): trimmed non-empty, at most TEXT_MAX_LENGTH, with a counter. */
export function RequiredTextItem({ name, label, requiredMessage }: { name: string; label: string; requiredMessage: string }) {
  const { t } = useTranslation();
  return (
    <Form.Item name={name} label={label} rules={[{ required: true, whitespace: true, message: requiredMessage }, zodRule(textSchema, t)]}>
      <Input.TextArea rows={3} maxLength={TEXT_MAX_LENGTH} showCount />
    </Form.Item>
  );
}
