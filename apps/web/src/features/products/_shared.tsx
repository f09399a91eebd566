import type { ReactNode } from 'react';
import { Button, Result, Select, Space, Spin, Tag, Typography } from 'antd';
import { EnvironmentOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { getCurrency, type CurrencyCode } from '@mg/domain';

/** The country of the list: a picker on the public page, the session's country (read-only) when signed in. */
export function CurrencyBar({
  currency,
  choices,
  onChange,
}: {
  currency: CurrencyCode;
  choices?: readonly CurrencyCode[];
  onChange?: (c: CurrencyCode) => void;
}) {
  const { t } = useTranslation();
  const label = (code: CurrencyCode) =>
    `${t(getCurrency(code).countryKey, { defaultValue: getCurrency(code).country })} · ${code}`;
  return (
    <Space wrap>
      <Typography.Text type="secondary">{t('products.country')}</Typography.Text>
      {choices && choices.length > 1 && onChange ? (
        <Select<CurrencyCode>
          value={currency}
          onChange={onChange}
          style={{ minWidth: 200 }}
          prefix={<EnvironmentOutlined aria-hidden />}
          aria-label={t('products.country')}
          data-testid="product-currency"
          showSearch
          optionFilterProp="label"
          options={choices.map((code) => ({ value: code, label: label(code) }))}
        />
      ) : (
        <Tag icon={<EnvironmentOutlined />} data-testid="product-currency">
          {label(currency)}
        </Tag>
      )}
    </Space>
  );
}

/** Loading, failed and empty states of the product screens. */
export function LoadState({
  loading,
  error,
  empty,
  onRetry,
}: {
  loading: boolean;
  error: boolean;
  empty: boolean;
  onRetry: () => void;
}) {
  const { t } = useTranslation();
  if (loading)
    return (
      <div style={{ padding: 48, textAlign: 'center' }} data-testid="products-loading">
        <Spin size="large" />
      </div>
    );
  if (error)
    return (
      <Result
        status="warning"
        title={t('products.loadFailed')}
        extra={
          <Button type="primary" onClick={onRetry}>
            {t('common.actions.reload')}
          </Button>
        }
      />
    );
  if (empty)
    return (
      <div data-testid="products-empty">
        <Result status="info" title={t('products.empty')} />
      </div>
    );
  return null;
}

/**
 * The frame of a product screen: the country bar, the screen's hint, the loading / failed / empty states of its
 * query, then the content.
 */
export function ProductPage({
  testId,
  currency,
  currencies,
  onCurrencyChange,
  hint,
  query,
  empty,
  children,
}: {
  testId: string;
  currency: CurrencyCode;
  currencies?: readonly CurrencyCode[];
  onCurrencyChange?: (c: CurrencyCode) => void;
  hint: string;
  query: { isLoading: boolean; isError: boolean; refetch: () => unknown };
  /** Nothing to show once loaded. */
  empty: boolean;
  children: ReactNode;
}) {
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }} data-testid={testId}>
      <CurrencyBar currency={currency} choices={currencies} onChange={onCurrencyChange} />
      <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
        {hint}
      </Typography.Paragraph>
      <LoadState loading={query.isLoading} error={query.isError} empty={!query.isLoading && !query.isError && empty} onRetry={() => void query.refetch()} />
      {children}
    </Space>
  );
}
