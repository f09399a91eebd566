import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import type { Language } from '@mg/domain';
import type { Locale as AntdLocale } from 'antd/es/locale';
import { useBrand } from '../brands';
import { setStoredLanguage } from '../session/storage';
import { activateLanguage, type ActiveLocale } from './index';
import { languagesBeforeSignIn, showsLanguageSwitcher } from './offer';

export interface LocaleContextValue {
  language: Language;
  antdLocale: AntdLocale;
  /** Languages the switcher offers. */
  offered: Language[];
  switcherVisible: boolean;
  /** Loads the language lazily, switches i18next, antd, dayjs and `<html lang>`, stores the choice. */
  setLanguage: (lang: Language) => Promise<void>;
}

const LocaleContext = createContext<LocaleContextValue | null>(null);

/** `initial` is the locale activated before the first render (main.tsx), so the first paint is translated. */
export function LocaleProvider({ initial, children }: { initial: ActiveLocale; children: ReactNode }) {
  const { brand } = useBrand();
  const [active, setActive] = useState<ActiveLocale>(initial);
  const offered = useMemo(() => languagesBeforeSignIn(brand), [brand]);

  const setLanguage = useCallback(
    async (lang: Language) => {
      const next = await activateLanguage(lang);
      setStoredLanguage(brand, lang);
      setActive(next);
    },
    [brand],
  );

  const value = useMemo<LocaleContextValue>(
    () => ({
      language: active.language,
      antdLocale: active.antdLocale,
      offered,
      switcherVisible: showsLanguageSwitcher(brand, offered),
      setLanguage,
    }),
    [active, offered, brand, setLanguage],
  );
  return <LocaleContext.Provider value={value}>{children}</LocaleContext.Provider>;
}

export function useLocale(): LocaleContextValue {
  const value = useContext(LocaleContext);
  if (!value) throw new Error('useLocale() outside <LocaleProvider>');
  return value;
}
