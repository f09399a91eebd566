/**
 * The review's dialogs: a required text (a section's reason to ask for changes, the application's rejection reason,
 * the message that sends it back for changes), a request for information addressed to a field or document with a
 * due date, and the approval's confirmation (Approval.tsx: the one of "accept the unchanged sections"). OK validates, sends, and closes on success; a refusal stays in the
 * dialog with the server's message above the form.
 */
import { useState, type ReactNode } from 'react';
import { Alert, DatePicker, Form, Input, Modal, Select, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { DATE_FORMAT, INFO_REQUEST_DEFAULT_DAYS, REVIEW_REASON_MAX_LENGTH, type OnboardingSectionValue } from '@mg/domain';
import { applyServerErrors } from '../../../components/forms';
import { useSessionZone } from '../../../components/format';
import { addDays, todayIn } from '../../../components/list/range';
import type { InfoRequestInput } from './hooks';

/** The dialog around a form: OK validates and runs `send`; a failure shows the server's message above the form. */
export function useSend<V>(send: (values: V) => Promise<void>, validate: () => Promise<V>) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const submit = async () => {
    let values: V;
    try {
      values = await validate();
    } catch {
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await send(values);
    } catch (e) {
      setError(applyServerErrors(undefined, e));
    } finally {
      setBusy(false);
    }
  };
  return { submit, busy, error };
}

export function ReviewDialog({ title, okText, danger, testId, busy, error, onOk, onClose, children }: {
  title: ReactNode;
  okText: string;
  danger?: boolean | undefined;
  testId: string;
  busy: boolean;
  error: string | null;
  onOk: () => void;
  onClose: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Modal
      open
      title={title}
      onCancel={onClose}
      onOk={onOk}
      okText={okText}
      cancelText={t('common.actions.cancel')}
      confirmLoading={busy}
      okButtonProps={{ danger: Boolean(danger), 'data-testid': `${testId}-confirm` }}
      destroyOnHidden
      data-testid={`${testId}-dialog`}
    >
      {error && <Alert type="error" showIcon message={error} style={{ marginBottom: 16 }} data-testid={`${testId}-error`} />}
      {children}
    </Modal>
  );
}

/** A dialog asking for one required text. */
export function TextDialog({ title, hint, label, requiredMessage, okText, danger, testId, maxLength, onSubmit, onClose, children }: {
  title: ReactNode;
  hint?: ReactNode;
  label: string;
  requiredMessage: string;
  okText: string;
  danger?: boolean;
  /** `<testId>-input`, `<testId>-confirm`, `<testId>-error`. */
  testId: string;
  maxLength: number;
  onSubmit: (text: string) => Promise<unknown>;
  onClose: () => void;
  /** Below the hint (the open requests that go with the message). */
  children?: ReactNode;
}) {
  const [form] = Form.useForm<{ text: string }>();
  const { submit, busy, error } = useSend(
    async ({ text }) => {
      await onSubmit(text.trim());
      onClose();
    },
    () => form.validateFields(),
  );
  return (
    <ReviewDialog title={title} okText={okText} danger={danger} testId={testId} busy={busy} error={error} onOk={() => void submit()} onClose={onClose}>
      {hint && <Typography.Paragraph type="secondary">{hint}</Typography.Paragraph>}
      {children}
      <Form form={form} layout="vertical" preserve={false} autoComplete="off">
        <Form.Item name="text" label={label} rules={[{ required: true, whitespace: true, message: requiredMessage }]}>
          <Input.TextArea rows={4} maxLength={maxLength} showCount data-testid={`${testId}-input`} />
        </Form.Item>
      </Form>
    </ReviewDialog>
  );
}

interface InfoValues {
  field: string;
  message: string;
  dueDate: Dayjs;
}

/**
 * A request for information in a section: addressed to the section, one of its fields or documents; due by default
 * INFO_REQUEST_DEFAULT_DAYS after today in the session zone, never before today.
 */
export function RequestInfoDialog({ section, sectionLabel, options, onSubmit, onClose }: {
  section: OnboardingSectionValue;
  sectionLabel: string;
  options: { value: string; label: string }[];
  onSubmit: (input: InfoRequestInput) => Promise<unknown>;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const zone = useSessionZone();
  const today = todayIn(zone);
  const [form] = Form.useForm<InfoValues>();
  const { submit, busy, error } = useSend(
    async (v: InfoValues) => {
      await onSubmit({ section, field: v.field, message: v.message.trim(), dueDate: v.dueDate.format(DATE_FORMAT) });
      onClose();
    },
    () => form.validateFields(),
  );
  const initialValues = { field: '', message: '', dueDate: dayjs(addDays(today, INFO_REQUEST_DEFAULT_DAYS)) };
  return (
    <ReviewDialog
      title={t('onboarding-review.requestInfoTitle', { section: sectionLabel })}
      okText={t('onboarding-review.send')}
      testId="request-info"
      busy={busy}
      error={error}
      onOk={() => void submit()}
      onClose={onClose}
    >
      <Typography.Paragraph type="secondary">{t('onboarding-review.requestInfoHint')}</Typography.Paragraph>
      <Form form={form} layout="vertical" preserve={false} autoComplete="off" initialValues={initialValues}>
        <Form.Item name="field" label={t('onboarding-review.field')}>
          <Select options={options} showSearch optionFilterProp="label" data-testid="request-info-field" />
        </Form.Item>
        <Form.Item name="message" label={t('onboarding-review.message')} rules={[{ required: true, whitespace: true, message: t('onboarding-review.messageRequired') }]}>
          <Input.TextArea rows={4} maxLength={REVIEW_REASON_MAX_LENGTH} showCount data-testid="request-info-message" />
        </Form.Item>
        <Form.Item name="dueDate" label={t('onboarding-review.dueDate')} rules={[{ required: true, message: t('onboarding-review.dueRequired') }]}>
          <DatePicker
            format={DATE_FORMAT}
            allowClear={false}
            disabledDate={(d) => d.format(DATE_FORMAT) < today}
            style={{ width: '100%' }}
            data-testid="request-info-due"
          />
        </Form.Item>
      </Form>
    </ReviewDialog>
  );
}

/** The approval's confirmation: the merchant goes live and is e-mailed the decision. */
export function ApproveDialog({ merchantName, onSubmit, onClose }: { merchantName: string; onSubmit: () => Promise<unknown>; onClose: () => void }) {
  const { t } = useTranslation();
  const { submit, busy, error } = useSend(
    async () => {
      await onSubmit();
      onClose();
    },
    () => Promise.resolve(null),
  );
  return (
    <ReviewDialog title={t('onboarding-review.approveTitle', { merchant: merchantName })} okText={t('onboarding-review.approve')} testId="approve" busy={busy} error={error} onOk={() => void submit()} onClose={onClose}>
      <Typography.Paragraph>{t('onboarding-review.approveHint')}</Typography.Paragraph>
    </ReviewDialog>
  );
}
