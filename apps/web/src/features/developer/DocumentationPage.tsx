import { useState } from 'react';
import { Alert, Button, Descriptions, Select, Space, Tabs, Typography } from 'antd';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { DEVELOPER_PARAMETERS_PAGE, OPEN_API_EXAMPLES, OPEN_API_EXAMPLE_PLACEHOLDER, type DocumentationView } from '@mg/domain';
import { usePermission } from '../../session/usePermission';
import { CodeBlock } from './CodeBlock';
import { AuthSection, CallbacksSection, CallsSection, DOC_SECTIONS, DocSectionCard, ErrorsSection, SandboxSection, sectionId } from './DocsSections';
import { useDocumentation } from './hooks';
import { LoadGate } from './_gate';

function QuickStart({ data, keyId, onKey }: { data: DocumentationView; keyId: string | null; onKey: (id: string) => void }) {
  const { t } = useTranslation();
  const { hasPage } = usePermission();
  const navigate = useNavigate();
  const parametersLink = hasPage(DEVELOPER_PARAMETERS_PAGE) ? (
    <Button size="small" type="link" onClick={() => void navigate(DEVELOPER_PARAMETERS_PAGE)} data-testid="doc-open-parameters">
      {t('developer.docs.quickStart.openParameters')}
    </Button>
  ) : null;
  return (
    <DocSectionCard section="quickStart">
      <Typography.Paragraph>{t('developer.docs.intro')}</Typography.Paragraph>
      <Descriptions column={1} size="small" bordered style={{ marginBottom: 16 }}>
        <Descriptions.Item label={t('developer.docs.quickStart.merchantId')}>
          <Typography.Text code copyable data-testid="doc-merchant-id">
            {String(data.merchantId)}
          </Typography.Text>
        </Descriptions.Item>
        <Descriptions.Item label={t('developer.docs.quickStart.baseUrl')}>
          <Typography.Text code copyable data-testid="doc-base-url">
            {`${data.baseUrl}${data.prefix}`}
          </Typography.Text>
        </Descriptions.Item>
        {data.keys.length > 0 && (
          <Descriptions.Item label={t('developer.docs.quickStart.key')}>
            <Select
              value={keyId}
              onChange={onKey}
              style={{ minWidth: 280, maxWidth: '100%' }}
              aria-label={t('developer.docs.quickStart.key')}
              data-testid="doc-key"
              options={data.keys.map((k) => ({ value: k.id, label: `${k.name} · ${k.id}` }))}
            />
          </Descriptions.Item>
        )}
      </Descriptions>
      {data.keys.length === 0 ? (
        <Alert type="warning" showIcon message={t('developer.docs.quickStart.noKey')} action={parametersLink} data-testid="doc-no-key" />
      ) : (
        <Alert type="info" showIcon message={t('developer.docs.quickStart.secretHint', { placeholder: OPEN_API_EXAMPLE_PLACEHOLDER.KEY_SECRET })} action={parametersLink} />
      )}
    </DocSectionCard>
  );
}

function Examples({ data, keyId }: { data: DocumentationView; keyId: string | null }) {
  const { t } = useTranslation();
  const values = {
    base: data.baseUrl,
    merchantId: String(data.merchantId),
    keyId: keyId ?? OPEN_API_EXAMPLE_PLACEHOLDER.KEY_ID,
    keySecret: OPEN_API_EXAMPLE_PLACEHOLDER.KEY_SECRET,
  };
  return (
    <DocSectionCard section="examples">
      <Typography.Paragraph>{t('developer.docs.examples.intro')}</Typography.Paragraph>
      <Tabs
        items={[
          { key: 'curl', label: t('developer.docs.examples.curl'), children: <CodeBlock code={OPEN_API_EXAMPLES.curl(values)} testId="doc-example-curl" /> },
          { key: 'node', label: t('developer.docs.examples.node'), children: <CodeBlock code={OPEN_API_EXAMPLES.node(values)} testId="doc-example-node" /> },
        ]}
      />
    </DocSectionCard>
  );
}

/**
 * The open API documentation (spec §2 /document/document): reference, signing, callbacks, sandbox values and
 * runnable examples with the signed-in merchant's own id and key ids. Generated from the declarations the server and
 * docs/open-api.md use (see DocsSections), so the page cannot describe another API than the one that answers.
 */
export default function Documentation() {
  const { t } = useTranslation();
  const query = useDocumentation();
  const [chosenKey, setChosenKey] = useState<string | null>(null);

  return (
    <LoadGate query={query} failed={t('developer.docs.loadFailed')} loadingTestId="doc-loading">
      {(data) => <DocumentationBody data={data} chosenKey={chosenKey} onKey={setChosenKey} />}
    </LoadGate>
  );
}

function DocumentationBody({ data, chosenKey, onKey }: { data: DocumentationView; chosenKey: string | null; onKey: (id: string) => void }) {
  const { t } = useTranslation();
  const keyId = data.keys.some((k) => k.id === chosenKey) ? chosenKey : (data.keys[0]?.id ?? null);
  return (
    <Space direction="vertical" size="large" style={{ width: '100%' }} data-testid="developer-documentation">
      <Space size={[4, 4]} wrap>
        {DOC_SECTIONS.map((s) => (
          <Button key={s} type="link" size="small" onClick={() => document.getElementById(sectionId(s))?.scrollIntoView({ behavior: 'smooth', block: 'start' })}>
            {t(`developer.docs.section.${s}`)}
          </Button>
        ))}
      </Space>
      <QuickStart data={data} keyId={keyId} onKey={onKey} />
      <AuthSection />
      <CallsSection calls={data.calls} prefix={data.prefix} />
      <ErrorsSection />
      <CallbacksSection />
      <SandboxSection />
      <Examples data={data} keyId={keyId} />
    </Space>
  );
}
