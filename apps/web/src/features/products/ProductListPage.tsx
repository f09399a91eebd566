import { useMemo } from 'react';
import { Card, List, Table, Tag, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { CHANNEL_STATE_COLORS, ChannelState, LAYOUT, ProductStatus, findEnumEntry, PAYMENT_TYPES, productsList, type ChannelStateValue, type CurrencyCode } from '@mg/domain';
import { useMediaQuery } from '../../components/useMediaQuery';
import { ListPage, useCellRenderer } from '../../components/list';
import { feeOf, type Product } from './api';
import { usePublicProducts } from './hooks';
import { FeeCell, limitAndFeeColumns, useChannelName, useProductFormat } from './_format';
import { ProductPage } from './_shared';

/** Below this the group tables scroll sideways (phones) instead of squeezing the columns. */
const TABLE_MIN_WIDTH = 640;

export interface ProductViewProps {
  currency: CurrencyCode;
  /** Signed out on a legacy brand: GET /api/common/products, no fees. */
  publicMode?: boolean;
  /** The public page offers the brand's countries. */
  currencies?: readonly CurrencyCode[];
  onCurrencyChange?: (c: CurrencyCode) => void;
}

export function paymentTypeLabel(t: (k: string) => string, value: number): string {
  const entry = findEnumEntry(PAYMENT_TYPES, value);
  return entry ? t(entry.i18nKey) : String(value);
}

/** Products grouped by payment type, in the order of the enumeration. */
export function groupByPaymentType(
  products: readonly Product[],
): { paymentType: number; items: Product[] }[] {
  const groups = new Map<number, Product[]>();
  for (const p of products) groups.set(p.paymentType, [...(groups.get(p.paymentType) ?? []), p]);
  return [...groups.entries()]
    .sort(([a], [b]) => a - b)
    .map(([paymentType, items]) => ({
      paymentType,
      items: [...items].sort((x, y) => x.channel - y.channel),
    }));
}


/**
 * The public product page of legacy brands: per payment type, each channel with its limits (no fees: sign in to see
 * them on the declared list below).
 */
export function ProductListView({ currency, currencies, onCurrencyChange }: ProductViewProps) {
  const publicMode = true;
  const { t } = useTranslation();
  const query = usePublicProducts(currency);
  const { money, fee } = useProductFormat(currency);
  const channelName = useChannelName();
  const groups = useMemo(() => groupByPaymentType(query.data ?? []), [query.data]);
  // Phones: one line per channel instead of a table that would scroll sideways.
  const narrow = !useMediaQuery(`(min-width: ${LAYOUT.headerBreakpoint}px)`);
  // A channel the platform marked degraded or down says so, with its message, instead of "available".
  const statusTag = (s: number, p: Product) =>
    p.channelState !== ChannelState.OPERATIONAL ? (
      <Tooltip title={p.channelNotice}>
        <Tag color={CHANNEL_STATE_COLORS[p.channelState as ChannelStateValue]} data-testid={`channel-state-${p.channel}`}>
          {t(`channel-health.states.${p.channelState}`)}
        </Tag>
      </Tooltip>
    ) : s === ProductStatus.ENABLED ? (
      <Tag color="green">{t('products.available')}</Tag>
    ) : (
      <Tag>{t('products.unavailable')}</Tag>
    );

  const columns: ColumnsType<Product> = [
    {
      title: t('products.channel'),
      key: 'channel',
      width: publicMode ? '40%' : '28%',
      render: (_, p) => channelName(p.channel, ''),
    },
    ...limitAndFeeColumns<Product>(t, currency, { money, fee }, publicMode, '20%'),
    {
      title: t('products.status'),
      dataIndex: 'status',
      width: publicMode ? '20%' : '12%',
      render: statusTag,
    },
  ];

  return (
    <ProductPage
      testId="product-list"
      currency={currency}
      currencies={currencies}
      onCurrencyChange={onCurrencyChange}
      hint={t(publicMode ? 'products.listHintPublic' : 'products.listHint')}
      query={query}
      empty={groups.length === 0}
    >
      {groups.map((g) => (
        <Card
          key={g.paymentType}
          size="small"
          title={paymentTypeLabel(t, g.paymentType)}
          extra={
            <Typography.Text type="secondary">
              {t('products.channelCount', { n: g.items.length })}
            </Typography.Text>
          }
          data-testid={`payment-type-${g.paymentType}`}
        >
          {narrow ? (
            <List<Product>
              size="small"
              dataSource={g.items}
              rowKey={(p) => `${p.paymentType}-${p.channel}`}
              renderItem={(p) => (
                <List.Item extra={statusTag(p.status, p)}>
                  <List.Item.Meta
                    title={channelName(p.channel, '')}
                    description={
                      <>
                        <div>
                          {t('products.range', {
                            min: money(p.minAmount),
                            max: money(p.maxAmount),
                            currency,
                          })}
                        </div>
                        {!publicMode && (
                          <div>
                            {t('products.fee')}: <FeeCell rule={feeOf(p)} text={fee(feeOf(p))} />
                          </div>
                        )}
                      </>
                    }
                  />
                </List.Item>
              )}
            />
          ) : (
            <Table<Product>
              rowKey={(p) => `${p.paymentType}-${p.channel}`}
              size="small"
              columns={columns}
              dataSource={g.items}
              pagination={false}
              tableLayout="fixed"
              scroll={{ x: TABLE_MIN_WIDTH }}
            />
          )}
        </Card>
      ))}
    </ProductPage>
  );
}

const FEE_RATE = productsList.columns.find((c) => c.key === 'feeRate');
const CHANNEL_STATE = productsList.columns.find((c) => c.key === 'channelState');
/** The platform's notice wraps instead of widening the table. */
const NOTICE_WIDTH = 240;

/**
 * Menu screen (signed in): the declared products list (packages/domain products/list.ts) of the session currency,
 * or another of the user's, with the merchant's fee ("your rate" when it is the merchant's own); exportable.
 */
export default function ProductListPage() {
  const { t } = useTranslation();
  const cell = useCellRenderer();
  return (
    <ListPage
      list={productsList}
      tooltip={t('products.listHint')}
      overrides={{
        render: {
          feeRate: (p) => (
            <span>
              {FEE_RATE ? cell(FEE_RATE, p) : null}
              {p.feeOwn && (
                <Tag color="blue" style={{ marginInlineStart: 8 }}>
                  {t('products.ownRate')}
                </Tag>
              )}
            </span>
          ),
          // The platform's message on a degraded or down channel, under its state.
          channelState: (p) => (
            <span data-testid={`channel-state-${p.channel}`}>
              {CHANNEL_STATE ? cell(CHANNEL_STATE, p) : null}
              {p.channelNotice && (
                <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12, maxWidth: NOTICE_WIDTH, whiteSpace: 'normal' }}>
                  {p.channelNotice}
                </Typography.Text>
              )}
            </span>
          ),
        },
      }}
    />
  );
}
