import { useTranslation } from 'react-i18next';

/** The spinner shown while a page's code loads: plain CSS, so nothing heavier than the page has to load first. */
export function BootSpinner() {
  const { t } = useTranslation();
  return (
    <div className="mg-boot">
      <span className="mg-spinner" role="status" aria-label={t('common.messages.loading')} />
    </div>
  );
}
