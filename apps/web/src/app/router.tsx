import type { ReactNode } from 'react';
import { Navigate, useLocation, type RouteObject } from 'react-router';
import { homePath, loginPath, type Brand } from '@mg/domain';
import { hasSession } from '../session/storage';
import { UserLayout } from './layouts/UserLayout';
import { LoginPage } from './pages/LoginPage';
import { PublicPage } from './pages/PublicPage';
import { NotFoundPage } from './pages/NotFoundPage';
import { SignedInPage } from './pages/SignedInPage';

/** The four sign-in pages (spec §2), relative to the brand's prefix ('' for new-route brands, '/user' for legacy). */
const USER_PAGES = [
  { path: 'login', titleKey: 'page.login' },
  { path: 'register', titleKey: 'page.register' },
  { path: 'register-result', titleKey: 'page.registerResult' },
  { path: 'alteration', titleKey: 'page.alteration' },
] as const;

/** Legacy brands also serve these publicly. */
const LEGACY_PUBLIC_PAGES = [
  { path: '/common/productList', titleKey: 'page.productList' },
  { path: '/common/productSummary', titleKey: 'page.productSummary' },
] as const;

/**
 * Static route groups that need a session (spec §2). Server-driven menu routes join them after sign-in (next
 * issue); anything else is unknown and goes to /404.
 */
export const PROTECTED_PREFIXES = ['/dashboard', '/document', '/company', '/shareholderAndDirector', '/overview', '/authentication', '/common'] as const;

export function userPrefix(brand: Brand): string {
  return brand.newRoute ? '' : '/user';
}

/** Keeps the query (e.g. `?redirect=`) when sending a route of the other style to this brand's equivalent. */
function RedirectKeepingSearch({ to }: { to: string }) {
  const { search, hash } = useLocation();
  return <Navigate to={`${to}${search}${hash}`} replace />;
}

/** Minimal guard (the full one, with the permission menu, comes with sign-in): no token -> login?redirect=. */
export function RequireSession({ brand, children }: { brand: Brand; children: ReactNode }) {
  const location = useLocation();
  if (!hasSession()) {
    const redirect = encodeURIComponent(`${location.pathname}${location.search}`);
    return <Navigate to={`${loginPath(brand)}?redirect=${redirect}`} replace />;
  }
  return <>{children}</>;
}

/** A signed-in user who opens a login route goes to the brand's home (spec §2). */
function GuestOnly({ brand, children }: { brand: Brand; children: ReactNode }) {
  return hasSession() ? <Navigate to={homePath(brand)} replace /> : <>{children}</>;
}

export function buildRoutes(brand: Brand): RouteObject[] {
  const prefix = userPrefix(brand);
  const otherPrefix = brand.newRoute ? '/user' : '';
  const publicChildren: RouteObject[] = USER_PAGES.map(({ path, titleKey }) => ({
    path: `${prefix}/${path}`,
    element:
      path === 'login' ? (
        <GuestOnly brand={brand}>
          <LoginPage />
        </GuestOnly>
      ) : (
        <PublicPage titleKey={titleKey} />
      ),
  }));
  if (!brand.newRoute) {
    for (const { path, titleKey } of LEGACY_PUBLIC_PAGES) publicChildren.push({ path, element: <PublicPage titleKey={titleKey} /> });
  }

  return [
    { path: '/', element: <Navigate to={homePath(brand)} replace /> },
    { path: '/home', element: <Navigate to="/dashboard/home" replace /> },
    { path: '/document', element: <Navigate to="/document/document" replace /> },
    { path: '/user', element: <Navigate to={loginPath(brand)} replace /> },
    { element: <UserLayout />, children: publicChildren },
    ...USER_PAGES.map(({ path }) => ({ path: `${otherPrefix}/${path}`, element: <RedirectKeepingSearch to={`${prefix}/${path}`} /> })),
    ...(brand.newRoute ? [] : [{ path: '/common', element: <Navigate to="/common/productList" replace /> }]),
    { path: '/404', element: <NotFoundPage /> },
    ...PROTECTED_PREFIXES.map((p) => ({
      path: `${p}/*`,
      element: (
        <RequireSession brand={brand}>
          <SignedInPage />
        </RequireSession>
      ),
    })),
    { path: '*', element: <Navigate to="/404" replace /> },
  ];
}
