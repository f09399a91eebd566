import { useState } from 'react';
import { Select } from 'antd';
import { EnvironmentOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { getCurrency, hasCountrySwitcher, type CurrencyCode } from '@mg/domain';
import { useBrand } from '../../brands';
import { getChosenCurrency, getSessionCurrency, setSessionCurrency } from '../../session/storage';

/**
 * Country (currency) of the session, stored per brand; shown only for brands with several countries. Before sign-in
 * a change is just stored: it becomes the session currency of the next calls (and of the sign-in).
 */
export function CountrySwitcher({
  size = 'middle',
  optional = false,
  onChange,
}: {
  size?: 'small' | 'middle' | 'large';
  /** Sign-in: no choice is a valid state (the account's home country). */
  optional?: boolean;
  onChange?: (c: CurrencyCode) => void;
}) {
  const { t } = useTranslation();
  const { brand } = useBrand();
  // No choice yet: the sign-in takes the account's home country, and the switcher says so instead of showing the
  // brand's first country as if it were chosen.
  const [currency, setCurrency] = useState<CurrencyCode | undefined>(() => (optional ? getChosenCurrency(brand) : getSessionCurrency(brand)));
  if (!hasCountrySwitcher(brand)) return null;
  return (
    <Select<CurrencyCode>
      data-testid="country-switcher"
      aria-label={t('shell.layout.country')}
      className="mg-switcher mg-switcher--country"
      size={size}
      variant="filled"
      prefix={<EnvironmentOutlined aria-hidden />}
      value={currency}
      placeholder={t('shell.layout.countryHome')}
      onChange={(next) => {
        setSessionCurrency(brand, next);
        setCurrency(next);
        onChange?.(next);
      }}
      showSearch
      optionFilterProp="label"
      popupMatchSelectWidth={false}
      options={brand.currencies.map((code) => {
        const c = getCurrency(code);
        const country = t(c.countryKey, { defaultValue: c.country });
        return { value: code, label: `${country} · ${code}` };
      })}
    />
  );
}
