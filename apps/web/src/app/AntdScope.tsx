import { useContext, useEffect, type ReactNode } from 'react';
import { App as AntdApp } from 'antd';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createAntdNotifier, currentApiNotifier, setApiNotifier } from '../api';
import { QueryClientSeed } from './RootProviders';

export function createQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } } });
}

/** One cache for every page of the app (the scopes of successive pages share it). */
let appClient: QueryClient | undefined;

/** Routes the API client's notices through antd `<App>` (themed, localized) instead of the static fallback. */
function ApiNotifierBridge() {
  const { message, modal } = AntdApp.useApp();
  useEffect(() => {
    const mine = createAntdNotifier(message, modal);
    setApiNotifier(mine);
    return () => {
      if (currentApiNotifier() === mine) setApiNotifier(undefined);
    };
  }, [message, modal]);
  return null;
}

/**
 * antd `<App>` (context-aware message, modal, notification) and react-query, for the pages that use them: loaded
 * with those pages (app/router.tsx), so the sign-in page paints without them.
 */
export default function AntdScope({ children }: { children: ReactNode }) {
  const seeded = useContext(QueryClientSeed);
  const client = seeded ?? (appClient ??= createQueryClient());
  return (
    <AntdApp>
      <ApiNotifierBridge />
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    </AntdApp>
  );
}
