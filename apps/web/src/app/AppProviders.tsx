import { useEffect, useMemo, type ReactNode } from 'react';
import { App as AntdApp, ConfigProvider, theme as antdTheme } from 'antd';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { Brand } from '@mg/domain';
import { BrandProvider, useBrand } from '../brands';
import { LocaleProvider, useLocale } from '../i18n/LocaleProvider';
import type { ActiveLocale } from '../i18n';
import { createAntdNotifier, setApiNotifier } from '../api';

const FONT_FAMILY =
  "Inter, -apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', 'Noto Sans Thai', 'PingFang SC', 'Microsoft YaHei', sans-serif";

/** Routes the API client's notices through antd `<App>` (themed, localized) instead of the static fallback. */
function ApiNotifierBridge() {
  const { message, modal } = AntdApp.useApp();
  useEffect(() => setApiNotifier(createAntdNotifier(message, modal)), [message, modal]);
  return null;
}

function ThemedAntd({ children }: { children: ReactNode }) {
  const { brand } = useBrand();
  const { antdLocale } = useLocale();
  const themeConfig = useMemo(
    () => ({
      algorithm: antdTheme.defaultAlgorithm,
      token: { colorPrimary: brand.primaryColor, colorLink: brand.primaryColor, borderRadius: 8, fontFamily: FONT_FAMILY },
      components: { Button: { controlHeightLG: 44 }, Input: { controlHeightLG: 44 }, Select: { controlHeightLG: 44 } },
    }),
    [brand.primaryColor],
  );
  return (
    <ConfigProvider locale={antdLocale} theme={themeConfig}>
      <AntdApp>
        <ApiNotifierBridge />
        {children}
      </AntdApp>
    </ConfigProvider>
  );
}

export function createQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } } });
}

/** Brand -> locale -> antd (theme + locale) -> react-query. pro-components read their locale from antd's ConfigProvider. */
export function AppProviders({ brand, locale, queryClient, children }: { brand: Brand; locale: ActiveLocale; queryClient?: QueryClient; children: ReactNode }) {
  const client = useMemo(() => queryClient ?? createQueryClient(), [queryClient]);
  return (
    <BrandProvider brand={brand}>
      <LocaleProvider initial={locale}>
        <ThemedAntd>
          <QueryClientProvider client={client}>{children}</QueryClientProvider>
        </ThemedAntd>
      </LocaleProvider>
    </BrandProvider>
  );
}
