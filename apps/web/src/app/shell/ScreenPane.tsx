import { Component, createContext, memo, Suspense, useContext, type ComponentType, type ReactNode } from 'react';
import { Route, Routes, type Location } from 'react-router';
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
 * never goes into the address), or the friendly "screen not available" result for an unknown key. The screen itself
 * does not render again when only the tab's address changes (a list writing its filters to the address): what reads
 * the address reads it itself.
 */
export const ScreenPane = memo(function ScreenPane({ route }: { route: ShellRoute }) {
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
});

export type PaneLocation = Pick<Location, 'pathname' | 'search' | 'hash'>;

/** The part of an address a tab keeps (a router location carries state and a key besides). */
export const paneLocationOf = ({ pathname, search, hash }: PaneLocation): PaneLocation => ({ pathname, search, hash });

export const sameLocation = (a: PaneLocation, b: PaneLocation) => a.pathname === b.pathname && a.search === b.search && a.hash === b.hash;

/**
 * A tab's screen at the tab's own address. It renders again only when that address, its route or its version
 * changes: the shell renders for other reasons (the realtime state, the tab strip, another tab's address), and each
 * time the list under it was rendered again with it, four times before its first rows (issue 10).
 */
export const TabContent = memo(
  function TabContent({ location, route, version }: { location: PaneLocation; route: ShellRoute; version: number }) {
    return (
      <Routes location={location}>
        <Route path="*" element={<ScreenPane key={version} route={route} />} />
      </Routes>
    );
  },
  (a, b) => a.route === b.route && a.version === b.version && sameLocation(a.location, b.location),
);
