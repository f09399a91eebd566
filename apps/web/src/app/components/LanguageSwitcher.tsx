import { Select } from 'antd';
import { GlobalOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { LANGUAGE_NATIVE_NAMES, type Language } from '@mg/domain';
import { useLocale } from '../../i18n/LocaleProvider';
import { showsLanguageSwitcher } from '../../i18n/offer';
import { useBrand } from '../../brands';

/**
 * Language picker: the offered languages in their own script. Hidden for needHide brands. Signed in, the shell passes the session's offer. Searchable, so its empty
 * state ("No data" in the active antd locale) is the e2e hook for "antd speaks the page's language".
 */
export function LanguageSwitcher({ size = 'middle', offered: sessionOffer }: { size?: 'small' | 'middle' | 'large'; offered?: readonly Language[] }) {
  const { t } = useTranslation();
  const { brand } = useBrand();
  const { language, offered: brandOffer, switcherVisible, setLanguage } = useLocale();
  // Signed in: the session's offer (userInfo.languages); before sign-in: the brand's.
  const offered = sessionOffer && sessionOffer.length ? sessionOffer : brandOffer;
  const visible = sessionOffer && sessionOffer.length ? showsLanguageSwitcher(brand, offered) : switcherVisible;
  if (!visible) return null;
  return (
    <Select<Language>
      data-testid="language-switcher"
      aria-label={t('shell.layout.language')}
      className="mg-switcher mg-switcher--language"
      size={size}
      variant="filled"
      prefix={<GlobalOutlined aria-hidden />}
      value={language}
      onChange={(lang) => void setLanguage(lang)}
      showSearch
      optionFilterProp="label"
      popupMatchSelectWidth={false}
      options={offered.map((lang) => ({ value: lang, label: LANGUAGE_NATIVE_NAMES[lang] }))}
    />
  );
}
