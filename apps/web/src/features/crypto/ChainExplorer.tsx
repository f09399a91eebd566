/**
 * The sandbox chain's explorer at /explorer/:network/tx/:hash (issue 13): the public facts of one transaction (kind,
 * from, to, amount, confirmations as they come), as a chain explorer shows them. Linked from the crypto history and
 * the cashier; no session needed, nothing of the merchant or the order shown.
 */
import { Card, Descriptions, Progress, Result, Spin, Tag, Typography } from 'antd';
import { useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { CHAIN_TX_STATUS_COLORS, CRYPTO_SANDBOX_BLOCK_MS, CRYPTO_TOKEN, ChainTxStatus, cryptoCalls, networkName, type ChainTxView } from '@mg/domain';
import { callApi, isApiError } from '../../api';
import { BrandLogo, useBrand, brandStyle } from '../../brands';
import { LanguageSwitcher } from '../../app/components/LanguageSwitcher';
import { Footer } from '../../app/layouts/Footer';
import { usePageTitle } from '../../app/usePageTitle';
import { formatInstant } from '../../components/format';
import { queryKeys } from '../../components/list/keys';
import { useLocale } from '../../i18n/LocaleProvider';
import { formatMajor } from '../products/_format';

const explorerKeys = queryKeys('crypto');

/** The reader's own zone: a public page has no session currency. */
const readerZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

function Tx({ tx }: { tx: ChainTxView }) {
  const { t } = useTranslation();
  const { language } = useLocale();
  const network = networkName(tx.network);
  const code = (v: string) => (
    <Typography.Text code copyable style={{ wordBreak: 'break-all' }}>
      {v}
    </Typography.Text>
  );
  return (
    <Descriptions column={1} bordered size="small" data-testid="explorer-tx">
      <Descriptions.Item label={t('crypto.fields.chainTradeNo')}>{code(tx.chainTradeNo)}</Descriptions.Item>
      <Descriptions.Item label={t('common.fields.status')}>
        <Tag color={CHAIN_TX_STATUS_COLORS[tx.status]} data-testid="explorer-status">
          {t(`crypto.explorer.status.${tx.status}`)}
        </Tag>
        <Typography.Text data-testid="explorer-confirmations">{t('cashier.crypto.confirmations', { count: tx.confirmations, required: tx.required })}</Typography.Text>
        <Progress percent={Math.round((tx.confirmations / tx.required) * 100)} showInfo={false} status={tx.status === ChainTxStatus.FAILED ? 'exception' : tx.status === ChainTxStatus.CONFIRMED ? 'success' : 'active'} />
      </Descriptions.Item>
      <Descriptions.Item label={t('crypto.fields.network')}>{network}</Descriptions.Item>
      <Descriptions.Item label={t('crypto.explorer.kind.label')}>{t(`crypto.explorer.kind.${tx.kind}`)}</Descriptions.Item>
      <Descriptions.Item label={t('crypto.explorer.from')}>{code(tx.from)}</Descriptions.Item>
      <Descriptions.Item label={t('crypto.explorer.to')}>{code(tx.to)}</Descriptions.Item>
      <Descriptions.Item label={t('common.fields.amount')}>
        <span data-testid="explorer-amount">{`${formatMajor(tx.amount, CRYPTO_TOKEN, language)} ${tx.token}`}</span>
      </Descriptions.Item>
      <Descriptions.Item label={t('crypto.explorer.at')}>{formatInstant(tx.at, readerZone())}</Descriptions.Item>
    </Descriptions>
  );
}

export default function ChainExplorer() {
  const { t } = useTranslation();
  const { brand } = useBrand();
  const { hash = '' } = useParams();
  const title = usePageTitle('crypto.explorer.title');
  const query = useQuery({
    queryKey: explorerKeys.other('explorer', hash),
    queryFn: () => callApi(cryptoCalls.explorer, { params: { hash } }, { silent: true }),
    retry: false,
    refetchInterval: (q) => (q.state.data?.status === ChainTxStatus.CONFIRMING ? CRYPTO_SANDBOX_BLOCK_MS : false),
  });
  const missing = isApiError(query.error) && query.error.httpStatus === 404;
  return (
    <div className="mg-plain" style={brandStyle(brand)} data-testid="explorer-page">
      <header className="mg-plain__bar">
        <BrandLogo height={32} />
        <LanguageSwitcher />
      </header>
      <main style={{ flex: '1 1 auto', width: '100%', maxWidth: 880, margin: '0 auto', padding: '8px 16px 32px' }}>
        <h1 className="mg-plain__title" data-testid="page-title">
          {title}
        </h1>
        <Card>
          {query.isLoading ? (
            <Spin />
          ) : query.data ? (
            <Tx tx={query.data} />
          ) : (
            <Result status={missing ? '404' : 'warning'} title={t(missing ? 'crypto.explorer.notFound' : 'common.messages.loadFailed')} />
          )}
        </Card>
      </main>
      <Footer />
    </div>
  );
}
