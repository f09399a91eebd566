/**
 * Detail of one collection (docs/payments-api.md `GET /api/collections/{id}`): every field (the spec §6 column rules
 * apply here too), the cashier link, its refunds, and the callback deliveries with every attempt and a resend.
 */
import { ApiRequestsLink } from '../../components/ApiRequestsLink';
import { useState, type ReactNode } from 'react';
import { Alert, App, Button, Card, Descriptions, Drawer, Empty, Popconfirm, Space, Spin, Table, Tag, Tooltip, Typography } from 'antd';
import { ReloadOutlined, RollbackOutlined, SendOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { CallbackOrderKind, NOTIFY_STATUS_COLORS, PAYMENT_STATUS_COLORS, Perm, REFUNDABLE_STATUSES, REFUND_STATUS_COLORS, REFUND_TYPE, REFUND_WAY, findChannel, type CallbackAttemptView, type CallbackDeliveryView, type CurrencyCode, type RefundTypeValue, type RefundWayValue } from '@mg/domain';
import { Can } from '../../components/Can';
import { failureReasonText, useFormatters } from '../../components/format';
import { StatusTag, currencyOr, minorOf, useColumnRules, useMoney } from '../../components/list';
import { RefundModal } from './RefundModal';
import { useCollectionDetail, useResendCallback, type CollectionDetail, type RefundRecord } from './hooks';

const PaymentStatusTag = ({ value }: { value: string | null | undefined }) => <StatusTag value={value} labels="status.payment" colors={PAYMENT_STATUS_COLORS} />;
const NotifyStatusTag = ({ value }: { value: string | null | undefined }) => <StatusTag value={value} labels="status.notify" colors={NOTIFY_STATUS_COLORS} />;
const RefundStatusTag = ({ value }: { value: string | null | undefined }) => <StatusTag value={value} labels="status.refundFund" colors={REFUND_STATUS_COLORS} />;

/** Drawer width: the attempt table needs room for its six columns. */
const DRAWER_WIDTH = 880;
const PRE_STYLE = { whiteSpace: 'pre-wrap', wordBreak: 'break-all', fontSize: 12, maxHeight: 320, overflow: 'auto', margin: '4px 0 12px' } as const;

export function channelLabel(code: number | null | undefined, t: (k: string) => string): string {
  if (code === null || code === undefined) return '-';
  const c = findChannel(code);
  return c ? t(c.i18nKey) : String(code);
}

/**
 * The Refund action is offered for success / partial collections with something left: the detail's `refundable`,
 * or amount - refunded on a list row (the server decides in the end).
 */
export function canRefund(r: Pick<CollectionDetail, 'status' | 'currency' | 'amount' | 'refundedAmount'> & { refundable?: string }, fallback: CurrencyCode): boolean {
  if (!REFUNDABLE_STATUSES.includes(r.status)) return false;
  const currency = currencyOr(r.currency, fallback);
  if (r.refundable !== undefined) return (minorOf(r.refundable, currency) ?? 0n) > 0n;
  return (minorOf(r.amount, currency) ?? 0n) - (minorOf(r.refundedAmount, currency) ?? 0n) > 0n;
}

interface Field {
  key: string;
  dataIndex: string;
  label: string;
  value: ReactNode;
}

function pretty(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') {
    try {
      return JSON.stringify(JSON.parse(value), null, 2);
    } catch {
      return value;
    }
  }
  return JSON.stringify(value, null, 2);
}

