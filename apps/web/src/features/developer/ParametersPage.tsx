import { Alert, Space } from 'antd';
import type { DeveloperView } from '@mg/domain';
import { useTranslation } from 'react-i18next';
import { OPEN_API_HEADERS, Perm } from '@mg/domain';
import { usePermission } from '../../session/usePermission';
import { useDeveloperParameters } from './hooks';
import { ApiKeysSection } from './ApiKeysSection';
import { EndpointsSection } from './EndpointsSection';
import { CallbacksSection, SigningHelp, WebhookSecretSection, WhitelistSection } from './SettingsSections';
import { LoadGate } from './_gate';

/**
 * Developer parameters: API keys, callback addresses, IP whitelist, webhook secret and how to sign. Each section is
 * there only with its permission code (keys and the webhook secret: DEVELOPER_KEY_EDIT; callbacks:
 * DEVELOPER_CALLBACK_EDIT; whitelist: DEVELOPER_WHITELIST_EDIT). With Google Authenticator on, key and secret
 * actions ask for the six-digit code first.
 */
export default function Parameters() {
  const { t } = useTranslation();
  const query = useDeveloperParameters();
  return (
    <LoadGate query={query} failed={t('developer.loadFailed')} loadingTestId="developer-loading">
      {(data) => <ParametersBody data={data} />}
    </LoadGate>
  );
}

function ParametersBody({ data }: { data: DeveloperView }) {
  const { t } = useTranslation();
  const { has } = usePermission();
  const canKeys = has(Perm.DEVELOPER_KEY_EDIT);
  const canCallbacks = has(Perm.DEVELOPER_CALLBACK_EDIT);
  const canWhitelist = has(Perm.DEVELOPER_WHITELIST_EDIT);
  return (
    <Space direction="vertical" size="large" style={{ width: '100%' }} data-testid="developer-parameters">
      {data.totpEnabled && (
        <Alert type="info" showIcon message={t('developer.totpOn')} data-testid="totp-on" />
      )}
      {!canKeys && !canCallbacks && !canWhitelist && (
        <Alert type="info" showIcon message={t('developer.noSections')} />
      )}
      {canKeys && <ApiKeysSection keys={data.keys} totpEnabled={data.totpEnabled} />}
      {(canCallbacks || canWhitelist) && (
        <div
          style={{
            display: 'grid',
            gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 420px), 1fr))',
            gap: 24,
          }}
        >
          {canCallbacks && <CallbacksSection data={data} />}
          {canWhitelist && <WhitelistSection data={data} />}
        </div>
      )}
      {canKeys && <WebhookSecretSection data={data} />}
      <EndpointsSection />
      <SigningHelp
        merchantId={data.merchantId}
        headers={[
          OPEN_API_HEADERS.MERCHANT_ID,
          OPEN_API_HEADERS.KEY_ID,
          OPEN_API_HEADERS.TIMESTAMP,
          OPEN_API_HEADERS.NONCE,
          OPEN_API_HEADERS.SIGNATURE,
          OPEN_API_HEADERS.IDEMPOTENCY_KEY,
        ]}
      />
    </Space>
  );
}
