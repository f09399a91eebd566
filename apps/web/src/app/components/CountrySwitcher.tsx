import { useState } from 'react';
import { Select } from 'antd';
import { EnvironmentOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { getCurrency, hasCountrySwitcher, type CurrencyCode } from '@mg/domain';
import { useBrand } from '../../brands';
import { getSessionCurrency, setSessionCurrency } from '../../session/storage';

/**
 * Country (currency) of the session, stored per brand; shown only for brands with several countries. Before sign-in
 * a change is just stored: it becomes the session currency of the next calls (and of the sign-in).
 */
export function CountrySwitcher({ size = 'middle', onChange }: { size?: 'small' | 'middle' | 'large'; onChange?: (c: CurrencyCode) => void }) {
  const { t } = useTranslation();
  const { brand } = useBrand();
  const [currency, setCurrency] = useState<CurrencyCode>(() => getSessionCurrency(brand));
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