function AttemptTable({ attempts }: { attempts: CallbackAttemptView[] }) {
  const { t } = useTranslation();
  const { instant } = useFormatters();
  return (
    <Table<CallbackAttemptView>
      size="small"
      rowKey="attemptNo"
      pagination={false}
      dataSource={attempts}
      locale={{ emptyText: t('callbacks.noAttempts') }}
      expandable={{
        expandedRowRender: (a) => (
          <div data-testid={`attempt-request-${a.attemptNo}`}>
            <Typography.Text strong>{t('callbacks.requestHeaders')}</Typography.Text>
            <pre style={PRE_STYLE}>{pretty(a.requestHeaders)}</pre>
            <Typography.Text strong>{t('callbacks.requestBody')}</Typography.Text>
            <pre style={PRE_STYLE}>{pretty(a.requestBody)}</pre>
          </div>
        ),
      }}
      columns={[
        { title: '#', dataIndex: 'attemptNo', width: 48 },
        { title: t('callbacks.time'), dataIndex: 'createdAt', render: (_, a) => instant(a.createdAt) },
        {
          title: t('callbacks.trigger'),
          dataIndex: 'trigger',
          render: (_, a) => <Tag>{t(a.trigger === 'manual' ? 'callbacks.manual' : 'callbacks.auto')}</Tag>,
        },
        {
          title: t('callbacks.statusCode'),
          dataIndex: 'responseStatus',
          render: (_, a) =>
            a.answered === false ? (
              <Tooltip title={t('callbacks.noAnswerRecordedHint')}>
                <Tag color="gold" data-testid={`attempt-unanswered-${a.attemptNo}`}>
                  {t('callbacks.noAnswerRecorded')}
                </Tag>
              </Tooltip>
            ) : a.responseStatus === null || a.responseStatus === undefined ? (
              <Tag color="red">{t('callbacks.noResponse')}</Tag>
            ) : (
              <Tag color={a.responseStatus >= 200 && a.responseStatus < 300 ? 'green' : 'red'}>{a.responseStatus}</Tag>
            ),
        },
        { title: t('callbacks.latency'), dataIndex: 'latencyMs', align: 'right' },
        {
          title: t('callbacks.excerpt'),
          dataIndex: 'responseExcerpt',
          render: (_, a) => {
            const text = a.error ? a.error : (a.responseExcerpt ?? '');
            return text ? (
              <Typography.Text type={a.error ? 'danger' : undefined} ellipsis={{ tooltip: text }} style={{ maxWidth: 240 }}>
                {text}
              </Typography.Text>
            ) : (
              '-'
            );
          },
        },
      ]}
    />
  );
}

export function DeliveryCard({ delivery }: { delivery: CallbackDeliveryView }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { instant } = useFormatters();
  const resendCallback = useResendCallback();
  const sending = resendCallback.isPending;
  const resend = async () => {
    try {
      await resendCallback.mutateAsync(delivery.id);
      message.success(t('callbacks.resent'));
    } catch {
      // The API client has shown the server's message.
    }
  };
  return (
    <Card
      size="small"
      style={{ marginBottom: 12 }}
      data-testid={`delivery-${delivery.id}`}
      title={
        <Space wrap>
          <Typography.Text code>{delivery.eventType}</Typography.Text>
          <NotifyStatusTag value={delivery.status} />
          {delivery.orderKind === CallbackOrderKind.REFUND && delivery.orderId && (
            <Tag color="purple">{t('callbacks.ofRefund', { id: delivery.orderId })}</Tag>
          )}
        </Space>
      }
      extra={
        <Can code={Perm.CALLBACK_RESEND}>
          <Popconfirm
            title={t('callbacks.resendConfirm')}
            okText={t('common.actions.confirm')}
            cancelText={t('common.actions.cancel')}
            onConfirm={() => resend()}
          >
            <Button size="small" icon={<SendOutlined />} loading={sending} data-testid={`resend-${delivery.id}`}>
              {t('callbacks.resend')}
            </Button>
          </Popconfirm>
        </Can>
      }
    >
      <Descriptions size="small" column={2} style={{ marginBottom: 8 }}>
        <Descriptions.Item label={t('callbacks.url')} span={2}>
          <Typography.Text copyable style={{ wordBreak: 'break-all' }}>
            {delivery.url}
          </Typography.Text>
        </Descriptions.Item>
        <Descriptions.Item label={t('callbacks.attempts')}>{delivery.attempts}</Descriptions.Item>
        <Descriptions.Item label={t('callbacks.lastStatus')}>{delivery.lastResponseStatus ?? '-'}</Descriptions.Item>
        <Descriptions.Item label={t('callbacks.eventId')}>{delivery.eventId}</Descriptions.Item>
        <Descriptions.Item label={t('callbacks.nextAttempt')}>{delivery.status === 'pending' ? instant(delivery.nextAttemptAt) : '-'}</Descriptions.Item>
      </Descriptions>
      <AttemptTable attempts={delivery.attemptsLog ?? []} />
    </Card>
  );
}

