/**
 * The sections of the developer documentation. Every value shown comes from a declaration the server also uses:
 * header names and limits (domain open-api), the calls and their fields (the server's request schemas, through
 * GET /api/developer/docs), error codes and their messages (the error catalogue), callback retries and events
 * (domain callbacks), sandbox magic values (domain collections and payouts).
 */
import type { ReactNode } from 'react';
import { Card, Collapse, Space, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  CALLBACK_MAX_ATTEMPTS,
  CALLBACK_RETRY_DELAYS_S,
  CALLBACK_RETRY_JITTER,
  CALLBACK_TIMEOUT_MS,
  CallbackEvent,
  ERROR_CATALOGUE,
  IDEMPOTENCY_TTL_HOURS,
  OPEN_API_ERRORS,
  OPEN_API_EXAMPLES,
  OPEN_API_HEADERS,
  OPEN_API_NONCE_MAX_LENGTH,
  OPEN_API_NONCE_TTL_S,
  OPEN_API_TIMESTAMP_TOLERANCE_S,
  PAYOUT_SANDBOX_DELAY_MS,
  PAYOUT_SANDBOX_MAGIC,
  SANDBOX_MAGIC,
  SandboxOutcome,
  WEBHOOK_SECRET_GRACE_HOURS,
  WEBHOOK_TOLERANCE_S,
  openApiCallSummaryKey,
  type DocCall,
  type DocRule,
  type OpenApiCallKey,
  type SandboxMagic,
} from '@mg/domain';
import { formatDurations } from '../../components/format';
import { useLocale } from '../../i18n/LocaleProvider';
import { CodeBlock } from './CodeBlock';
import { headerName } from './SettingsSections';

export const DOC_SECTIONS = ['quickStart', 'auth', 'calls', 'errors', 'callbacks', 'sandbox', 'examples'] as const;
export type DocSection = (typeof DOC_SECTIONS)[number];

export function sectionId(section: DocSection): string {
  return `doc-${section}`;
}

export function DocSectionCard({ section, children }: { section: DocSection; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Card id={sectionId(section)} title={t(`developer.docs.section.${section}`)} data-testid={sectionId(section)}>
      {children}
    </Card>
  );
}

const METHOD_COLORS: Record<string, string> = { GET: 'blue', POST: 'green' };

export function AuthSection() {
  const { t } = useTranslation();
  const H = OPEN_API_HEADERS;
  const rows = [
    { header: H.MERCHANT_ID, text: t('developer.docs.auth.header.merchantId') },
    { header: H.KEY_ID, text: t('developer.docs.auth.header.keyId') },
    { header: H.TIMESTAMP, text: t('developer.docs.auth.header.timestamp', { seconds: OPEN_API_TIMESTAMP_TOLERANCE_S }) },
    { header: H.NONCE, text: t('developer.docs.auth.header.nonce', { max: OPEN_API_NONCE_MAX_LENGTH, minutes: OPEN_API_NONCE_TTL_S / 60 }) },
    { header: H.SIGNATURE, text: t('developer.docs.auth.header.signature') },
    { header: H.IDEMPOTENCY_KEY, text: t('developer.docs.auth.header.idempotency', { hours: IDEMPOTENCY_TTL_HOURS }) },
  ];
  return (
    <DocSectionCard section="auth">
      <Typography.Paragraph>{t('developer.docs.auth.intro')}</Typography.Paragraph>
      <Table
        size="small"
        pagination={false}
        rowKey="header"
        dataSource={rows}
        style={{ marginBottom: 16 }}
        columns={[
          { title: t('developer.docs.auth.column.header'), dataIndex: 'header', width: 200, render: (h: string) => <Typography.Text code>{headerName(h)}</Typography.Text> },
          { title: t('developer.docs.auth.column.value'), dataIndex: 'text' },
        ]}
      />
      <Typography.Paragraph>{t('developer.docs.auth.canonical')}</Typography.Paragraph>
      <CodeBlock code={'METHOD\nPATH_WITH_QUERY\nTIMESTAMP\nNONCE\nBODY_SHA256'} testId="doc-canonical" />
      <Typography.Paragraph>{t('developer.docs.auth.bodyHash')}</Typography.Paragraph>
    </DocSectionCard>
  );
}

