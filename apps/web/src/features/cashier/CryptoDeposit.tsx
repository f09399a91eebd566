/**
 * A crypto order at the cashier (issue 13): where to send and on which network, then what arrived with its
 * confirmations as the chain adds them (the page asks again every block until they are in). In the sandbox the
 * payer's wallet is a button: the exact amount, half of it, or a tenth more.
 */
import { useState } from 'react';
import { Alert, App, Button, Descriptions, Progress, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { CRYPTO_TOKEN, DepositOutcome, explorerPath, networkName, networkOfChannel, type DepositOutcomeValue } from '@mg/domain';
import { useLocale } from '../../i18n/LocaleProvider';
import { formatMajor } from '../products/_format';
import { cashierApi, cashierCurrency, type CashierView } from './api';

/** The network of a crypto order, by its channel. */
export function networkNameOf(view: CashierView): string {
  const n = networkOfChannel(view.channel);
  return n ? networkName(n) : '';
}

/** What arrived and its confirmations. */
export function DepositProgress({ deposit }: { deposit: NonNullable<CashierView['deposit']> }) {
  const { t } = useTranslation();
  const { language } = useLocale();
  const usdt = (v: string) => `${formatMajor(v, CRYPTO_TOKEN, language)} ${CRYPTO_TOKEN}`;
  const percent = Math.round((deposit.confirmations / deposit.required) * 100);
  return (
    <div className="mg-cashier__section" data-testid="cashier-deposit">
      {!deposit.confirmed && <Typography.Paragraph strong>{t('cashier.crypto.waiting')}</Typography.Paragraph>}
      <Progress percent={percent} showInfo={false} status={deposit.confirmed ? 'success' : 'active'} />
      <Typography.Paragraph data-testid="cashier-confirmations">
        {t('cashier.crypto.confirmations', { count: deposit.confirmations, required: deposit.required })}
      </Typography.Paragraph>
      <Descriptions size="small" column={1}>
        <Descriptions.Item label={t('cashier.crypto.received')}>
          <span data-testid="cashier-deposit-amount">{usdt(deposit.amount)}</span>
        </Descriptions.Item>
        <Descriptions.Item label={t('cashier.crypto.transaction')}>
          <Typography.Link href={explorerPath(deposit.network, deposit.chainTradeNo)} target="_blank" rel="noopener" style={{ wordBreak: 'break-all' }} data-testid="cashier-chain-trade-no">
            {deposit.chainTradeNo}
          </Typography.Link>
        </Descriptions.Item>
        <Descriptions.Item label={t('cashier.crypto.from')}>
          <Typography.Text code style={{ wordBreak: 'break-all' }}>
            {deposit.payerAddress}
          </Typography.Text>
        </Descriptions.Item>
      </Descriptions>
      {Number(deposit.surplus) > 0 && <Alert type="warning" showIcon message={t('cashier.crypto.surplus', { amount: usdt(deposit.surplus) })} />}
    </div>
  );
}

const OUTCOMES: readonly { outcome: DepositOutcomeValue; key: string }[] = [
  { outcome: DepositOutcome.EXACT, key: 'cashier.crypto.sendExact' },
  { outcome: DepositOutcome.UNDER, key: 'cashier.crypto.sendUnder' },
  { outcome: DepositOutcome.OVER, key: 'cashier.crypto.sendOver' },
];

export function CryptoPanel({ view, token, onView }: { view: CashierView; token: string; onView: (v: CashierView) => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { language } = useLocale();
  const [busy, setBusy] = useState<DepositOutcomeValue | null>(null);
  const network = networkNameOf(view);
  const send = async (outcome: DepositOutcomeValue) => {
    setBusy(outcome);
    try {
      onView(await cashierApi.sendCrypto(token, outcome));
    } catch (e) {
      message.error(e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(null);
    }
  };
  const [asking, setAsking] = useState(false);
  // A payment link makes its attempt (and so its deposit address) when the payer asks where to send.
  if (!view.paymentCode) {
    const ask = async () => {
      setAsking(true);
      try {
        onView(await cashierApi.cryptoAddress(token));
      } catch (e) {
        message.error(e instanceof Error ? e.message : String(e));
      } finally {
        setAsking(false);
      }
    };
    return (
      <Button type="primary" size="large" block loading={asking} onClick={() => void ask()} data-testid="cashier-crypto-address" style={{ marginTop: 8 }}>
        {t('cashier.crypto.showAddress')}
      </Button>
    );
  }
  return (
    <Space direction="vertical" size="small" style={{ width: '100%', marginTop: 8 }}>
      <Typography.Paragraph strong data-testid="cashier-crypto-send-to">
        {t('cashier.crypto.sendTo', { amount: formatMajor(view.amount, cashierCurrency(view), language), token: CRYPTO_TOKEN, network })}
      </Typography.Paragraph>
      <Alert type="info" showIcon message={t('cashier.crypto.wrongNetwork', { network })} />
      {view.deposit ? (
        <DepositProgress deposit={view.deposit} />
      ) : (
        view.sandbox &&
        view.payable && (
          <div className="mg-cashier__section">
            <Typography.Paragraph type="secondary">{t('cashier.crypto.sandboxWallet')}</Typography.Paragraph>
            <Space wrap>
              {OUTCOMES.map((o) => (
                <Button key={o.outcome} type={o.outcome === DepositOutcome.EXACT ? 'primary' : 'default'} loading={busy === o.outcome} disabled={busy !== null} onClick={() => void send(o.outcome)} data-testid={`cashier-send-${o.outcome}`}>
                  {t(o.key)}
                </Button>
              ))}
            </Space>
          </div>
        )
      )}
    </Space>
  );
}
