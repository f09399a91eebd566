import { useState, type ReactNode } from 'react';
import { Navigate, useLocation, type RouteObject } from 'react-router';
import { MENU, homePath, loginPath, type Brand } from '@mg/domain';
import { hasSession } from '../session/storage';
import { useSession } from '../session/store';
import { UserLayout } from './layouts/UserLayout';
import { PublicPage } from './pages/PublicPage';
import { NotFoundPage } from './pages/NotFoundPage';
import { LoginPage } from '../features/auth/LoginPage';
import { RegisterPage } from '../features/auth/RegisterPage';
import { RegisterResultPage } from '../features/auth/RegisterResultPage';
import { AlterationPage } from '../features/auth/AlterationPage';
import { SessionGate, loginRedirect } from './shell/SessionGate';

/** The four sign-in pages (spec §2), relative to the brand's prefix ('' for new-route brands, '/user' for legacy). */
const USER_PAGES = [
  { path: 'login', element: <LoginPage /> },
  { path: 'register', element: <RegisterPage /> },
  { path: 'register-result', element: <RegisterResultPage /> },
  { path: 'alteration', element: <AlterationPage /> },
] as const;

/** Legacy brands also serve these publicly. */
const LEGACY_PUBLIC_PAGES = [
  { path: '/common/productList', titleKey: 'page.productList' },
  { path: '/common/productSummary', titleKey: 'page.productSummary' },
] as const;

/**
 * Route groups that need a session (spec §2) plus the top-level groups of the menu catalogue. Without a session
 * these go to sign-in with `redirect`; any other unknown path goes to /404.
 */
export const PROTECTED_PREFIXES = [
  ...new Set([
    '/dashboard',
    '/document',
    '/company',
    '/shareholderAndDirector',
    '/overview',
    '/authentication',
    '/common',
    ...MENU.map((m) => `/${m.path.split('/')[1] ?? ''}`),
  ]),
];

export function userPrefix(brand: Brand): string {
  return brand.newRoute ? '' : '/user';
}

export function isProtectedPath(pathname: string): boolean {
  return PROTECTED_PREFIXES.some((p) => pathname === p || pathname.startsWith(`${p}/`));
}

/** Keeps the query (e.g. `?redirect=`) when sending a route of the other style to this brand's equivalent. */
function RedirectKeepingSearch({ to }: { to: string }) {
  const { search, hash } = useLocation();
  return <Navigate to={`${to}${search}${hash}`} replace />;
}

/**
 * Spec §4 guard. Without a token only public pages: a protected path goes to sign-in with the original address as
 * `redirect`, anything else to /404. With a token: the session gate (menu, routes, layout).
 */
function SignedInArea({ brand, reload }: { brand: Brand; reload?: () => void }) {
  const { token } = useSession();
  const { pathname, search } = useLocation();
  if (!token) return <Navigate to={isProtectedPath(pathname) ? loginRedirect(brand, pathname, search) : '/404'} replace />;
  return <SessionGate brand={brand} reload={reload} />;
}

/** A signed-in user who opens a login route goes to the brand's home (spec §2). Decided when the page opens. */
function GuestOnly({ brand, children }: { brand: Brand; children: ReactNode }) {
  const [signedIn] = useState(() => hasSession());
  return signedIn ? <Navigate to={homePath(brand)} replace /> : <>{children}</>;
}

export function buildRoutes(brand: Brand, opts: { reload?: () => void } = {}): RouteObject[] {
  const prefix = userPrefix(brand);
  const otherPrefix = brand.newRoute ? '/user' : '';
  const publicChildren: RouteObject[] = USER_PAGES.map(({ path, element }) => ({
    path: `${prefix}/${path}`,
    element: path === 'login' ? <GuestOnly brand={brand}>{element}</GuestOnly> : element,
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
    { path: '*', element: <SignedInArea brand={brand} reload={opts.reload} /> },
  ];
}
