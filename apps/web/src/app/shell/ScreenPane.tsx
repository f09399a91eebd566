import { Component, createContext, Suspense, useContext, type ComponentType, type ReactNode } from 'react';
import { Result, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { SCREENS } from '../../features/registry';
import type { ShellRoute } from './routes';

export type ScreenRegistry = Readonly<Record<string, ComponentType>>;

/** The registry of screens by component key; tests provide their own. */
export const ScreensContext = createContext<ScreenRegistry>(SCREENS);

export function useScreens(): ScreenRegistry {
  return useContext(ScreensContext);
}

/** A registry entry by key: own properties only (a key like "constructor" finds nothing). */
export function lookupScreen(registry: ScreenRegistry, key: string): ComponentType | undefined {
  return key && Object.prototype.hasOwnProperty.call(registry, key) ? registry[key] : undefined;
}

function Unavailable({ testId = 'screen-unavailable' }: { testId?: string }) {
  const { t } = useTranslation();
  return (
    <div data-testid={testId}>
      <Result status="warning" title={t('shell.screenUnavailable')} subTitle={t('shell.screenUnavailableHint')} />
    </div>
  );
}

class ScreenBoundary extends Component<{ children: ReactNode; fallback: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

/**
 * One tab's content: the registry screen of its route (lazy, with a spinner), an iframe for iframe items (the token
 * never goes into the address), or the friendly "screen not available" result for an unknown key.
 */
export function ScreenPane({ route }: { route: ShellRoute }) {
  const registry = useScreens();
  if (route.kind === 'iframe' && route.url) {
    return <iframe className="mg-iframe" src={route.url} title={route.title || route.name} referrerPolicy="no-referrer" data-testid="screen-iframe" />;
  }
  const Screen = lookupScreen(registry, route.component);
  if (!Screen) return <Unavailable />;
  return (
    <ScreenBoundary fallback={<Unavailable testId="screen-failed" />}>
      <Suspense
        fallback={
          <div className="mg-pane-loading">
            <Spin size="large" />
          </div>
        }
      >
        <Screen />
      </Suspense>
    </ScreenBoundary>
  );
}
