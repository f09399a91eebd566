import { useState } from 'react';
import { EnvironmentOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { getCurrency, hasCountrySwitcher, type CurrencyCode } from '@mg/domain';
import { useBrand } from '../../brands';
import { Picker } from '../../components/Picker';
import { getChosenCurrency, getSessionCurrency, setSessionCurrency } from '../../session/storage';

/**
 * Country (currency) of the session before sign-in, stored per brand; shown only for brands with several countries.
 * A change is just stored: it becomes the session currency of the next calls (and of the sign-in). Signed in, the
 * header's SessionCountrySwitcher takes over. Drawn with the light Picker (the sign-in page loads no antd Select).
 */
export function CountrySwitcher({
  optional = false,
  onChange,
}: {
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
    <Picker<CurrencyCode>
      data-testid="country-switcher"
      aria-label={t('shell.layout.country')}
      className="mg-switcher mg-switcher--country"
      prefix={<EnvironmentOutlined aria-hidden />}
      value={currency}
      placeholder={t('shell.layout.countryHome')}
      onChange={(next) => {
        setSessionCurrency(brand, next);
        setCurrency(next);
        onChange?.(next);
      }}
      options={brand.currencies.map((code) => {
        const c = getCurrency(code);
        const country = t(c.countryKey, { defaultValue: c.country });
        return { value: code, label: `${country} · ${code}` };
      })}
    />
  );
}
