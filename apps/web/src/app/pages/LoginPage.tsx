import { Alert, Button, Skeleton } from 'antd';
import { LockOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useBrand } from '../../brands';
import { usePageTitle } from '../usePageTitle';
import { AuthCard } from './AuthCard';

/** Sign-in page shell: the form itself arrives with the sign-in issue. */
export function LoginPage() {
  const { t } = useTranslation();
  const { brand } = useBrand();
  const title = usePageTitle('page.login');
  return (
    <AuthCard title={title} subtitle={t('login.subheading', { brand: brand.name })}>
      <Alert className="mg-card__notice" type="info" showIcon message={t('login.formPending')} data-testid="form-pending" />
      <div className="mg-card__fields" aria-hidden>
        <Skeleton.Input block active={false} size="large" />
        <Skeleton.Input block active={false} size="large" />
      </div>
      <Button className="mg-card__cta" type="primary" size="large" block disabled>
        {title}
      </Button>
      <p className="mg-card__secure">
        <LockOutlined aria-hidden /> {t('login.secure')}
      </p>
    </AuthCard>
  );
}
