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
import { useNavigate } from 'react-router';
import { DOCUMENTATION_PAGE, CALLBACK_URL_MAX_LENGTH, IP_WHITELIST_MAX_ENTRIES, IP_WHITELIST_MIN_PREFIX, checkCell, isIpWhitelistEntry, isIpWhitelistTooWide, WEBHOOK_SECRET_GRACE_HOURS } from '@mg/domain';
import { isApiError } from '../../api';
import { usePermission } from '../../session/usePermission';
import { applyServerErrors, useFormSubmit } from '../../components/forms';
import { useFormatters } from '../../components/format';
import type { DeveloperParameters } from './api';
import { useRevealWebhookSecret, useRollWebhookSecret, useSaveCallbacks, useSaveWhitelist } from './hooks';
import { FormError, IconTitle, SecretBlock, useGoogleCodeGate } from './_gate';

/* Callback addresses ----------------------------------------------------------------------------------------- */

interface CallbackValues {
  collectionCallbackUrl: string;
  payoutCallbackUrl: string;
}

/** The callback address fields, in order. */
const CALLBACK_FIELDS: readonly { name: keyof CallbackValues; labelKey: string; testId: string }[] = [
  { name: 'collectionCallbackUrl', labelKey: 'developer.collectionCallbackUrl', testId: 'collection-callback' },
  { name: 'payoutCallbackUrl', labelKey: 'developer.payoutCallbackUrl', testId: 'payout-callback' },
];

