import { Outlet, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { CheckCircleFilled } from '@ant-design/icons';
import { LAYOUT, loginPath } from '@mg/domain';
import { useBrand, brandStyle } from '../../brands';
import { useMediaQuery } from '../../components/useMediaQuery';
import { LanguagePicker } from '../components/LanguagePicker';
import { CountrySwitcher } from '../components/CountrySwitcher';
import { isRegional } from '../../api/servers';
import { BrandIllustration } from '../components/BrandIllustration';
import { Footer } from './Footer';

/**
 * The sign-in ("user") layout of spec §2. From LAYOUT.loginBreakpoint (800 px) up: brand panel beside the form
 * column; below it: a single column. Country switcher only for brands with several countries, language switcher
 * hidden for needHide brands. Both are light Pickers, not antd Selects (issue 10).
 */
export function UserLayout() {
  const { t } = useTranslation();
  const { brand } = useBrand();
  const { pathname } = useLocation();
  const wide = useMediaQuery(`(min-width: ${LAYOUT.loginBreakpoint}px)`);
  const style = brandStyle(brand);

  return (
    <div className={`mg-user ${wide ? 'mg-user--wide' : 'mg-user--narrow'}`} style={style} data-layout={wide ? 'wide' : 'narrow'}>
      {wide && (
        <aside className="mg-user__panel" aria-hidden="false">
          <div className="mg-user__panel-inner">
            <div className="mg-user__eyebrow">{brand.title}</div>
            <h2 className="mg-user__headline">{t('shell.layout.headline')}</h2>
            <p className="mg-user__subline">{t('shell.layout.subline')}</p>
            <ul className="mg-user__features">
              {(['shell.layout.feature.collections', 'shell.layout.feature.payouts', 'shell.layout.feature.settlement'] as const).map((key) => (
                <li key={key}>
                  <CheckCircleFilled aria-hidden />
                  <span>{t(key)}</span>
                </li>
              ))}
            </ul>
            <div className="mg-user__art">
              <BrandIllustration />
            </div>
          </div>
        </aside>
      )}
      <div className="mg-user__main">
        <header className="mg-user__bar">
          <div className="mg-user__switchers" data-testid="user-switchers">
            {/* signing in: no choice means the account's home country (not where the brand's countries have servers of
                their own: the sign-in goes to the shown country's); registering: the country of the new account */}
            <CountrySwitcher key={pathname} optional={pathname === loginPath(brand) && !isRegional(brand)} />
            <LanguagePicker />
          </div>
        </header>
        <main className="mg-user__content">
          <Outlet />
        </main>
        <Footer />
      </div>
    </div>
  );
}
