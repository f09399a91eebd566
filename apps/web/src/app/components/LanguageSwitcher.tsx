import Select from 'antd/es/select';
import { GlobalOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { Language } from '@mg/domain';
import { useLanguageChoice } from './languageChoice';

/**
 * Language picker of the signed-in header and the public pages (antd Select; the sign-in page draws the same
 * choice with LanguagePicker). Searchable, so its empty state ("No data" in the active antd locale) is the e2e hook
 * for "antd speaks the page's language".
 */
export function LanguageSwitcher({ size = 'middle', offered }: { size?: 'small' | 'middle' | 'large'; offered?: readonly Language[] }) {
  const { t } = useTranslation();
  const choice = useLanguageChoice(offered);
  if (!choice.visible) return null;
  return (
    <Select<Language>
      data-testid="language-switcher"
      aria-label={t('shell.layout.language')}
      className="mg-switcher mg-switcher--language"
      size={size}
      variant="filled"
      prefix={<GlobalOutlined aria-hidden />}
      value={choice.language}
      onChange={choice.choose}
      showSearch
      optionFilterProp="label"
      popupMatchSelectWidth={false}
      options={choice.options}
    />
  );
}
