import { useMemo } from 'react';
import { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import type { Brand } from '@mg/domain';
import type { ActiveLocale } from '../i18n';
import { RootProviders } from './RootProviders';
import { buildRoutes } from './router';

export function App({ brand, locale }: { brand: Brand; locale: ActiveLocale }) {
  const router = useMemo(() => createBrowserRouter(buildRoutes(brand)), [brand]);
  return (
    <RootProviders brand={brand} locale={locale}>
      <RouterProvider router={router} />
    </RootProviders>
  );
}
