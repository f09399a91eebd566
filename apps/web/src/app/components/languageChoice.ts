import { LANGUAGE_NATIVE_NAMES, type Language } from '@mg/domain';
import { useBrand } from '../../brands';
import { useLocale } from '../../i18n/LocaleProvider';
import { showsLanguageSwitcher } from '../../i18n/offer';

/**
 * What a language switcher offers and does, whichever draws it (LanguageSwitcher with antd's Select, LanguagePicker
 * on the sign-in page): the offered languages in their own script, hidden for needHide brands. Signed in, the shell
 * passes the session's offer (userInfo.languages); before sign-in the brand's.
 */
export function useLanguageChoice(sessionOffer?: readonly Language[]) {
  const { brand } = useBrand();
  const { language, offered: brandOffer, switcherVisible, setLanguage } = useLocale();
  const fromSession = Boolean(sessionOffer && sessionOffer.length);
  const offered = fromSession ? (sessionOffer as readonly Language[]) : brandOffer;
  return {
    visible: fromSession ? showsLanguageSwitcher(brand, offered) : switcherVisible,
    language,
    options: offered.map((lang) => ({ value: lang, label: LANGUAGE_NATIVE_NAMES[lang] })),
    choose: (lang: Language) => void setLanguage(lang),
  };
}
