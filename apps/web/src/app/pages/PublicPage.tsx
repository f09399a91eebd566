import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../usePageTitle';
import { AuthCard } from './AuthCard';

/** Register, register result, alteration, public product pages: title and the "arrives with sign-in" line. */
export function PublicPage({ titleKey }: { titleKey: string }) {
  const { t } = useTranslation();
  const title = usePageTitle(titleKey);
  return (
    <AuthCard title={title}>
      <Alert className="mg-card__notice" type="info" showIcon message={t('public.formPending')} data-testid="form-pending" />
    </AuthCard>
  );
}