/** A rule in words: bounds name which ends are set (`1-64 characters`, `at most 64 characters`). */
export function ruleText(t: (key: string, o?: Record<string, unknown>) => string, r: DocRule): string {
  const ends = r.min !== undefined && r.max !== undefined ? 'between' : r.max !== undefined ? 'max' : 'min';
  switch (r.rule) {
    case 'length':
    case 'items':
    case 'range':
      return t(`developer.docs.rule.${r.rule}.${ends}`, { min: r.min, max: r.max });
    case 'greater':
      return `> ${r.min ?? 0}`;
    default:
      return t(`developer.docs.rule.${r.rule}`, { text: r.text ?? '' });
  }
}

function CallFields({ call }: { call: DocCall }) {
  const { t } = useTranslation();
  if (call.fields.length === 0) return <Typography.Text type="secondary">{t('developer.docs.calls.noFields')}</Typography.Text>;
  return (
    <Table
      size="small"
      pagination={false}
      rowKey={(f) => `${f.in}:${f.name}`}
      dataSource={call.fields}
      columns={[
        { title: t('developer.docs.calls.column.field'), dataIndex: 'name', render: (n: string) => <Typography.Text code>{n}</Typography.Text> },
        { title: t('developer.docs.calls.column.in'), dataIndex: 'in', render: (p: string) => t(`developer.docs.calls.in.${p}`) },
        { title: t('developer.docs.calls.column.type'), dataIndex: 'type', render: (ty: string) => <Typography.Text type="secondary">{ty}</Typography.Text> },
        {
          title: t('developer.docs.calls.column.required'),
          dataIndex: 'required',
          render: (r: boolean) => (r ? <Tag color="red">{t('developer.docs.calls.required')}</Tag> : <Typography.Text type="secondary">{t('developer.docs.calls.optional')}</Typography.Text>),
        },
        { title: t('developer.docs.calls.column.rules'), dataIndex: 'rules', render: (rules: DocRule[]) => <span style={{ wordBreak: 'break-all' }}>{rules.map((r) => ruleText(t, r)).join('; ')}</span> },
      ]}
    />
  );
}

export function CallsSection({ calls, prefix }: { calls: DocCall[]; prefix: string }) {
  const { t } = useTranslation();
  return (
    <DocSectionCard section="calls">
      <Typography.Paragraph>{t('developer.docs.calls.intro', { prefix })}</Typography.Paragraph>
      <Collapse
        items={calls.map((c) => ({
          key: c.key,
          label: (
            <Space size={8} wrap data-testid={`doc-call-${c.key}`}>
              <Tag color={METHOD_COLORS[c.method]} className="doc-method">
                {c.method}
              </Tag>
              <Typography.Text code>{c.path}</Typography.Text>
              <span>{t(openApiCallSummaryKey(c.key as OpenApiCallKey))}</span>
              {c.sandbox && <Tag color="orange">{t('developer.docs.calls.sandboxOnly')}</Tag>}
            </Space>
          ),
          children: <CallFields call={c} />,
        }))}
      />
    </DocSectionCard>
  );
}

export function ErrorsSection() {
  const { t } = useTranslation();
  // A message's parameters are named, not filled: the table says what the answer holds, not one instance of it.
  const named = { missingInterpolationHandler: (_text: string, match: RegExpExecArray) => `‹${match[1] ?? ''}›` };
  const rows = OPEN_API_ERRORS.map((code) => ({ code, status: ERROR_CATALOGUE[code].httpStatus, message: t(ERROR_CATALOGUE[code].messageKey, named) }));
  return (
    <DocSectionCard section="errors">
      <Typography.Paragraph>{t('developer.docs.errors.intro')}</Typography.Paragraph>
      <Table
        size="small"
        pagination={false}
        rowKey="code"
        dataSource={rows}
        data-testid="doc-errors-table"
        columns={[
          { title: t('developer.docs.errors.column.status'), dataIndex: 'status', width: 72 },
          { title: t('developer.docs.errors.column.code'), dataIndex: 'code', render: (c: string) => <Typography.Text code>{c}</Typography.Text> },
          { title: t('developer.docs.errors.column.message'), dataIndex: 'message' },
        ]}
      />
    </DocSectionCard>
  );
}

