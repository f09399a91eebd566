/**
 * Crypto assets (spec §6 crypto-brand variant, issue 13): the USDT balances, the networks with their confirmations,
 * network fee and the payouts in flight, and the withdrawal address book (added by the crypto admin with the Google
 * code when 2FA is on, usable after its cooling period, shown as a countdown; deleted at once, stopping the payouts
 * to it not yet sent).
 */
import { useState } from 'react';
import { App, Button, Card, Col, Empty, Popconfirm, Row, Skeleton, Space, Statistic, Table, Tag, Typography } from 'antd';
import { CopyOutlined, DeleteOutlined, PlusOutlined, ReloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { CHAIN_TX_STATUS_COLORS, CRYPTO_ADDRESS_COOLING_HOURS, CRYPTO_HISTORY_PAGE_SIZE, Perm, explorerPath, networkName, type CryptoAddressView, type CryptoAssetsView, type CryptoHistoryRow, SecondFactorCall } from '@mg/domain';
import { Can } from '../../components/Can';
import { LoadFailed } from '../../components/LoadFailed';
import { useCopyToClipboard } from '../../components/copy';
import { useFormatters } from '../../components/format';
import { useMoney } from '../../components/list';
import { splitRemaining, useNow } from '../../components/remaining';
import { isGoogleCodeProblem, useGoogleCodeGate } from '../developer/_gate';
import { useAsksSecondFactor } from '../../components/secondFactor';
import { AddAddressModal } from './AddAddressModal';
import { useCryptoAddresses, useCryptoAssets, useCryptoHistory, useDeleteCryptoAddress } from './hooks';

type NetworkRow = CryptoAssetsView['networks'][number];

/** "Usable", or the time left of the cooling period, ticking. */
function CoolingTag({ a, now }: { a: CryptoAddressView; now: number }) {
  const { t } = useTranslation();
  const { instant } = useFormatters();
  const left = Date.parse(a.usableAt) - now;
  if (left <= 0) return <Tag color="green">{t('crypto.addresses.usable')}</Tag>;
  const { days, time } = splitRemaining(left);
  return (
    <Space direction="vertical" size={0}>
      <Tag color="gold" data-testid={`address-cooling-${a.id}`}>
        {t('crypto.addresses.coolingIn', { time: days > 0 ? t('cashier.daysAndTime', { days, time }) : time })}
      </Tag>
      <Typography.Text type="secondary">{`${t('crypto.fields.usableAt')} ${instant(a.usableAt)}`}</Typography.Text>
    </Space>
  );
}

function Balances({ assets }: { assets: CryptoAssetsView }) {
  const { t } = useTranslation();
  const money = useMoney();
  const figure = (key: 'available' | 'pending' | 'frozen', label: string) => (
    <Col xs={24} md={8}>
      <Card size="small">
        <Statistic title={label} value={money(assets[key], assets.token)} suffix={assets.token} valueStyle={{ fontVariantNumeric: 'tabular-nums' }} />
        <span data-testid={`crypto-${key}`} hidden>
          {assets[key]}
        </span>
      </Card>
    </Col>
  );
  return (
    <Row gutter={[16, 16]} style={{ marginBottom: 16 }}>
      {figure('available', t('balances.available'))}
      {figure('pending', t('balances.pending'))}
      {figure('frozen', t('balances.frozen'))}
    </Row>
  );
}

function Networks({ assets }: { assets: CryptoAssetsView }) {
  const { t } = useTranslation();
  const money = useMoney();
  const columns = [
    { key: 'network', title: t('crypto.fields.network'), render: (_: unknown, n: NetworkRow) => <Typography.Text strong>{n.name}</Typography.Text> },
    { key: 'standard', title: t('crypto.fields.standard'), render: (_: unknown, n: NetworkRow) => n.tokenStandard ?? '-' },
    { key: 'confirmations', title: t('crypto.fields.confirmations'), dataIndex: 'confirmations', align: 'right' as const },
    { key: 'fee', title: t('crypto.fields.networkFee'), align: 'right' as const, render: (_: unknown, n: NetworkRow) => (n.payable ? `${money(n.payoutFee, assets.token)} ${assets.token}` : '-') },
    {
      key: 'confirming',
      title: t('crypto.fields.confirming'),
      align: 'right' as const,
      render: (_: unknown, n: NetworkRow) => (n.payable ? <span data-testid={`confirming-${n.network}`}>{`${money(n.confirming, assets.token)} ${assets.token} (${n.confirmingCount})`}</span> : '-'),
    },
    {
      key: 'inFlight',
      title: t('crypto.fields.inFlight'),
      align: 'right' as const,
      render: (_: unknown, n: NetworkRow) => (n.payable ? <span data-testid={`in-flight-${n.network}`}>{`${money(n.inFlight, assets.token)} ${assets.token} (${n.inFlightCount})`}</span> : '-'),
    },
    { key: 'mode', title: '', render: (_: unknown, n: NetworkRow) => (n.payable ? <Tag color="blue">{t('crypto.networks.payable')}</Tag> : <Tag>{t('crypto.networks.readOnly')}</Tag>) },
  ];
  return (
    <Card title={t('crypto.networks.title')} size="small" style={{ marginBottom: 16 }}>
      <Table<NetworkRow> rowKey="network" size="small" pagination={false} dataSource={assets.networks} columns={columns} />
    </Card>
  );
}

/** Deposits and crypto payouts as chain transactions, each opening the sandbox explorer. */
function History() {
  const { t } = useTranslation();
  const money = useMoney();
  const { instant } = useFormatters();
  const [pageNo, setPageNo] = useState(1);
  const history = useCryptoHistory(pageNo, CRYPTO_HISTORY_PAGE_SIZE);
  const short = (v: string) => (v.length > 20 ? `${v.slice(0, 10)}…${v.slice(-8)}` : v);
  const columns = [
    { key: 'at', title: t('crypto.explorer.at'), render: (_: unknown, r: CryptoHistoryRow) => instant(r.at) },
    { key: 'kind', title: t('crypto.explorer.kind.label'), render: (_: unknown, r: CryptoHistoryRow) => t(`crypto.explorer.kind.${r.kind}`) },
    { key: 'network', title: t('crypto.fields.network'), render: (_: unknown, r: CryptoHistoryRow) => networkName(r.network) },
    { key: 'amount', title: t('common.fields.amount'), align: 'right' as const, render: (_: unknown, r: CryptoHistoryRow) => `${money(r.amount, r.token)} ${r.token}` },
    {
      key: 'counterpart',
      title: t('crypto.history.counterpart'),
      render: (_: unknown, r: CryptoHistoryRow) => <Typography.Text code>{short(r.kind === 'deposit' ? r.from : r.to)}</Typography.Text>,
    },
    {
      key: 'tx',
      title: t('crypto.fields.chainTradeNo'),
      render: (_: unknown, r: CryptoHistoryRow) => (
        <Typography.Link href={explorerPath(r.network, r.chainTradeNo)} target="_blank" rel="noopener" data-testid={`history-tx-${r.chainTradeNo}`}>
          {short(r.chainTradeNo)}
        </Typography.Link>
      ),
    },
    {
      key: 'status',
      title: t('common.fields.status'),
      render: (_: unknown, r: CryptoHistoryRow) => (
        <Tag color={CHAIN_TX_STATUS_COLORS[r.status]}>{`${t(`crypto.explorer.status.${r.status}`)} ${r.confirmations}/${r.required}`}</Tag>
      ),
    },
    { key: 'order', title: t('crypto.history.order'), dataIndex: 'orderId' },
  ];
  return (
    <Card title={t('crypto.history.title')} size="small" style={{ marginBottom: 16 }} data-testid="crypto-history">
      {history.isError ? (
        <LoadFailed message={t('common.messages.loadFailed')} onRetry={() => void history.refetch()} />
      ) : (
        <Table<CryptoHistoryRow>
          rowKey="chainTradeNo"
          size="small"
          loading={history.isLoading}
          dataSource={history.data?.records ?? []}
          columns={columns}
          scroll={{ x: 'max-content' }}
          locale={{ emptyText: <Empty description={t('crypto.history.empty')} /> }}
          pagination={{ current: pageNo, pageSize: CRYPTO_HISTORY_PAGE_SIZE, total: history.data?.total ?? 0, onChange: setPageNo, showSizeChanger: false }}
        />
      )}
    </Card>
  );
}

function AddressBook() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const addresses = useCryptoAddresses();
  const remove = useDeleteCryptoAddress();
  const gate = useGoogleCodeGate(useAsksSecondFactor(SecondFactorCall.CRYPTO_ADDRESS_DELETE));
  const copy = useCopyToClipboard(t('cashier.copied'), t('cashier.copyFailed'));
  const [adding, setAdding] = useState(false);
  const rows = addresses.data ?? [];
  const now = useNow(rows.some((a) => !a.usable));

  const del = (a: CryptoAddressView) =>
    gate.run({
      title: t('crypto.addresses.delete'),
      okText: t('common.actions.confirm'),
      danger: true,
      action: async (googleCode) => {
        let stopped: string[];
        try {
          ({ stopped } = await remove.mutateAsync({ id: a.id, googleCode }));
        } catch (e) {
          if (isGoogleCodeProblem(e)) throw e;
          return;
        }
        message.success(stopped.length > 0 ? t('crypto.addresses.deleted', { count: stopped.length }) : t('error.operationSucceeded'));
      },
    });

  const columns = [
    { key: 'label', title: t('crypto.fields.label'), dataIndex: 'label' },
    { key: 'network', title: t('crypto.fields.network'), render: (_: unknown, a: CryptoAddressView) => networkName(a.network) },
    {
      key: 'address',
      title: t('crypto.fields.address'),
      render: (_: unknown, a: CryptoAddressView) => (
        <Space size={4}>
          <Typography.Text code style={{ wordBreak: 'break-all' }} data-testid={`address-${a.id}`}>
            {a.address}
          </Typography.Text>
          <Button size="small" type="text" icon={<CopyOutlined />} aria-label={t('cashier.copy')} onClick={() => void copy(a.address)} />
        </Space>
      ),
    },
    { key: 'usable', title: t('common.fields.status'), render: (_: unknown, a: CryptoAddressView) => <CoolingTag a={a} now={now} /> },
    { key: 'createdBy', title: t('crypto.fields.createdBy'), dataIndex: 'createdBy' },
    {
      key: 'actions',
      title: '',
      render: (_: unknown, a: CryptoAddressView) => (
        <Can code={Perm.CRYPTO_ADDRESS_EDIT}>
          <Popconfirm title={t('crypto.addresses.deleteConfirm', { address: a.address })} okText={t('common.actions.confirm')} cancelText={t('common.actions.cancel')} onConfirm={() => del(a)}>
            <Button size="small" danger icon={<DeleteOutlined />} data-testid={`address-delete-${a.id}`}>
              {t('crypto.addresses.delete')}
            </Button>
          </Popconfirm>
        </Can>
      ),
    },
  ];

  return (
    <Card
      title={t('crypto.addresses.title')}
      size="small"
      extra={
        <Can code={Perm.CRYPTO_ADDRESS_EDIT}>
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setAdding(true)} data-testid="address-add">
            {t('crypto.addresses.add')}
          </Button>
        </Can>
      }
      data-testid="address-book"
    >
      {gate.element}
      <Typography.Paragraph type="secondary">{t('crypto.addresses.coolingHint', { hours: CRYPTO_ADDRESS_COOLING_HOURS })}</Typography.Paragraph>
      {addresses.isError ? (
        <LoadFailed message={t('common.messages.loadFailed')} onRetry={() => void addresses.refetch()} />
      ) : (
        <Table<CryptoAddressView>
          rowKey="id"
          size="small"
          loading={addresses.isLoading}
          dataSource={rows}
          columns={columns}
          pagination={false}
          scroll={{ x: 'max-content' }}
          locale={{ emptyText: <Empty description={t('crypto.addresses.empty')} /> }}
        />
      )}
      {adding && <AddAddressModal onClose={() => setAdding(false)} />}
    </Card>
  );
}

export default function CryptoAssetsPage() {
  const { t } = useTranslation();
  const assets = useCryptoAssets();
  return (
    <div data-testid="crypto-assets">
      <Space style={{ width: '100%', justifyContent: 'space-between', marginBottom: 12 }} wrap>
        <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
          {t('crypto.hint')}
        </Typography.Paragraph>
        <Button icon={<ReloadOutlined />} onClick={() => void assets.refetch()} loading={assets.isFetching}>
          {t('common.actions.reload')}
        </Button>
      </Space>
      {assets.isLoading ? (
        <Card>
          <Skeleton active paragraph={{ rows: 4 }} />
        </Card>
      ) : assets.isError || !assets.data ? (
        <LoadFailed message={t('common.messages.loadFailed')} onRetry={() => void assets.refetch()} />
      ) : (
        <>
          <Balances assets={assets.data} />
          <Networks assets={assets.data} />
        </>
      )}
      <History />
      <AddressBook />
    </div>
  );
}
