/**
 * One request of the log: what was asked and answered (masked), and what the signature check found: the check that
 * failed, the string the server signed (compare it with the one your code signed), the body's hash, the clock skew.
 */
import { Alert, Descriptions, Drawer, Spin, Tag, Typography } from 'antd';
import { API_LOG_BODY_MAX_CHARS, API_LOG_STATUS_COLORS, type ApiLogDetail } from '@mg/domain';
import { useTranslation } from 'react-i18next';
import { useFormatters } from '../../components/format';
import { CodeBlock } from '../developer/CodeBlock';
import { useApiLogDetail } from './hooks';

const WIDTH = 'min(720px, 100vw)';

/** A body as indented JSON when it is JSON, else as it came. */
function pretty(body: string | null): string | null {
  if (body === null) return null;
  try {
    return JSON.stringify(JSON.parse(body), null, 2);
  } catch {
    return body;
  }
}

function Body({ title, body, testId }: { title: string; body: string | null; testId: string }) {
  const { t } = useTranslation();
  const text = pretty(body);
  return (
    <section className="api-log-body">
      <Typography.Title level={5}>{title}</Typography.Title>
      {text === null ? <Typography.Text type="secondary">{t('api-logs.detail.noBody')}</Typography.Text> : <CodeBlock code={text} testId={testId} />}
      {body !== null && body.length > API_LOG_BODY_MAX_CHARS && <Typography.Text type="secondary">{t('api-logs.detail.truncated', { max: API_LOG_BODY_MAX_CHARS })}</Typography.Text>}
    </section>
  );
}

function Verdict({ d }: { d: ApiLogDetail }) {
  const { t } = useTranslation();
  const v = d.verdict;
  return (
    <section data-testid="api-log-verdict">
      <Typography.Title level={5}>{t('api-logs.detail.verdict')}</Typography.Title>
      {v.ok ? (
        <Alert type="success" showIcon message={t('api-logs.detail.ok')} />
      ) : (
        <Alert
          type="error"
          showIcon
          message={t('api-logs.detail.failed', { code: v.failedCheck })}
          description={v.header ? t('api-logs.detail.header', { header: v.header }) : t(`error.${camel(v.failedCheck ?? '')}`, { defaultValue: '' })}
          data-testid="api-log-failed"
        />
      )}
      {v.canonical !== null && (
        <>
          <Typography.Paragraph type="secondary" style={{ marginTop: 12, marginBottom: 4 }}>
            {t('api-logs.detail.canonical')}
          </Typography.Paragraph>
          <CodeBlock code={v.canonical} testId="api-log-canonical" />
        </>
      )}
      <Descriptions column={1} size="small" style={{ marginTop: 8 }}>
        <Descriptions.Item label={t('api-logs.detail.bodySha256')}>
          <Typography.Text code copyable>
            {v.bodySha256}
          </Typography.Text>
        </Descriptions.Item>
        {v.timestampSkewS !== null && <Descriptions.Item label="X-Timestamp">{t('api-logs.detail.skew', { seconds: v.timestampSkewS })}</Descriptions.Item>}
      </Descriptions>
    </section>
  );
}

const camel = (code: string) => code.toLowerCase().replace(/_(\w)/g, (_, c: string) => c.toUpperCase());

export function ApiLogDrawer({ id, onClose }: { id: string | null; onClose: () => void }) {
  const { t } = useTranslation();
  const { instant } = useFormatters();
  const { data, isLoading, error } = useApiLogDetail(id);
  return (
    <Drawer open={id !== null} onClose={onClose} width={WIDTH} title={data ? t('api-logs.detail.title', { id: data.requestId }) : t('api-logs.title')} destroyOnHidden data-testid="api-log-drawer">
      {isLoading && <Spin tip={t('api-logs.detail.loading')} />}
      {error && <Alert type="error" showIcon message={error.message} />}
      {data && (
        <div className="api-log-detail">
          <Descriptions column={1} size="small" bordered data-testid="api-log-fields">
            <Descriptions.Item label={t('api-logs.fields.time')}>{instant(data.createdAt)}</Descriptions.Item>
            <Descriptions.Item label={t('api-logs.fields.path')}>
              <Typography.Text code>{`${data.method} ${data.path}`}</Typography.Text>
            </Descriptions.Item>
            <Descriptions.Item label={t('api-logs.fields.status')}>
              <Tag color={API_LOG_STATUS_COLORS[data.statusClass]}>{data.status}</Tag>
              {data.errorCode && <Typography.Text code>{data.errorCode}</Typography.Text>}
            </Descriptions.Item>
            <Descriptions.Item label={t('api-logs.fields.latencyMs')}>{data.latencyMs}</Descriptions.Item>
            <Descriptions.Item label={t('api-logs.fields.keyId')}>{`${data.keyId} (${data.mode})`}</Descriptions.Item>
            <Descriptions.Item label={t('api-logs.fields.requestId')}>
              <Typography.Text copyable>{data.requestId}</Typography.Text>
            </Descriptions.Item>
            {data.idempotencyKey && <Descriptions.Item label={t('api-logs.fields.idempotencyKey')}>{data.idempotencyKey}</Descriptions.Item>}
            {data.orderId && <Descriptions.Item label={t('api-logs.fields.orderId')}>{data.orderId}</Descriptions.Item>}
            {data.merchantOrderId && <Descriptions.Item label={t('api-logs.fields.merchantOrderId')}>{data.merchantOrderId}</Descriptions.Item>}
            <Descriptions.Item label={t('api-logs.fields.ip')}>{data.ip}</Descriptions.Item>
          </Descriptions>
          <Verdict d={data} />
          <Typography.Paragraph type="secondary">{t('api-logs.detail.masked')}</Typography.Paragraph>
          <Body title={t('api-logs.detail.request')} body={data.requestBody} testId="api-log-request" />
          <Body title={t('api-logs.detail.response')} body={data.responseBody} testId="api-log-response" />
        </div>
      )}
    </Drawer>
  );
}