export function CallbacksSection() {
  const { t } = useTranslation();
  const { language } = useLocale();
  return (
    <DocSectionCard section="callbacks">
      <Typography.Paragraph>{t('developer.docs.callbacks.intro')}</Typography.Paragraph>
      <Typography.Paragraph>{t('developer.docs.callbacks.signature', { hours: WEBHOOK_SECRET_GRACE_HOURS, seconds: WEBHOOK_TOLERANCE_S })}</Typography.Paragraph>
      <Typography.Paragraph data-testid="doc-retries">
        {t('developer.docs.callbacks.retry', {
          seconds: CALLBACK_TIMEOUT_MS / 1000,
          delays: formatDurations(CALLBACK_RETRY_DELAYS_S, language),
          attempts: CALLBACK_MAX_ATTEMPTS,
          jitter: CALLBACK_RETRY_JITTER * 100,
        })}
      </Typography.Paragraph>
      <Typography.Paragraph>{t('developer.docs.callbacks.dedupe')}</Typography.Paragraph>
      <Typography.Title level={5}>{t('developer.docs.callbacks.events')}</Typography.Title>
      <Space size={[6, 6]} wrap style={{ marginBottom: 16 }}>
        {Object.values(CallbackEvent).map((e) => (
          <Typography.Text code key={e}>
            {e}
          </Typography.Text>
        ))}
      </Space>
      <Typography.Title level={5}>{t('developer.docs.callbacks.verify')}</Typography.Title>
      <CodeBlock code={OPEN_API_EXAMPLES.verifyWebhook()} testId="doc-verify" />
    </DocSectionCard>
  );
}

function collectionOutcome(t: (k: string, o?: Record<string, unknown>) => string, m: SandboxMagic): string {
  switch (m.outcome) {
    case SandboxOutcome.FAIL:
      return t('developer.docs.sandbox.outcome.fail', { reason: m.reason });
    case SandboxOutcome.REJECT:
      return t('developer.docs.sandbox.outcome.reject', { reason: m.reason });
    case SandboxOutcome.PARTIAL:
      return t('developer.docs.sandbox.outcome.partial');
    case SandboxOutcome.STAY_PENDING:
      return t('developer.docs.sandbox.outcome.stayPending');
    default:
      return t('developer.docs.sandbox.outcome.success');
  }
}

export function SandboxSection() {
  const { t } = useTranslation();
  const suffix = (s: string) => <Typography.Text code>{`...${s}`}</Typography.Text>;
  const amounts = [
    ...SANDBOX_MAGIC.map((m) => ({ key: m.suffix, suffix: suffix(m.suffix), outcome: collectionOutcome(t, m) })),
    { key: 'other', suffix: t('developer.docs.sandbox.anythingElse'), outcome: t('developer.docs.sandbox.outcome.success') },
  ];
  const accounts = [
    { key: 'fail', suffix: suffix(PAYOUT_SANDBOX_MAGIC.FAIL_SUFFIX), outcome: t('developer.docs.sandbox.outcome.fail', { reason: PAYOUT_SANDBOX_MAGIC.FAIL_REASON }) },
    { key: 'stay', suffix: suffix(PAYOUT_SANDBOX_MAGIC.STAY_SUFFIX), outcome: t('developer.docs.sandbox.outcome.stayProcessing') },
    { key: 'other', suffix: t('developer.docs.sandbox.anythingElse'), outcome: t('developer.docs.sandbox.outcome.success') },
  ];
  const outcome = { title: t('developer.docs.sandbox.column.outcome'), dataIndex: 'outcome' };
  return (
    <DocSectionCard section="sandbox">
      <Typography.Paragraph>{t('developer.docs.sandbox.intro')}</Typography.Paragraph>
      <Table size="small" pagination={false} dataSource={amounts} data-testid="doc-magic-amounts" style={{ marginBottom: 16 }} columns={[{ title: t('developer.docs.sandbox.column.amountSuffix'), dataIndex: 'suffix', width: 200 }, outcome]} />
      <Typography.Paragraph>{t('developer.docs.sandbox.payouts', { seconds: PAYOUT_SANDBOX_DELAY_MS / 1000 })}</Typography.Paragraph>
      <Table size="small" pagination={false} dataSource={accounts} data-testid="doc-magic-accounts" style={{ marginBottom: 16 }} columns={[{ title: t('developer.docs.sandbox.column.accountSuffix'), dataIndex: 'suffix', width: 200 }, outcome]} />
      <Typography.Paragraph type="secondary">{t('developer.docs.sandbox.helpers')}</Typography.Paragraph>
    </DocSectionCard>
  );
}
