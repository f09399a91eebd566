import { App, Select } from 'antd';
import { EnvironmentOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { getCurrency, isCurrencyCode, loginPath, type CurrencyCode } from '@mg/domain';
import { useBrand } from '../../brands';
import { identityApi } from '../../api/identity';
import { countrySwitchAction } from '../../api/servers';
import { applyLoginResult, clearSession, useSession } from '../../session/store';
import { getSessionCurrency, setSessionCurrency } from '../../session/storage';

/**
 * Spec §4 "Changing country" in the signed-in header: offered when the session has several currencies. Confirm,
 * then either a new session in that country and a reload (the same server), or (another server: countrySwitchAction)
 * sign out here and go to the sign-in page with the country chosen, whose calls then go to that country's server.
 */
export function SessionCountrySwitcher({ reload, compact = false }: { reload?: () => void; /** phones: the code alone */ compact?: boolean }) {
  const { t } = useTranslation();
  const { brand } = useBrand();
  const { modal } = App.useApp();
  const navigate = useNavigate();
  const { userInfo } = useSession();
  const currencies = (userInfo?.currencies ?? []).filter(isCurrencyCode);
  if (currencies.length < 2) return null;
  const stored = getSessionCurrency(brand);
  const current = userInfo && isCurrencyCode(userInfo.currency) ? userInfo.currency : stored;
  const label = (code: CurrencyCode) => `${t(getCurrency(code).countryKey, { defaultValue: getCurrency(code).country })} · ${code}`;

  const change = (next: CurrencyCode) => {
    if (next === current) return;
    // Said before it happens: a reload into the new country, or (another server) a sign-out.
    const action = countrySwitchAction(brand, current, next);
    modal.confirm({
      title: t('shell.switchCountryTitle'),
      content: t(action === 'relogin' ? 'shell.switchCountryRelogin' : 'shell.switchCountryConfirm', { country: label(next) }),
      okText: t('common.actions.confirm'),
      cancelText: t('common.actions.cancel'),
      onOk: async () => {
        if (action === 'relogin') {
          // Signed out where the session lives: the country, and so the base, are still the old ones here.
          await identityApi.logout().catch(() => undefined);
          clearSession(brand);
          // Chosen on the sign-in page: its captcha and sign-in go to the target country's server.
          setSessionCurrency(brand, next);
          navigate(loginPath(brand), { replace: true });
          return;
        }
        // The session is bound to one currency: the server opens a new one in the target currency.
        const result = await identityApi.switchCountry(next);
        applyLoginResult(brand, result);
        setSessionCurrency(brand, next);
        (reload ?? (() => window.location.reload()))();
      },
    });
  };

  return (
    <Select<CurrencyCode>
      data-testid="country-switcher"
      aria-label={t('shell.layout.country')}
      className="mg-switcher mg-switcher--country"
      variant="filled"
      prefix={compact ? undefined : <EnvironmentOutlined aria-hidden />}
      labelRender={compact ? ({ value }) => String(value) : undefined}
      value={current}
      onChange={change}
      showSearch
      optionFilterProp="label"
      popupMatchSelectWidth={false}
      options={currencies.map((code) => ({ value: code, label: label(code) }))}
    />
  );
}
