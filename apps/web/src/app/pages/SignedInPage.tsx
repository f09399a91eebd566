import type { CSSProperties } from 'react';
import { Button, Result } from 'antd';
import { LogoutOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { loginPath } from '@mg/domain';
import { BrandLogo, useBrand } from '../../brands';
import { clearToken } from '../../session/storage';
import { usePageTitle } from '../usePageTitle';
import { Footer } from '../layouts/Footer';

/** What a protected route shows with a session until the main layout and menu arrive (next issue). */
export function SignedInPage() {
  const { t } = useTranslation();
  const { brand } = useBrand();
  const navigate = useNavigate();
  const title = usePageTitle('page.dashboard');
  return (
    <div className="mg-plain" style={{ '--mg-brand': brand.primaryColor } as CSSProperties}>
      <header className="mg-plain__bar">
        <BrandLogo height={32} />
      </header>
      <main className="mg-plain__content">
        <Result
          status="info"
          title={<h1 className="mg-plain__title" data-testid="page-title">{title}</h1>}
          subTitle={t('protected.placeholder')}
          extra={
            <Button
              icon={<LogoutOutlined />}
              onClick={() => {
                clearToken();
                navigate(loginPath(brand), { replace: true });
              }}
            >
              {t('protected.logout')}
            </Button>
          }
        />
      </main>
      <Footer />
    </div>
  );
}
