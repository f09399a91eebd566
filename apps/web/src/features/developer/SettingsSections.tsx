import { useState } from 'react';
import { Alert, App, Button, Card, Form, Input, Space, Tag, Typography } from 'antd';
import type { FormInstance } from 'antd';
import {
  DeleteOutlined,
  EyeInvisibleOutlined,
  EyeOutlined,
  GlobalOutlined,
  LinkOutlined,
  LockOutlined,
  PlusOutlined,
  RetweetOutlined,
  SafetyOutlined,
} from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { CALLBACK_URL_MAX_LENGTH, IP_WHITELIST_MAX_ENTRIES, checkCell, isIpWhitelistEntry } from '@mg/domain';
import { isApiError } from '../../api';
import { applyServerErrors } from '../system/_shared';
import { developerApi, type DeveloperParameters } from './api';
import { SecretBlock, useGoogleCodeGate } from './_gate';

/* Callback addresses ----------------------------------------------------------------------------------------- */

interface CallbackValues {
  collectionCallbackUrl: string;
  payoutCallbackUrl: string;
}

export function CallbacksSection({ data, onChanged }: { data: DeveloperParameters; onChanged: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<CallbackValues>();
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const urlRule = {
    validator: async (_: unknown, value: unknown) => {
      const v = typeof value === 'string' ? value.trim() : '';
      if (v === '') return;
      if (v.length > CALLBACK_URL_MAX_LENGTH)
        throw new Error(t('screens.developer.urlTooLong', { max: CALLBACK_URL_MAX_LENGTH }));
      const problem = checkCell('url', v);
      if (problem) throw new Error(t('screens.developer.urlInvalid'));
    },
  };
  const save = async () => {
    let values: CallbackValues;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    setSaving(true);
    setError(null);
    try {
      await developerApi.saveCallbacks({
        collectionCallbackUrl: values.collectionCallbackUrl?.trim() || null,
        payoutCallbackUrl: values.payoutCallbackUrl?.trim() || null,
      });
      message.success(t('screens.common.saved'));
      onChanged();
    } catch (e) {
      setError(applyServerErrors(form, e));
    } finally {
      setSaving(false);
    }
  };
  return (
    <Card
      title={
        <Space>
          <LinkOutlined />
          {t('screens.developer.callbacksTitle')}
        </Space>
      }
      data-testid="callbacks-section"
    >
      <Typography.Paragraph type="secondary">{t('screens.developer.callbacksHint')}</Typography.Paragraph>
      {error && <Alert type="error" showIcon message={error} style={{ marginBottom: 12 }} />}
      <Form
        form={form}
        name="callbacksForm"
        layout="vertical"
        style={{ maxWidth: 640 }}
        initialValues={{
          collectionCallbackUrl: data.collectionCallbackUrl ?? '',
          payoutCallbackUrl: data.payoutCallbackUrl ?? '',
        }}
        onFinish={() => void save()}
      >
        <Form.Item
          name="collectionCallbackUrl"
          label={t('screens.developer.collectionCallbackUrl')}
          rules={[urlRule]}
        >
          <Input
            placeholder="https://"
            maxLength={CALLBACK_URL_MAX_LENGTH}
            inputMode="url"
            data-testid="collection-callback"
          />
        </Form.Item>
        <Form.Item
          name="payoutCallbackUrl"
          label={t('screens.developer.payoutCallbackUrl')}
          rules={[urlRule]}
        >
          <Input
            placeholder="https://"
            maxLength={CALLBACK_URL_MAX_LENGTH}
            inputMode="url"
            data-testid="payout-callback"
          />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={saving} data-testid="save-callbacks">
          {t('screens.common.save')}
        </Button>
      </Form>
    </Card>
  );
}

/* IP whitelist ----------------------------------------------------------------------------------------------- */

/** Index of the entry a server field error names: `ipWhitelist.2`, `ipWhitelist[2]`. */
function entryIndexOf(field: string | undefined): number | undefined {
  const m = /^ipWhitelist(?:\.|\[)(\d+)\]?$/.exec(field ?? '');
  return m ? Number(m[1]) : undefined;
}

/** Puts the server's complaints on the entries they name (by index, else by the entry's text in the message). */
export function applyWhitelistErrors(
  form: FormInstance<{ ipWhitelist: string[] }>,
  entries: string[],
  e: unknown,
): string | null {
  const text = applyServerErrors(undefined, e);
  const list =
    isApiError(e) && Array.isArray(e.errors) ? (e.errors as { field?: string; message?: string }[]) : [];
  const placed: { name: (string | number)[]; errors: string[] }[] = [];
  for (const item of list) {
    const index = entryIndexOf(item.field);
    if (index !== undefined && index < entries.length)
      placed.push({ name: ['ipWhitelist', index], errors: [item.message ?? text] });
  }
  if (placed.length === 0) {
    const index = entries.findIndex((entry) => entry.trim() !== '' && text.includes(entry.trim()));
    if (index >= 0) placed.push({ name: ['ipWhitelist', index], errors: [text] });
  }
  if (placed.length === 0) return text;
  form.setFields(placed as Parameters<typeof form.setFields>[0]);
  return null;
}

export function WhitelistSection({ data, onChanged }: { data: DeveloperParameters; onChanged: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<{ ipWhitelist: string[] }>();
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const entryRule = (index: number) => ({
    validator: async (_: unknown, value: unknown) => {
      const v = typeof value === 'string' ? value.trim() : '';
      if (v === '') throw new Error(t('screens.developer.ipRequired'));
      if (!isIpWhitelistEntry(v)) throw new Error(t('screens.developer.ipInvalid'));
      const all = (form.getFieldValue('ipWhitelist') as string[] | undefined) ?? [];
      if (all.slice(0, index).some((other) => (other ?? '').trim().toLowerCase() === v.toLowerCase()))
        throw new Error(t('screens.developer.ipDuplicate'));
    },
  });
  const save = async () => {
    let values: { ipWhitelist?: string[] };
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    const entries = (values.ipWhitelist ?? []).map((v) => v.trim());
    setSaving(true);
    setError(null);
    try {
      const saved = await developerApi.saveWhitelist(entries);
      if (saved?.ipWhitelist) form.setFieldsValue({ ipWhitelist: saved.ipWhitelist });
      message.success(t('screens.common.saved'));
      onChanged();
    } catch (e) {
      setError(applyWhitelistErrors(form, entries, e));
    } finally {
      setSaving(false);
    }
  };
  return (
    <Card
      title={
        <Space>
          <GlobalOutlined />
          {t('screens.developer.whitelistTitle')}
        </Space>
      }
      data-testid="whitelist-section"
    >
      <Typography.Paragraph type="secondary">
        {t('screens.developer.whitelistHint', { max: IP_WHITELIST_MAX_ENTRIES })}
      </Typography.Paragraph>
      {error && (
        <Alert
          type="error"
          showIcon
          message={error}
          style={{ marginBottom: 12 }}
          data-testid="whitelist-error"
        />
      )}
      <Form
        form={form}
        name="whitelistForm"
        style={{ maxWidth: 520 }}
        initialValues={{ ipWhitelist: data.ipWhitelist }}
        onFinish={() => void save()}
      >
        <Form.List name="ipWhitelist">
          {(fields, { add, remove }) => (
            <>
              {fields.length === 0 && (
                <Alert
                  type="info"
                  showIcon
                  message={t('screens.developer.whitelistEmpty')}
                  style={{ marginBottom: 12 }}
                  data-testid="whitelist-empty"
                />
              )}
              {fields.map((field, index) => (
                <Space key={field.key} align="start" style={{ display: 'flex' }}>
                  <Form.Item
                    name={field.name}
                    rules={[entryRule(index)]}
                    validateTrigger={['onChange', 'onBlur']}
                    style={{ flex: 1, minWidth: 240 }}
                  >
                    <Input
                      placeholder="203.0.113.0/24"
                      aria-label={t('screens.developer.ipEntry', { n: index + 1 })}
                      data-testid={`ip-${index}`}
                    />
                  </Form.Item>
                  <Button
                    icon={<DeleteOutlined />}
                    aria-label={t('screens.developer.ipRemove')}
                    onClick={() => remove(field.name)}
                    data-testid={`ip-remove-${index}`}
                  />
                </Space>
              ))}
              <Space wrap>
                <Button
                  icon={<PlusOutlined />}
                  onClick={() => add('')}
                  disabled={fields.length >= IP_WHITELIST_MAX_ENTRIES}
                  data-testid="ip-add"
                >
                  {t('screens.developer.ipAdd')}
                </Button>
                <Button type="primary" htmlType="submit" loading={saving} data-testid="save-whitelist">
                  {t('screens.common.save')}
                </Button>
              </Space>
            </>
          )}
        </Form.List>
      </Form>
    </Card>
  );
}

/* Webhook secret --------------------------------------------------------------------------------------------- */

export function WebhookSecretSection({
  data,
  onChanged,
}: {
  data: DeveloperParameters;
  onChanged: () => void;
}) {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const gate = useGoogleCodeGate(data.totpEnabled);
  const [secret, setSecret] = useState<string | null>(null);
  const reveal = () =>
    gate.run({
      title: t('screens.developer.revealSecret'),
      okText: t('screens.developer.reveal'),
      action: async (code) => setSecret((await developerApi.revealWebhookSecret(code)).secret),
    });
  const roll = () =>
    modal.confirm({
      title: t(
        data.webhookSecretSet ? 'screens.developer.rollSecretTitle' : 'screens.developer.createSecretTitle',
      ),
      content: t(
        data.webhookSecretSet
          ? 'screens.developer.rollSecretConfirm'
          : 'screens.developer.createSecretConfirm',
      ),
      okText: t(data.webhookSecretSet ? 'screens.developer.roll' : 'screens.developer.create'),
      okButtonProps: { danger: data.webhookSecretSet },
      cancelText: t('screens.common.cancel'),
      onOk: () =>
        gate.run({
          title: t('screens.developer.rollSecretTitle'),
          okText: t('screens.developer.roll'),
          action: async (code) => {
            setSecret((await developerApi.rollWebhookSecret(code)).secret);
            message.success(t('screens.developer.secretRolled'));
            onChanged();
          },
        }),
    });
  return (
    <Card
      title={
        <Space>
          <LockOutlined />
          {t('screens.developer.webhookTitle')}
        </Space>
      }
      data-testid="webhook-section"
    >
      <Typography.Paragraph type="secondary">{t('screens.developer.webhookHint')}</Typography.Paragraph>
      <Space direction="vertical" style={{ width: '100%' }}>
        <div>
          {data.webhookSecretSet ? (
            <Tag color="green">{t('screens.developer.secretSet')}</Tag>
          ) : (
            <Tag>{t('screens.developer.secretNotSet')}</Tag>
          )}
        </div>
        {secret && <SecretBlock value={secret} testId="webhook-secret" />}
        <Space wrap>
          {data.webhookSecretSet &&
            (secret ? (
              <Button
                icon={<EyeInvisibleOutlined />}
                onClick={() => setSecret(null)}
                data-testid="hide-webhook-secret"
              >
                {t('screens.developer.hide')}
              </Button>
            ) : (
              <Button
                icon={<EyeOutlined />}
                onClick={() => void reveal()}
                data-testid="reveal-webhook-secret"
              >
                {t('screens.developer.reveal')}
              </Button>
            ))}
          <Button
            icon={<RetweetOutlined />}
            danger={data.webhookSecretSet}
            onClick={roll}
            data-testid="roll-webhook-secret"
          >
            {t(data.webhookSecretSet ? 'screens.developer.roll' : 'screens.developer.create')}
          </Button>
        </Space>
      </Space>
      {gate.element}
    </Card>
  );
}

/* How to sign ------------------------------------------------------------------------------------------------ */

/** `x-merchant-id` -> `X-Merchant-Id`, as the headers are written in the docs. */
function headerName(lower: string): string {
  return lower
    .split('-')
    .map((p) => (p ? p[0]?.toUpperCase() + p.slice(1) : p))
    .join('-');
}

export function SigningHelp({ merchantId, headers }: { merchantId: number; headers: readonly string[] }) {
  const { t } = useTranslation();
  return (
    <Card
      title={
        <Space>
          <SafetyOutlined />
          {t('screens.developer.signTitle')}
        </Space>
      }
      data-testid="signing-help"
    >
      <Typography.Paragraph>
        {t('screens.developer.merchantId')}:{' '}
        <Typography.Text code copyable data-testid="merchant-id">
          {String(merchantId)}
        </Typography.Text>
      </Typography.Paragraph>
      <Typography.Paragraph>{t('screens.developer.signIntro')}</Typography.Paragraph>
      <Typography.Paragraph>
        <Space size={[4, 4]} wrap>
          {headers.map((h) => (
            <Typography.Text code key={h}>
              {headerName(h)}
            </Typography.Text>
          ))}
        </Space>
      </Typography.Paragraph>
      <Typography.Paragraph>{t('screens.developer.signCanonical')}</Typography.Paragraph>
      <pre
        style={{
          background: 'rgba(0,0,0,0.04)',
          padding: 12,
          borderRadius: 8,
          overflowX: 'auto',
          fontSize: 13,
          margin: '0 0 12px',
        }}
      >
        {'METHOD\nPATH_WITH_QUERY\nTIMESTAMP\nNONCE\nhex(SHA-256(body))'}
      </pre>
      <Typography.Paragraph>{t('screens.developer.signWebhooks')}</Typography.Paragraph>
      <Typography.Link href="/api/docs" target="_blank" rel="noopener noreferrer" data-testid="api-docs-link">
        {t('screens.developer.docsLink')}
      </Typography.Link>
    </Card>
  );
}
