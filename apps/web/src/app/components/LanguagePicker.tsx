import { GlobalOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Picker } from '../../components/Picker';
import { useLanguageChoice } from './languageChoice';

/** The sign-in layout's language switcher: LanguageSwitcher's choice on the light Picker (issue 10). */
export function LanguagePicker() {
  const { t } = useTranslation();
  const choice = useLanguageChoice();
  if (!choice.visible) return null;
  return (
    <Picker
      data-testid="language-switcher"
      aria-label={t('shell.layout.language')}
      className="mg-switcher mg-switcher--language"
      prefix={<GlobalOutlined aria-hidden />}
      value={choice.language}
      options={choice.options}
      onChange={choice.choose}
    />
  );
}
