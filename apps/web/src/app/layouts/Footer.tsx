import { useTranslation } from 'react-i18next';
import { COPYRIGHT_YEAR } from '@mg/domain';
import { useBrand } from '../../brands';

/** `© 2025 <brand name>` (spec §2). */
export function Footer() {
  const { t } = useTranslation();
  const { brand } = useBrand();
  return (
    <footer className="mg-footer" data-testid="footer">
      <span data-testid="copyright">
        © {COPYRIGHT_YEAR} {brand.name}
      </span>
      <span aria-hidden>·</span>
      <span className="mg-footer__rights">{t('shell.layout.rights')}</span>
    </footer>
  );
}
