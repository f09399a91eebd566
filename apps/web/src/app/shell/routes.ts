/**
 * Routes built from the permission menu (spec §2 "server-driven menu routes", §4). Pure: the layout and the tests
 * call these. A menu item's `component` is a key of the screen registry; nothing from the server is evaluated or
 * imported.
 */
import { matchPath } from 'react-router';
import { homePath, type Brand, type Language } from '@mg/domain';
import type { MenuItem } from '../../api/identity';

/** The registry key of the home screen; its menu item is served at the brand's home path. */
export const HOME_COMPONENT = 'dashboard/Home';

export type RouteKind = 'screen' | 'iframe' | 'external' | 'redirect';

export interface TitleSource {
  title: string;
  titles?: Partial<Record<Language, string>>;
}

export interface ShellRoute extends TitleSource {
  path: string;
  name: string;
  kind: RouteKind;
  /** Registry key (kind 'screen'). */
  component: string;
  icon?: string;
  /** iframe / external address (validated). */
  url?: string;
  /** Where a group or alias goes (kind 'redirect'). */
  redirect?: string;
  keepAlive: boolean;
  /** Ancestors in the menu, outermost first (breadcrumb). */
  trail: (TitleSource & { path: string })[];
}

/** Title in a language: meta.titles[language], else meta.title. */
export function titleIn(source: TitleSource | undefined, language: Language): string {
  if (!source) return '';
  return source.titles?.[language] || source.title;
}

/**
 * A meta url is kept only when it is a valid http(s) address or a path of this site (spec §2 "the url is kept only
 * if valid"). Placeholders are not evaluated: a url with `{{` is dropped.
 */
export function safeUrl(url: string | undefined | null): string | undefined {
  if (!url) return undefined;
  const u = url.trim();
  if (!u || u.includes('{{')) return undefined;
  if (u.startsWith('/') && !u.startsWith('//')) return u;
  try {
    const parsed = new URL(u);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.toString() : undefined;
  } catch {
    return undefined;
  }
}

function kindOf(item: MenuItem): { kind: RouteKind; url?: string } {
  const url = safeUrl(item.meta?.url);
  if (url && item.meta?.internalOrExternal) return { kind: 'external', url };
  if (url) return { kind: 'iframe', url };
  if (!item.component) return { kind: 'redirect' };
  return { kind: 'screen' };
}

/**
 * Flattens the menu into routes: items whose route flag is '0' are left out (with their subtrees); groups become
 * redirects to their `redirect` or first routable child. The home item is served at the brand's home path (the
 * legacy brands' /dashboard/analysis included), and a home route exists even when the menu has no home item.
 */
export function buildShellRoutes(menu: readonly MenuItem[], brand: Brand): ShellRoute[] {
  const out: ShellRoute[] = [];
  const home = homePath(brand);
  let homeItem: MenuItem | undefined;

  const walk = (items: readonly MenuItem[], trail: ShellRoute['trail']) => {
    for (const item of items) {
      if (!item || item.route === '0' || typeof item.path !== 'string' || !item.path.startsWith('/')) continue;
      const { kind, url } = kindOf(item);
      const source: TitleSource = { title: item.meta?.title ?? item.name, titles: item.meta?.titles };
      if (kind === 'screen' && item.component === HOME_COMPONENT) {
        homeItem ??= item;
        if (item.path !== home) out.push({ ...source, path: item.path, name: item.name, kind: 'redirect', component: '', redirect: home, keepAlive: false, trail: [] });
        continue;
      }
      const children = (item.children ?? []).filter((c) => c && c.route !== '0');
      const redirect = kind === 'redirect' ? (item.redirect ?? children[0]?.path) : undefined;
      out.push({
        ...source,
        path: item.path,
        name: item.name,
        kind,
        component: kind === 'screen' ? item.component : '',
        icon: item.meta?.icon,
        url,
        redirect,
        keepAlive: item.meta?.keepAlive ?? true,
        trail,
      });
      if (item.children?.length) walk(item.children, [...trail, { ...source, path: item.path }]);
    }
  };
  walk(menu, []);

  out.unshift({
    title: homeItem?.meta?.title ?? '',
    titles: homeItem?.meta?.titles,
    path: home,
    name: homeItem?.name ?? 'home',
    kind: 'screen',
    component: HOME_COMPONENT,
    icon: homeItem?.meta?.icon ?? 'HomeOutlined',
    keepAlive: true,
    trail: [],
  });
  return out;
}

/** The route of a pathname (exact match; `:params` in menu paths work too). */
export function matchShellRoute(routes: readonly ShellRoute[], pathname: string): ShellRoute | undefined {
  const clean = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return routes.find((r) => r.path === clean) ?? routes.find((r) => r.path.includes(':') && matchPath({ path: r.path, end: true }, clean));
}

export interface MenuNode {
  key: string;
  path: string;
  source: TitleSource;
  icon?: string;
  /** Opens in a new window (external items). */
  externalUrl?: string;
  children?: MenuNode[];
}

/** The visible menu tree: hidden items and route '0' items (unless they are external links) are left out. */
export function buildMenuTree(menu: readonly MenuItem[], brand: Brand): MenuNode[] {
  const home = homePath(brand);
  const convert = (items: readonly MenuItem[]): MenuNode[] =>
    items.flatMap((item): MenuNode[] => {
      if (!item || item.hidden) return [];
      const { kind, url } = kindOf(item);
      if (item.route === '0' && kind !== 'external') return [];
      const path = item.component === HOME_COMPONENT ? home : item.path;
      const children = item.children?.length ? convert(item.children) : undefined;
      if (kind === 'redirect' && !children?.length && !item.alwaysShow) return [];
      return [
        {
          key: path,
          path,
          source: { title: item.meta?.title ?? item.name, titles: item.meta?.titles },
          icon: item.meta?.icon,
          externalUrl: kind === 'external' ? url : undefined,
          children: children?.length ? children : undefined,
        },
      ];
    });
  return convert(menu);
}
