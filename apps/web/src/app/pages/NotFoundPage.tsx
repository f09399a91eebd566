import { Button, Result } from 'antd';
import { HomeOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { BrandLogo, useBrand, brandStyle } from '../../brands';
import { usePageTitle } from '../usePageTitle';
import { LanguageSwitcher } from '../components/LanguageSwitcher';
import { Footer } from '../layouts/Footer';

/** `/404`: branded failure page (spec §2), button back to "/" (which goes on to the brand's home). */
export function NotFoundPage() {
  const { t } = useTranslation();
  const { brand } = useBrand();
  const navigate = useNavigate();
  const title = usePageTitle('shell.page.notFound');
  return (
    <div className="mg-plain" style={brandStyle(brand)}>
      <header className="mg-plain__bar">
        <BrandLogo height={32} />
        <LanguageSwitcher />
      </header>
      <main className="mg-plain__content">
        <Result
          status="404"
          title={
            <h1 className="mg-plain__title" data-testid="page-title">
              {title}
            </h1>
          }
          subTitle={t('shell.notFound.subtitle')}
          extra={
            <Button type="primary" size="large" icon={<HomeOutlined />} onClick={() => navigate('/', { replace: true })} data-testid="back-home">
              {t('shell.notFound.backHome')}
            </Button>
          }
        />
      </main>
      <Footer />
    </div>
  );
}
