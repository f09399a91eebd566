import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { App, Breadcrumb, Button, Drawer, Layout, Menu, Result, Tooltip } from 'antd';
import { ExportOutlined, MenuFoldOutlined, MenuOutlined, MenuUnfoldOutlined, SettingOutlined } from '@ant-design/icons';
import { Link, Navigate, useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LAYOUT, LIST_CURRENCY_FIELD, homePath, isLanguage, type Language } from '@mg/domain';
import { BrandLogo, useBrand, brandStyle } from '../../brands';
import { useLocale } from '../../i18n/LocaleProvider';
import { useSession } from '../../session/store';
import { SESSION_KEYS, readSessionJson, writeSessionJson } from '../../session/storage';
import { useSessionCurrency } from '../../components/format';
import { useMediaQuery } from '../../components/useMediaQuery';
import { LanguageSwitcher } from '../components/LanguageSwitcher';
import { Footer } from '../layouts/Footer';
import { MenuIcon } from './icons';
import { buildMenuTree, buildShellRoutes, matchShellRoute, titleIn, type MenuNode } from './routes';
import {
  closeLeft,
  closeOthers,
  closeRight,
  closeTab,
  isReopen,
  openTab,
  refreshTab,
  restoreTabs,
  storedTabsOf,
  tabsOwner,
  withSessionCurrency,
  type StoredTabs,
  type Tab,
  type TabResult,
} from './tabs';
import { TabStrip, type TabCommand } from './TabStrip';
import { ANNOUNCEMENT_BELL } from '../../features/registry';
import { TabContent, lookupScreen, paneLocationOf, sameLocation, useScreens, type PaneLocation } from './ScreenPane';
import { SessionCountrySwitcher } from './SessionCountrySwitcher';
import { SettingsDrawer } from './SettingsDrawer';
import { WelcomeMenu } from './WelcomeMenu';
import { useLayoutSettings } from './settings';
import { useExportLink } from '../../components/export/useExportLink';
import { useSessionLiveness } from '../../session/useSessionLiveness';
import { useRealtime } from './useRealtime';
import { RealtimeIndicator } from './RealtimeIndicator';
import { GlobalSearch } from './GlobalSearch';

const { Header, Sider, Content } = Layout;

function menuItems(nodes: readonly MenuNode[], language: Language): NonNullable<Parameters<typeof Menu>[0]['items']> {
  return nodes.map((n) => {
    const text = titleIn(n.source, language);
    return {
      key: n.key,
      icon: <MenuIcon name={n.icon} />,
      // A label longer than the menu's width wraps (styles.css .mg-menu); the title gives it whole on hover in the
      // collapsed sider's popups too. Not a <span>: antd takes a span label of a submenu as its own title node and
      // drops the title-content class the wrapping rules select.
      label: (
        <bdi className="mg-menu__label" title={text}>
          {text}
          {n.externalUrl && (
            <>
              {' '}
              <ExportOutlined aria-hidden />
            </>
          )}
        </bdi>
      ),
      children: n.children ? menuItems(n.children, language) : undefined,
    };
  });
}

function findNode(nodes: readonly MenuNode[], key: string): MenuNode | undefined {
  for (const n of nodes) {
    if (n.key === key) return n;
    const inner = n.children ? findNode(n.children, key) : undefined;
    if (inner) return inner;
  }
  return undefined;
}

/** The announcement bell of the system screens, when the registry has it. */
function BellSlot() {
  const registry = useScreens();
  const Bell = lookupScreen(registry, ANNOUNCEMENT_BELL);
  return Bell ? <Bell /> : null;
}

/**
 * The signed-in layout of spec §2: header (switchers, bell, welcome menu, settings), side or top menu, multi-tab
 * strip with keep-alive panes, breadcrumb, footer. Every open tab stays mounted (inactive ones hidden), so its
 * state and scroll position survive a switch.
 */