export function CallbacksSection({ data }: { data: DeveloperParameters }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<CallbackValues>();
  const urlRule = {
    validator: async (_: unknown, value: unknown) => {
      const v = typeof value === 'string' ? value.trim() : '';
      if (v === '') return;
      if (v.length > CALLBACK_URL_MAX_LENGTH)
        throw new Error(t('developer.form.urlTooLong', { max: CALLBACK_URL_MAX_LENGTH }));
      const problem = checkCell('url', v);
      if (problem) throw new Error(t('developer.form.urlInvalid'));
    },
  };
  const saveCallbacks = useSaveCallbacks();
  const { submit: save, saving, serverError: error } = useFormSubmit(form, async (values) => {
    await saveCallbacks.mutateAsync({
      collectionCallbackUrl: values.collectionCallbackUrl?.trim() || null,
      payoutCallbackUrl: values.payoutCallbackUrl?.trim() || null,
    });
    message.success(t('common.messages.saved'));
  });
  return (
    <Card
      title={<IconTitle icon={<LinkOutlined />}>{t('developer.callbacksTitle')}</IconTitle>}
      data-testid="callbacks-section"
    >
      <Typography.Paragraph type="secondary">{t('developer.callbacksHint')}</Typography.Paragraph>
      <FormError message={error} />
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
        {CALLBACK_FIELDS.map(({ name, labelKey, testId }) => (
          <Form.Item key={name} name={name} label={t(labelKey)} rules={[urlRule]}>
            <Input placeholder="https://" maxLength={CALLBACK_URL_MAX_LENGTH} inputMode="url" data-testid={testId} />
          </Form.Item>
        ))}
        <Button type="primary" htmlType="submit" loading={saving} data-testid="save-callbacks">
          {t('common.actions.save')}
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

export function WhitelistSection({ data }: { data: DeveloperParameters }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<{ ipWhitelist: string[] }>();
  const entryRule = (index: number) => ({
    validator: async (_: unknown, value: unknown) => {
      const v = typeof value === 'string' ? value.trim() : '';
      if (v === '') throw new Error(t('developer.ipRequired'));
      if (!isIpWhitelistEntry(v)) throw new Error(t('developer.form.ipInvalid'));
      if (isIpWhitelistTooWide(v)) throw new Error(t('developer.form.ipTooWide', IP_WHITELIST_MIN_PREFIX));
      const all = (form.getFieldValue('ipWhitelist') as string[] | undefined) ?? [];
      if (all.slice(0, index).some((other) => (other ?? '').trim().toLowerCase() === v.toLowerCase()))
        throw new Error(t('developer.ipDuplicate'));
    },
  });
  const entriesOf = (values: { ipWhitelist?: string[] }) => (values.ipWhitelist ?? []).map((v) => v.trim());
  const saveWhitelist = useSaveWhitelist();
  const { submit: save, saving, serverError: error } = useFormSubmit(
    form,
    async (values) => {
      const saved = await saveWhitelist.mutateAsync(entriesOf(values));
      if (saved?.ipWhitelist) form.setFieldsValue({ ipWhitelist: saved.ipWhitelist });
      message.success(t('common.messages.saved'));
      },
    (e, values) => applyWhitelistErrors(form, entriesOf(values), e),
  );
  return (
    <Card
      title={<IconTitle icon={<GlobalOutlined />}>{t('developer.whitelistTitle')}</IconTitle>}
      data-testid="whitelist-section"
    >
      <Typography.Paragraph type="secondary">
        {t('developer.whitelistHint', { max: IP_WHITELIST_MAX_ENTRIES })}
      </Typography.Paragraph>
      <FormError message={error} testId="whitelist-error" />
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
                  message={t('developer.whitelistEmpty')}
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
                      aria-label={t('developer.ipEntry', { n: index + 1 })}
                      data-testid={`ip-${index}`}
                    />
                  </Form.Item>
                  <Button
                    icon={<DeleteOutlined />}
                    aria-label={t('developer.ipRemove')}
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
                  {t('developer.ipAdd')}
                </Button>
                <Button type="primary" htmlType="submit" loading={saving} data-testid="save-whitelist">
                  {t('common.actions.save')}
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
}: {
  data: DeveloperParameters;
}) {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const gate = useGoogleCodeGate(data.totpEnabled);
  const revealSecret = useRevealWebhookSecret();
  const rollSecret = useRollWebhookSecret();
  const [secret, setSecret] = useState<string | null>(null);
  const [graceUntil, setGraceUntil] = useState<string | null>(null);
  const { instant } = useFormatters();
  const reveal = () =>
    gate.run({
      title: t('developer.revealSecret'),
      okText: t('developer.reveal'),
      action: async (code) => setSecret((await revealSecret.mutateAsync(code)).secret),
    });
  const roll = () =>
    modal.confirm({
      title: t(
        data.webhookSecretSet ? 'developer.rollSecretTitle' : 'developer.createSecretTitle',
      ),
      content: t(
        data.webhookSecretSet
          ? 'developer.rollSecretConfirm'
          : 'developer.createSecretConfirm',
        { hours: WEBHOOK_SECRET_GRACE_HOURS },
      ),
      okText: t(data.webhookSecretSet ? 'developer.roll' : 'developer.create'),
      okButtonProps: { danger: data.webhookSecretSet },
      cancelText: t('common.actions.cancel'),
      onOk: () =>
        gate.run({
          title: t('developer.rollSecretTitle'),
          okText: t('developer.roll'),
          action: async (code) => {
            const rolled = await rollSecret.mutateAsync(code);
            setSecret(rolled.secret);
            setGraceUntil(rolled.previousValidUntil ?? null);
            message.success(t('developer.secretRolled'));
                  },
        }),
    });
  return (
    <Card
      title={<IconTitle icon={<LockOutlined />}>{t('developer.webhookTitle')}</IconTitle>}
      data-testid="webhook-section"
    >
      <Typography.Paragraph type="secondary">{t('developer.webhookHint')}</Typography.Paragraph>
      <Space direction="vertical" style={{ width: '100%' }}>
        <div>
          {data.webhookSecretSet ? (
            <Tag color="green">{t('developer.secretSet')}</Tag>
          ) : (
            <Tag>{t('developer.secretNotSet')}</Tag>
          )}
        </div>
        {secret && <SecretBlock value={secret} testId="webhook-secret" />}
        {graceUntil && (
          <Typography.Text type="secondary" data-testid="webhook-secret-grace">
            {t('developer.secretRolledUntil', { at: instant(graceUntil) })}
          </Typography.Text>
        )}
        <Space wrap>
          {data.webhookSecretSet &&
            (secret ? (
              <Button
                icon={<EyeInvisibleOutlined />}
                onClick={() => setSecret(null)}
                data-testid="hide-webhook-secret"
              >
                {t('developer.hide')}
              </Button>
            ) : (
              <Button
                icon={<EyeOutlined />}
                onClick={() => void reveal()}
                data-testid="reveal-webhook-secret"
              >
                {t('developer.reveal')}
              </Button>
            ))}
          <Button
            icon={<RetweetOutlined />}
            danger={data.webhookSecretSet}
            onClick={roll}
            data-testid="roll-webhook-secret"
          >
            {t(data.webhookSecretSet ? 'developer.roll' : 'developer.create')}
          </Button>
        </Space>
      </Space>
      {gate.element}
    </Card>
  );
}

/* How to sign ------------------------------------------------------------------------------------------------ */

/** `x-merchant-id` -> `X-Merchant-Id`, as the headers are written in the docs. */
export function headerName(lower: string): string {
  return lower
    .split('-')
    .map((p) => (p ? p[0]?.toUpperCase() + p.slice(1) : p))
    .join('-');
}

export function SigningHelp({ merchantId, headers }: { merchantId: number; headers: readonly string[] }) {
  const { t } = useTranslation();
  const { hasPage } = usePermission();
  const navigate = useNavigate();
  return (
    <Card
      title={<IconTitle icon={<SafetyOutlined />}>{t('developer.signTitle')}</IconTitle>}
      data-testid="signing-help"
    >
      <Typography.Paragraph>
        {t('developer.merchantId')}:{' '}
        <Typography.Text code copyable data-testid="merchant-id">
          {String(merchantId)}
        </Typography.Text>
      </Typography.Paragraph>
      <Typography.Paragraph>{t('developer.signIntro')}</Typography.Paragraph>
      <Typography.Paragraph>
        <Space size={[4, 4]} wrap>
          {headers.map((h) => (
            <Typography.Text code key={h}>
              {headerName(h)}
            </Typography.Text>
          ))}
        </Space>
      </Typography.Paragraph>
      <Typography.Paragraph>{t('developer.signCanonical')}</Typography.Paragraph>
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
      <Typography.Paragraph>{t('developer.signWebhooks')}</Typography.Paragraph>
      {hasPage(DOCUMENTATION_PAGE) && (
        <Typography.Link
          href={DOCUMENTATION_PAGE}
          onClick={(e) => {
            e.preventDefault();
            void navigate(DOCUMENTATION_PAGE);
          }}
          data-testid="api-docs-link"
        >
          {t('developer.docsLink')}
        </Typography.Link>
      )}
    </Card>
  );
}
