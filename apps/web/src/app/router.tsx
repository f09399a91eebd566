import { lazy, Suspense, useState, type ComponentType, type ReactNode } from 'react';
import { Navigate, useLocation, type RouteObject } from 'react-router';
import { MENU_ROOTS, homePath, loginPath, type Brand } from '@mg/domain';
import { hasSession } from '../session/storage';
import { useSession } from '../session/store';
import { UserLayout } from './layouts/UserLayout';
import { LoginPage } from '../features/auth/LoginPage';
import { loginRedirect } from '../features/auth/redirect';
import { BootSpinner } from './components/BootSpinner';
import { loadScreenMessages } from '../i18n';

/**
 * A page loaded when first opened, together with antd's `<App>` and react-query (./AntdScope.tsx) and the screens'
 * part of the translations (i18n/parts.ts), fetched in parallel rather than one after the other, and rendered
 * inside them.
 */
function lazyPage<P extends object>(load: () => Promise<ComponentType<P>>) {
  return lazy(async () => {
    const [Page, { default: Scope }] = await Promise.all([load(), import('./AntdScope'), loadScreenMessages()]);
    const Scoped = (props: P) => (
      <Scope>
        <Page {...props} />
      </Scope>
    );
    return { default: Scoped };
  });
}

/**
 * Only the sign-in page is in the first bundle (issue 10: the sign-in route paints from what it shows); the other
 * public pages and the signed-in shell with every screen behind it load when first opened.
 */
const RegisterPage = lazyPage(() => import('../features/auth/RegisterPage').then((m) => m.RegisterPage));
const RegisterResultPage = lazyPage(() => import('../features/auth/RegisterResultPage').then((m) => m.RegisterResultPage));
const AlterationPage = lazyPage(() => import('../features/auth/AlterationPage').then((m) => m.AlterationPage));
const NotFoundPage = lazyPage(() => import('./pages/NotFoundPage').then((m) => m.NotFoundPage));
const SessionGate = lazyPage(() => import('./shell/SessionGate').then((m) => m.SessionGate));

/** The four sign-in pages (spec §2), relative to the brand's prefix ('' for new-route brands, '/user' for legacy). */
const USER_PAGES = [
  { path: 'login', element: <LoginPage /> },
  { path: 'register', element: <Lazy><RegisterPage /></Lazy> },
  { path: 'register-result', element: <Lazy><RegisterResultPage /></Lazy> },
  { path: 'alteration', element: <Lazy><AlterationPage /></Lazy> },
] as const;

/** Legacy brands also serve these publicly (signed out: the public product screens; signed in: the menu screens). */
const LEGACY_PUBLIC_PAGES = [
  { path: '/common/productList', kind: 'list' },
  { path: '/common/productSummary', kind: 'summary' },
] as const;

/** Public pages outside the sign-in layout, loaded when opened. */
const ChainExplorer = lazyPage(() => import('../features/crypto/ChainExplorer').then((m) => m.default));
const PublicProducts = lazyPage(() => import('../features/products/PublicProducts').then((m) => m.default));
const CashierPage = lazyPage(() => import('../features/cashier/CashierPage').then((m) => m.default));

/** The spinner while a lazy page loads (plain CSS: no antd before the page itself). */
function Lazy({ children }: { children: ReactNode }) {
  return <Suspense fallback={<BootSpinner />}>{children}</Suspense>;
}

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
    ...MENU_ROOTS,
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
  // Legacy brands' public product pages: the public screen without a session, the menu screen (shell) with one.
  // Decided here, inside the catch-all route, because the shell's tabs need the catch-all's base path.
  const legacyPublic = !token && !brand.newRoute ? LEGACY_PUBLIC_PAGES.find((p) => p.path === pathname) : undefined;
  if (legacyPublic)
    return (
      <Lazy>
        <PublicProducts kind={legacyPublic.kind} />
      </Lazy>
    );
  if (!token) return <Navigate to={isProtectedPath(pathname) ? loginRedirect(brand, pathname, search) : '/404'} replace />;
  return (
    <Lazy>
      <SessionGate brand={brand} reload={reload} />
    </Lazy>
  );
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

  return [
    // Keeps the query: the e-mailed export link is `/?exportToken=…`.
    { path: '/', element: <RedirectKeepingSearch to={homePath(brand)} /> },
    { path: '/home', element: <Navigate to="/dashboard/home" replace /> },
    { path: '/document', element: <Navigate to="/document/document" replace /> },
    { path: '/user', element: <Navigate to={loginPath(brand)} replace /> },
    { element: <UserLayout />, children: publicChildren },
    // The payer's cashier (collections and payment links): public for every brand, with or without a session.
    { path: '/pay/:token', element: <Lazy><CashierPage /></Lazy> },
    // The sandbox chain's explorer: public, as a chain explorer is.
    { path: '/explorer/:network/tx/:hash', element: <Lazy><ChainExplorer /></Lazy> },
    ...USER_PAGES.map(({ path }) => ({ path: `${otherPrefix}/${path}`, element: <RedirectKeepingSearch to={`${prefix}/${path}`} /> })),
    ...(brand.newRoute ? [] : [{ path: '/common', element: <Navigate to="/common/productList" replace /> }]),
    { path: '/404', element: <Lazy><NotFoundPage /></Lazy> },
    { path: '*', element: <SignedInArea brand={brand} reload={opts.reload} /> },
  ];
}
