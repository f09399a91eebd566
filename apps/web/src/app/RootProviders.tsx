import { createContext, useMemo, type ReactNode } from 'react';
import ConfigProvider from 'antd/es/config-provider';
import type { QueryClient } from '@tanstack/react-query';
import type { Brand } from '@mg/domain';
import { BrandProvider, useBrand } from '../brands';
import { LocaleProvider, useLocale } from '../i18n/LocaleProvider';
import type { ActiveLocale } from '../i18n';
import { antdThemeOf } from './antdTheme';

/** The query client a test gives the app; the app itself makes one when the first page that queries opens. */
export const QueryClientSeed = createContext<QueryClient | undefined>(undefined);

function ThemedAntd({ children }: { children: ReactNode }) {
  const { brand } = useBrand();
  const { antdLocale } = useLocale();
  const themeConfig = useMemo(() => antdThemeOf(brand), [brand]);
  return (
    <ConfigProvider locale={antdLocale} theme={themeConfig}>
      {children}
    </ConfigProvider>
  );
}

/**
 * What every page needs, the sign-in page included: brand -> locale -> antd theme and locale. antd's `<App>`
 * (message, modal) and react-query come with the pages that use them (./AntdScope.tsx, loaded with those pages), so
 * the sign-in page loads neither (issue 10).
 */
export function RootProviders({ brand, locale, queryClient, children }: { brand: Brand; locale: ActiveLocale; queryClient?: QueryClient; children: ReactNode }) {
  return (
    <BrandProvider brand={brand}>
      <LocaleProvider initial={locale}>
        <ThemedAntd>
          <QueryClientSeed.Provider value={queryClient}>{children}</QueryClientSeed.Provider>
        </ThemedAntd>
      </LocaleProvider>
    </BrandProvider>
  );
}
