import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useBrand } from '../brands';

/** `Page - Brand title` (spec §2); follows language changes. Returns the translated page title. */
export function usePageTitle(titleKey: string): string {
  const { t, i18n } = useTranslation();
  const { brand } = useBrand();
  const title = t(titleKey);
  useEffect(() => {
    document.title = title ? `${title} - ${brand.title}` : brand.title;
  }, [title, brand.title, i18n.language]);
  return title;
}