function RefundsTable({ refunds }: { refunds: RefundRecord[] }) {
  const { t } = useTranslation();
  const { instant } = useFormatters();
  const money = useMoney();
  return (
    <Table<RefundRecord>
      size="small"
      rowKey="id"
      pagination={false}
      dataSource={refunds}
      scroll={{ x: 'max-content' }}
      locale={{ emptyText: t('collections.drawer.noRefunds') }}
      columns={[
        { title: t('refunds.id'), dataIndex: 'id' },
        { title: t('refunds.requestedAmount'), dataIndex: 'requestedAmount', align: 'right', render: (_, r) => money(r.requestedAmount, r.currency) },
        { title: t('refunds.refundWay'), dataIndex: 'refundWay', render: (_, r) => t(REFUND_WAY.i18nKey(r.refundWay as RefundWayValue)) },
        { title: t('refunds.refundType'), dataIndex: 'refundType', render: (_, r) => t(REFUND_TYPE.i18nKey(r.refundType as RefundTypeValue)) },
        { title: t('common.fields.status'), dataIndex: 'status', render: (_, r) => <RefundStatusTag value={r.status} /> },
        { title: t('refunds.reason'), dataIndex: 'reason', ellipsis: true },
        { title: t('common.fields.createdAt'), dataIndex: 'createdAt', render: (_, r) => instant(r.createdAt) },
      ]}
    />
  );
}

