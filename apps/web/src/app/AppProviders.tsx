import type { ReactNode } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import type { Brand } from '@mg/domain';
import type { ActiveLocale } from '../i18n';
import { RootProviders } from './RootProviders';
import AntdScope from './AntdScope';

export { createQueryClient } from './AntdScope';

/**
 * Every provider at once, for rendering a screen on its own (tests). The app mounts RootProviders and lets each
 * lazily loaded page bring its AntdScope (app/router.tsx).
 */
export function AppProviders({ brand, locale, queryClient, children }: { brand: Brand; locale: ActiveLocale; queryClient?: QueryClient; children: ReactNode }) {
  return (
    <RootProviders brand={brand} locale={locale} queryClient={queryClient}>
      <AntdScope>{children}</AntdScope>
    </RootProviders>
  );
}