export function MainLayout({ reload }: { reload?: () => void }) {
  const { t } = useTranslation();
  const { brand } = useBrand();
  const { language } = useLocale();
  const { message } = App.useApp();
  const { menu, userInfo } = useSession();
  const location = useLocation();
  const navigate = useNavigate();
  useExportLink();
  useSessionLiveness();
  const realtime = useRealtime();
  const [settings] = useLayoutSettings();
  const wide = useMediaQuery(`(min-width: ${LAYOUT.headerBreakpoint}px)`);
  const [collapsed, setCollapsed] = useState(false);
  // Below the header breakpoint (phones) the menu lives in a drawer: a sider, even collapsed, takes a fifth of the screen.
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [settingsOpen, setSettingsOpen] = useState(false);
  const [headerHidden, setHeaderHidden] = useState(false);

  const home = homePath(brand);
  const routes = useMemo(() => buildShellRoutes(menu ?? [], brand), [menu, brand]);
  const tree = useMemo(() => buildMenuTree(menu ?? [], brand), [menu, brand]);
  const route = matchShellRoute(routes, location.pathname);
  const inTab = route && (route.kind === 'screen' || route.kind === 'iframe');
  const activePath = inTab ? route.path : home;

  const currency = useSessionCurrency();
  const owner = userInfo ? tabsOwner(brand.value, userInfo) : '';
  // The strip survives a reload (spec §2 multi-tab: a reload is not "close every tab"): kept in sessionStorage, so
  // it lasts as long as the browser tab and each browser tab keeps its own strip (localStorage would be shared by
  // every window of the dashboard, each overwriting the others', and outlive the browser session); the menu it is
  // built from lives there too (spec §3). Keyed by its user, and filtered by the current menu: only tabs the user
  // may still open come back, each at its kept address in the session currency.
  const [restored] = useState(() =>
    restoreTabs(readSessionJson<StoredTabs>(SESSION_KEYS.openTabs), {
      owner,
      home,
      // Seeded with the address the page loaded with, so the effect below finds it remembered and the shell renders once.
      current: inTab ? { path: route.path, ...paneLocationOf(location) } : undefined,
      opens: (path) => routes.some((r) => r.path === path && (r.kind === 'screen' || r.kind === 'iframe')),
      currency,
      currencyField: LIST_CURRENCY_FIELD,
    }),
  );
  const [tabs, setTabs] = useState<Tab[]>(restored.tabs);
  const [paneLocations, setPaneLocations] = useState<Record<string, PaneLocation>>(restored.addresses);
  useEffect(() => {
    if (owner) writeSessionJson(SESSION_KEYS.openTabs, storedTabsOf(owner, tabs, paneLocations));
  }, [owner, tabs, paneLocations]);
  // A tab's screen is rendered from the first time it is shown, then kept alive while hidden. The home tab is always
  // there: rendering it unseen when the tab opened on a list made the list wait for the home's statistics (issue 10).
  const [shown, setShown] = useState<ReadonlySet<string>>(() => new Set([activePath]));
  useEffect(() => setShown((prev) => (prev.has(activePath) ? prev : new Set(prev).add(activePath))), [activePath]);

  // Open the tab of the current address; remember its address (search and hash) for its pane. An address that must
  // show afresh (a search hit) remounts its tab's screen when the tab was open already; once per navigation, not
  // again for the page reloaded on it (the history keeps its state).
  const reopened = useRef(location.key);
  useEffect(() => {
    if (!inTab) return;
    const reopen = isReopen(location.state) && reopened.current !== location.key;
    reopened.current = location.key;
    setTabs((prev) => {
      const next = openTab(prev, route.path, home);
      return reopen && prev.some((t) => t.path === route.path) ? refreshTab(next, route.path) : next;
    });
    setPaneLocations((prev) => {
      const cur = prev[route.path];
      if (cur && sameLocation(cur, location)) return prev;
      return { ...prev, [route.path]: paneLocationOf(location) };
    });
  }, [inTab, route?.path, home, location]);

  // The session currency changed under an open shell (a country switch in another window of the dashboard): every
  // tab shows it, as after a reload: its kept address in that currency, its screen remounted.
  const followed = useRef(currency);
  const here = useRef(location);
  here.current = location;
  useEffect(() => {
    if (followed.current === currency) return;
    followed.current = currency;
    setPaneLocations((prev) => Object.fromEntries(Object.entries(prev).map(([p, l]) => [p, withSessionCurrency(l, currency, LIST_CURRENCY_FIELD)])));
    setTabs((prev) => prev.map((t) => ({ ...t, version: t.version + 1 })));
    const at = paneLocationOf(here.current);
    const fixed = withSessionCurrency(at, currency, LIST_CURRENCY_FIELD);
    if (fixed !== at) navigate(`${fixed.pathname}${fixed.search}${fixed.hash}`, { replace: true });
  }, [currency, navigate]);

  // External item opened by address: open it in a new window, stay on the previous tab.
  useEffect(() => {
    if (route?.kind === 'external' && route.url) window.open(route.url, '_blank', 'noopener,noreferrer');
  }, [route?.kind, route?.url]);

  // Scroll position per tab (the window scrolls): saved while scrolling, restored on switch.
  const scrolls = useRef<Record<string, number>>({});
  const activeRef = useRef(activePath);
  useEffect(() => {
    const onScroll = () => {
      scrolls.current[activeRef.current] = window.scrollY;
      setHeaderHidden(window.scrollY > LAYOUT.headerAutoHideScroll);
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);
  useLayoutEffect(() => {
    if (activeRef.current === activePath) return;
    activeRef.current = activePath;
    window.scrollTo?.(0, scrolls.current[activePath] ?? 0);
  }, [activePath]);

  const routeOf = useCallback((path: string) => matchShellRoute(routes, path), [routes]);
  const titleOf = useCallback(
    (path: string) => {
      const r = routeOf(path);
      if (path === home) return titleIn(r, language) || t('shell.home');
      return titleIn(r, language) || path;
    },
    [routeOf, home, language, t],
  );

  // Window title: `Page - Brand title` of the active tab, in the current language.
  const activeTitle = titleOf(activePath);
  useEffect(() => {
    document.title = activeTitle ? `${activeTitle} - ${brand.title}` : brand.title;
  }, [activeTitle, brand.title]);

  const go = (path: string) => {
    const loc = paneLocations[path];
    navigate(loc ? `${loc.pathname}${loc.search}${loc.hash}` : path);
  };

  const apply = (result: TabResult) => {
    if (result.refused === 'homeNotClosable') message.info(t('shell.tabs.homeNotClosable'));
    if (result.refused === 'lastTab') message.warning(t('shell.tabs.lastTab'));
    if (result.refused) return;
    setTabs(result.tabs);
    setPaneLocations((prev) => Object.fromEntries(Object.entries(prev).filter(([p]) => result.tabs.some((tab) => tab.path === p))));
    for (const p of Object.keys(scrolls.current)) if (!result.tabs.some((tab) => tab.path === p)) delete scrolls.current[p];
    if (result.navigateTo) go(result.navigateTo);
  };

  const command = (cmd: TabCommand, path: string) => {
    if (cmd === 'refresh') setTabs((prev) => refreshTab(prev, path));
    else if (cmd === 'closeLeft') apply(closeLeft(tabs, path, home, activePath));
    else if (cmd === 'closeRight') apply(closeRight(tabs, path, home, activePath));
    else apply(closeOthers(tabs, path, home, activePath));
  };

  const onMenuClick = (key: string) => {
    setDrawerOpen(false);
    const node = findNode(tree, key);
    if (node?.externalUrl) {
      window.open(node.externalUrl, '_blank', 'noopener,noreferrer');
      return;
    }
    go(key);
  };

  const offered = (userInfo?.languages ?? []).filter(isLanguage) as Language[];
  const topMenu = settings.layout === 'topmenu' && wide;
  const siderCollapsed = collapsed;
  const selectedKeys = route ? [route.kind === 'redirect' ? (route.redirect ?? route.path) : route.path] : [];
  const openKeys = route?.trail.map((x) => x.path) ?? [];
  const items = menuItems(tree, language);

  if (!route) return <Navigate to="/404" replace />;
  if (route.kind === 'redirect') return <Navigate to={route.redirect || home} replace />;

  const breadcrumb = [
    { key: 'home', title: activePath === home ? titleOf(home) : <Link to={home}>{titleOf(home)}</Link> },
    ...(activePath === home
      ? []
      : [...(inTab ? route.trail : []).map((x) => ({ key: x.path, title: titleIn(x, language) })), { key: activePath, title: titleOf(activePath) }]),
  ];

  // The same inline menu in the sider (wide screens) and in the phone drawer.
  const sideMenu = (
    <Menu
      mode="inline"
      items={items}
      selectedKeys={selectedKeys}
      defaultOpenKeys={openKeys}
      onClick={({ key }) => onMenuClick(key)}
      data-testid="side-menu"
      className="mg-menu"
      // 16 px a level instead of antd's 24: a second level keeps room for a word like "Departamentos" whole.
      inlineIndent={16}
    />
  );
  const hideHeader = settings.autoHideHeader && headerHidden;
  const style = brandStyle(brand);

  return (
    <Layout className={`mg-shell mg-shell--${settings.layout} ${wide ? 'mg-shell--wide' : 'mg-shell--narrow'}`} style={style} data-layout={settings.layout}>
      {!topMenu && wide && (
        <Sider
          className="mg-sider"
          width={LAYOUT.siderWidth}
          collapsedWidth={LAYOUT.siderCollapsedWidth}
          collapsed={siderCollapsed}
          theme="light"
          trigger={null}
          data-testid="side-menu-sider"
          data-collapsed={siderCollapsed ? 'true' : 'false'}
        >
          <div className="mg-sider__logo">
            <BrandLogo height={siderCollapsed ? 24 : 30} />
          </div>
          {sideMenu}
        </Sider>
      )}
      <Layout className="mg-shell__main">
        <Header className={`mg-header ${hideHeader ? 'mg-header--hidden' : ''} ${wide ? '' : 'mg-header--narrow'}`} data-testid="header" data-hidden={hideHeader ? 'true' : 'false'}>
          <div className="mg-header__left">
            {topMenu ? (
              <>
                <div className="mg-header__logo">
                  <BrandLogo height={26} />
                </div>
                <Menu
                  mode="horizontal"
                  items={items}
                  selectedKeys={selectedKeys}
                  onClick={({ key }) => onMenuClick(key)}
                  data-testid="side-menu"
                  className="mg-menu mg-menu--top"
                />
              </>
            ) : wide ? (
              <Button
                type="text"
                icon={siderCollapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
                onClick={() => setCollapsed((c) => !c)}
                aria-label={t(siderCollapsed ? 'shell.expandMenu' : 'shell.collapseMenu')}
                data-testid="menu-toggle"
              />
            ) : (
              <Button type="text" icon={<MenuOutlined />} onClick={() => setDrawerOpen(true)} aria-label={t('shell.expandMenu')} data-testid="menu-toggle" />
            )}
          </div>
          <div className="mg-header__right">
            {wide && <GlobalSearch />}
            <RealtimeIndicator state={realtime} />
            <BellSlot />
            <SessionCountrySwitcher reload={reload} compact={!wide} />
            <LanguageSwitcher offered={offered} />
            <WelcomeMenu compact={!wide} reload={reload} />
            <Tooltip title={t('shell.settings.title')}>
              <Button type="text" icon={<SettingOutlined />} onClick={() => setSettingsOpen(true)} aria-label={t('shell.settings.title')} data-testid="settings-button" />
            </Tooltip>
          </div>
        </Header>
        <TabStrip tabs={tabs} active={activePath} titleOf={titleOf} onSelect={go} onClose={(p) => apply(closeTab(tabs, p, home, activePath))} onCommand={command} />
        <Content className="mg-content">
          <Breadcrumb className="mg-breadcrumb" items={breadcrumb} data-testid="breadcrumb" />
          {route.kind === 'external' && (
            <Result
              status="info"
              title={t('shell.externalOpened')}
              extra={
                <a href={route.url} target="_blank" rel="noopener noreferrer">
                  {titleIn(route, language)} <ExportOutlined />
                </a>
              }
            />
          )}
          {tabs.map((tab) => {
            const r = routeOf(tab.path);
            if (!r) return null;
            // Before the effect above has remembered it, the tab of the address renders with the address itself: a
            // link or a reload with filters in its query (`?status=failed`) would otherwise mount the list without them.
            const here = inTab && tab.path === route.path;
            const loc = paneLocations[tab.path] ?? (here ? paneLocationOf(location) : { pathname: tab.path, search: '', hash: '' });
            const active = tab.path === activePath && route.kind !== 'external';
            if (!active && !shown.has(tab.path)) return null;
            return (
              <div key={tab.path} className="mg-pane" style={active ? undefined : { display: 'none' }} data-testid={`pane-${tab.path}`} data-active={active ? 'true' : 'false'}>
                <TabContent location={loc} route={r} version={tab.version} />
              </div>
            );
          })}
        </Content>
        <Footer />
      </Layout>
      {!wide && (
        <Drawer
          placement="left"
          open={drawerOpen}
          onClose={() => setDrawerOpen(false)}
          width={`min(${LAYOUT.menuDrawerWidth}px, 85vw)`}
          closable={false}
          className="mg-menu-drawer"
          styles={{ body: { padding: 0 } }}
          data-testid="menu-drawer"
        >
          <div className="mg-sider__logo">
            <BrandLogo height={30} />
          </div>
          {sideMenu}
        </Drawer>
      )}
      <SettingsDrawer open={settingsOpen} onClose={() => setSettingsOpen(false)} />
    </Layout>
  );
}
