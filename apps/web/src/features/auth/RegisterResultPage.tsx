import { Button, Result } from 'antd';
import { useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useBrand } from '../../brands';
import { usePageTitle } from '../../app/usePageTitle';
import { AuthCard } from '../../app/pages/AuthCard';
import { authPath } from './paths';

/** After registration: the account name and merchant id, and the way to sign in. */
export function RegisterResultPage() {
  const { t } = useTranslation();
  const { brand } = useBrand();
  const navigate = useNavigate();
  const title = usePageTitle('auth.page.registerResult');
  const q = new URLSearchParams(useLocation().search);
  const username = q.get('username');
  const merchantId = q.get('merchantId');
  return (
    <AuthCard title={title}>
      <div data-testid="register-result">
      <Result
        status="success"
        title={username ? t('auth.registerResult.account', { username }) : t('auth.registerResult.done')}
        subTitle={
          <>
            {merchantId && <div data-testid="register-result-merchant">{t('auth.registerResult.merchant', { merchantId })}</div>}
            <div>{t('auth.registerResult.next')}</div>
          </>
        }
        extra={
          <Button type="primary" size="large" onClick={() => navigate(authPath(brand, 'login'))} data-testid="register-result-login">
            {t('auth.registerResult.signIn')}
          </Button>
        }
      />
      </div>
    </AuthCard>
  );
}