/** The details of a collection; what it changes (refund, resend) reloads the lists through their query keys. */
export function TransactionDrawer({ id, onClose }: { id: string | null; onClose: () => void }) {
  const { t } = useTranslation();
  const { instant } = useFormatters();
  const money = useMoney();
  const { currency: sessionCurrency } = useFormatters();
  const visible = useColumnRules();
  const detail = useCollectionDetail(id);
  const [refunding, setRefunding] = useState(false);
  const r = detail.data;
  const currency = currencyOr(r?.currency, sessionCurrency);
  const withCurrency = (v: string | null | undefined) => (v === null || v === undefined ? '-' : `${money(v, currency)} ${currency}`);
  const text = (v: string | number | null | undefined) => (v === null || v === undefined || v === '' ? '-' : String(v));

  const fields: Field[] = r
    ? [
        { key: 'id', dataIndex: 'id', label: t('collections.fields.transactionId'), value: <Typography.Text copyable>{r.id}</Typography.Text> },
        { key: 'merchantOrderId', dataIndex: 'merchantOrderId', label: t('collections.fields.merchantOrderId'), value: <Typography.Text copyable>{r.merchantOrderId}</Typography.Text> },
        { key: 'status', dataIndex: 'status', label: t('common.fields.status'), value: <PaymentStatusTag value={r.status} /> },
        { key: 'amount', dataIndex: 'amount', label: t('common.fields.amount'), value: withCurrency(r.amount) },
        { key: 'adminFee', dataIndex: 'adminFee', label: t('collections.fields.adminFee'), value: withCurrency(r.adminFee) },
        { key: 'serviceFee', dataIndex: 'serviceFee', label: t('collections.fields.serviceFee'), value: withCurrency(r.serviceFee) },
        { key: 'paidAmount', dataIndex: 'paidAmount', label: t('collections.fields.paidAmount'), value: withCurrency(r.paidAmount) },
        { key: 'refundedAmount', dataIndex: 'refundedAmount', label: t('collections.fields.refundedAmount'), value: withCurrency(r.refundedAmount) },
        { key: 'refundable', dataIndex: 'refundable', label: t('collections.fields.refundable'), value: withCurrency(r.refundable) },
        { key: 'paymentType', dataIndex: 'paymentType', label: t('collections.fields.paymentType'), value: t(`enum.paymentType.${r.paymentType}`, { defaultValue: String(r.paymentType) }) },
        { key: 'channel', dataIndex: 'channel', label: t('collections.fields.channel'), value: channelLabel(r.channel, t) },
        { key: 'paymentCode', dataIndex: 'paymentCode', label: t('collections.fields.paymentCode'), value: r.paymentCode ? <Typography.Text copyable>{r.paymentCode}</Typography.Text> : '-' },
        { key: 'payerName', dataIndex: 'payerName', label: t('collections.fields.payerName'), value: text(r.payerName) },
        { key: 'payerEmail', dataIndex: 'payerEmail', label: t('collections.fields.payerEmail'), value: text(r.payerEmail) },
        { key: 'payerPhone', dataIndex: 'payerPhone', label: t('collections.fields.payerPhone'), value: text(r.payerPhone) },
        { key: 'orderDescription', dataIndex: 'orderDescription', label: t('collections.fields.orderDescription'), value: text(r.orderDescription) },
        { key: 'createdAt', dataIndex: 'createdAt', label: t('common.fields.createdAt'), value: instant(r.createdAt) },
        { key: 'paidAt', dataIndex: 'paidAt', label: t('collections.fields.paidAt'), value: instant(r.paidAt) },
        { key: 'expiresAt', dataIndex: 'expiresAt', label: t('collections.fields.expiresAt'), value: `${instant(r.expiresAt)} (${t('collections.fields.hours', { count: r.expiryHours })})` },
        { key: 'updatedAt', dataIndex: 'updatedAt', label: t('collections.fields.updatedAt'), value: instant(r.updatedAt) },
        { key: 'notifyStatus', dataIndex: 'notifyStatus', label: t('collections.fields.notifyStatus'), value: <NotifyStatusTag value={r.notifyStatus} /> },
        {
          key: 'settlementStatus',
          dataIndex: 'settlementStatus',
          label: t('collections.fields.settlementStatus'),
          value: r.settlementStatus ? t(`status.settlement.${r.settlementStatus}`, { defaultValue: r.settlementStatus }) : '-',
        },
        { key: 'source', dataIndex: 'source', label: t('collections.fields.source'), value: t(`collections.sources.${r.source}`, { defaultValue: r.source }) },
        { key: 'mode', dataIndex: 'mode', label: t('collections.fields.mode'), value: t(`collections.modes.${r.mode}`, { defaultValue: r.mode }) },
        { key: 'failureReason', dataIndex: 'failureReason', label: t('collections.fields.failureReason'), value: failureReasonText(t, r.failureReason) ?? '-' },
        { key: 'notifyUrl', dataIndex: 'notifyUrl', label: t('collections.fields.notifyUrl'), value: text(r.notifyUrl) },
        { key: 'returnUrl', dataIndex: 'returnUrl', label: t('collections.fields.returnUrl'), value: text(r.returnUrl) },
      ]
    : [];
  const shown = visible(fields);
  const refundable = r ? canRefund(r, sessionCurrency) : false;

  return (
    <Drawer
      open={id !== null}
      onClose={onClose}
      width={DRAWER_WIDTH}
      title={t('collections.drawer.title')}
      destroyOnHidden
      data-testid="transaction-drawer"
      extra={
        <Space>
          <Button icon={<ReloadOutlined />} onClick={() => void detail.refetch()} loading={detail.isFetching} aria-label={t('common.actions.reload')} />
          {r && <ApiRequestsLink orderId={r.id} />}
          {r && refundable && (
            <Can code={Perm.REFUND_ADD}>
              <Button type="primary" danger icon={<RollbackOutlined />} onClick={() => setRefunding(true)} data-testid="drawer-refund">
                {t('refunds.form.action')}
              </Button>
            </Can>
          )}
        </Space>
      }
    >
      {detail.isLoading && <Spin />}
      {detail.isError && <Alert type="error" showIcon message={t('common.messages.detailsLoadFailed')} />}
      {r && (
        <>
          <Descriptions bordered size="small" column={2} data-testid="transaction-fields">
            {shown.map((f) => (
              <Descriptions.Item key={f.key} label={f.label}>
                {f.value}
              </Descriptions.Item>
            ))}
          </Descriptions>

          <Typography.Title level={5} style={{ marginTop: 24 }}>
            {t('collections.drawer.cashier')}
          </Typography.Title>
          {r.cashierUrl ? (
            <Typography.Link href={r.cashierUrl} target="_blank" rel="noopener noreferrer" copyable={{ text: r.cashierUrl }} data-testid="cashier-url" style={{ wordBreak: 'break-all' }}>
              {r.cashierUrl}
            </Typography.Link>
          ) : (
            <Typography.Text type="secondary">-</Typography.Text>
          )}

          <Typography.Title level={5} style={{ marginTop: 24 }}>
            {t('collections.drawer.refunds')}
          </Typography.Title>
          <RefundsTable refunds={r.refunds ?? []} />

          <Typography.Title level={5} style={{ marginTop: 24 }}>
            {t('collections.drawer.callbacks')}
          </Typography.Title>
          {(r.callbacks ?? []).length === 0 ? (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('collections.drawer.noCallbacks')} />
          ) : (
            (r.callbacks ?? []).map((d) => <DeliveryCard key={d.id} delivery={d} />)
          )}
        </>
      )}
      {refunding && id && (
        <RefundModal
          collectionId={id}
          onClose={() => setRefunding(false)}
          onRefunded={() => setRefunding(false)}
        />
      )}
    </Drawer>
  );
}

export default TransactionDrawer;
