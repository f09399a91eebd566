import { useState } from 'react';
import { Button, Segmented, Space } from 'antd';
import { LoginOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LAYOUT, loginPath, type CurrencyCode } from '@mg/domain';
import { useMediaQuery } from '../../components/useMediaQuery';
import { BrandLogo, useBrand, brandStyle } from '../../brands';
import { LanguageSwitcher } from '../../app/components/LanguageSwitcher';
import { Footer } from '../../app/layouts/Footer';
import { usePageTitle } from '../../app/usePageTitle';
import { getSessionCurrency, setSessionCurrency } from '../../session/storage';
import { ProductListView } from './ProductListPage';
import { ProductSummaryView } from './ProductSummaryPage';

export type PublicProductsKind = 'list' | 'summary';

const PAGES: Record<PublicProductsKind, { path: string; titleKey: string }> = {
  list: { path: '/common/productList', titleKey: 'products.page.list' },
  summary: { path: '/common/productSummary', titleKey: 'products.page.summary' },
};

/**
 * Legacy brands, signed out: /common/productList and /common/productSummary for anyone, from GET /api/common/products
 * (no fees). The country picker offers the brand's countries and remembers the choice like the sign-in page does.
 */
export default function PublicProducts({ kind }: { kind: PublicProductsKind }) {
  const { t } = useTranslation();
  const { brand } = useBrand();
  const navigate = useNavigate();
  const title = usePageTitle(PAGES[kind].titleKey);
  const [currency, setCurrency] = useState<CurrencyCode>(() => getSessionCurrency(brand));
  const change = (next: CurrencyCode) => {
    setSessionCurrency(brand, next);
    setCurrency(next);
  };
  const View = kind === 'list' ? ProductListView : ProductSummaryView;
  const narrow = !useMediaQuery(`(min-width: ${LAYOUT.headerBreakpoint}px)`);
  return (
    <div
      className="mg-plain"
      style={brandStyle(brand)}
      data-testid="public-products"
    >
      <header className="mg-plain__bar" style={{ flexWrap: 'wrap', rowGap: 8 }}>
        <BrandLogo height={32} />
        <Space wrap>
          <LanguageSwitcher />
          <Button
            icon={<LoginOutlined />}
            onClick={() => navigate(loginPath(brand))}
            aria-label={t('products.signIn')}
            data-testid="public-sign-in"
          >
            {narrow ? null : t('products.signIn')}
          </Button>
        </Space>
      </header>
      <main
        style={{
          flex: '1 1 auto',
          width: '100%',
          maxWidth: 1080,
          margin: '0 auto',
          padding: '8px 16px 32px',
        }}
      >
        <Space direction="vertical" size="middle" style={{ width: '100%' }}>
          <h1 className="mg-plain__title" data-testid="page-title">
            {title}
          </h1>
          <Segmented<PublicProductsKind>
            value={kind}
            onChange={(k) => navigate(PAGES[k].path)}
            options={(Object.keys(PAGES) as PublicProductsKind[]).map((k) => ({
              value: k,
              label: t(PAGES[k].titleKey),
            }))}
          />
          <View currency={currency} publicMode currencies={brand.currencies} onCurrencyChange={change} />
        </Space>
      </main>
      <Footer />
    </div>
  );
}
