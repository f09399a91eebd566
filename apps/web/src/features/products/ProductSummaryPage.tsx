import { useMemo } from 'react';
import { Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { parseAmount, type CurrencyCode } from '@mg/domain';
import { useSessionCurrency } from '../../components/format';
import type { Product, ProductSummaryRow } from './api';
import { limitAndFeeColumns, useProductFormat } from './_format';
import { ProductPage } from './_shared';
import { useProductSummary, usePublicProducts } from './hooks';
import { groupByPaymentType, paymentTypeLabel, type ProductViewProps } from './ProductListPage';

function minorOf(value: string, currency: CurrencyCode): bigint | null {
  const r = parseAmount(value, currency, { allowZero: true });
  return r.ok ? r.minor : null;
}

/** The public summary is derived from the public product list: channels, lowest minimum, highest maximum. */
export function summarise(products: readonly Product[], currency: CurrencyCode): ProductSummaryRow[] {
  return groupByPaymentType(products).map(({ paymentType, items }) => {
    let min = items[0]?.minAmount ?? '';
    let max = items[0]?.maxAmount ?? '';
    for (const p of items) {
      const a = minorOf(p.minAmount, currency);
      const b = minorOf(p.maxAmount, currency);
      const curMin = minorOf(min, currency);
      const curMax = minorOf(max, currency);
      if (a !== null && (curMin === null || a < curMin)) min = p.minAmount;
      if (b !== null && (curMax === null || b > curMax)) max = p.maxAmount;
    }
    return { paymentType, channels: items.length, minAmount: min, maxAmount: max };
  });
}

/** Per payment type: how many channels, the amount range they cover and (signed in) the fee. */
export function ProductSummaryView({
  currency,
  publicMode = false,
  currencies,
  onCurrencyChange,
}: ProductViewProps) {
  const { t } = useTranslation();
  const { money, fee } = useProductFormat(currency);
  const merchant = useProductSummary(currency, !publicMode);
  const open = usePublicProducts(currency, publicMode);
  const source = publicMode ? open : merchant;
  const rows = useMemo(
    () =>
      publicMode
        ? summarise(open.data ?? [], currency)
        : [...(merchant.data ?? [])].sort((a, b) => a.paymentType - b.paymentType),
    [publicMode, open.data, merchant.data, currency],
  );

  const columns: ColumnsType<ProductSummaryRow> = [
    {
      title: t('products.paymentType'),
      dataIndex: 'paymentType',
      render: (v: number) => paymentTypeLabel(t, v),
    },
    { title: t('products.channels'), dataIndex: 'channels', align: 'right' },
    ...limitAndFeeColumns<ProductSummaryRow>(t, currency, { money, fee }, publicMode),
  ];

  return (
    <ProductPage
      testId="product-summary"
      currency={currency}
      currencies={currencies}
      onCurrencyChange={onCurrencyChange}
      hint={t(publicMode ? 'products.summaryHintPublic' : 'products.summaryHint')}
      query={source}
      empty={rows.length === 0}
    >
      {rows.length > 0 && (
        <Table<ProductSummaryRow>
          rowKey="paymentType"
          columns={columns}
          dataSource={rows}
          pagination={false}
          scroll={{ x: 'max-content' }}
        />
      )}
    </ProductPage>
  );
}

/** Menu screen (signed in): the summary of the session's country with the merchant's fees. */
export default function ProductSummary() {
  const currency = useSessionCurrency();
  return <ProductSummaryView currency={currency} />;
}
