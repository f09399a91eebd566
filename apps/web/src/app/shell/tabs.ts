/**
 * The multi-tab strip rules of spec §2, pure: the home tab is always first and cannot be closed, the last remaining
 * tab cannot be closed, close left / right / others keep home, refresh remounts a tab's screen.
 */
export interface Tab {
  path: string;
  /** Bumped by "refresh": the screen is keyed by it and remounts. */
  version: number;
}

export type TabRefusal = 'homeNotClosable' | 'lastTab';

export interface TabResult {
  tabs: Tab[];
  refused?: TabRefusal;
  /** Where to go when the active tab went away. */
  navigateTo?: string;
}

export function initialTabs(home: string, current?: string): Tab[] {
  const tabs: Tab[] = [{ path: home, version: 0 }];
  if (current && current !== home) tabs.push({ path: current, version: 0 });
  return tabs;
}

/**
 * Opens a tab; home stays first. When both are open already the same array comes back, so opening the tab of the
 * address a page loaded with does not render the whole shell again (issue 10).
 */
export function openTab(tabs: Tab[], path: string, home: string): Tab[] {
  const hasHome = tabs.some((t) => t.path === home);
  const hasPath = tabs.some((t) => t.path === path);
  if (hasHome && hasPath) return tabs;
  const next = hasHome ? [...tabs] : [{ path: home, version: 0 }, ...tabs];
  return hasPath ? next : [...next, { path, version: 0 }];
}

function fallbackFor(tabs: readonly Tab[], closedIndex: number): string | undefined {
  return (tabs[closedIndex] ?? tabs[closedIndex - 1] ?? tabs[0])?.path;
}

/** Closes one tab. Refused for the last tab (warning) and for home (message); otherwise the neighbour becomes active. */
export function closeTab(tabs: readonly Tab[], path: string, home: string, active: string): TabResult {
  if (tabs.length <= 1) return { tabs: [...tabs], refused: 'lastTab' };
  if (path === home) return { tabs: [...tabs], refused: 'homeNotClosable' };
  const index = tabs.findIndex((t) => t.path === path);
  if (index < 0) return { tabs: [...tabs] };
  const next = tabs.filter((t) => t.path !== path);
  return { tabs: next, navigateTo: active === path ? fallbackFor(next, index) : undefined };
}

function keep(tabs: readonly Tab[], home: string, predicate: (index: number, tab: Tab) => boolean): TabResult {
  return { tabs: tabs.filter((t, i) => t.path === home || predicate(i, t)) };
}

/** Closes the tabs left of `path` (home stays). */
export function closeLeft(tabs: readonly Tab[], path: string, home: string, active: string): TabResult {
  const index = tabs.findIndex((t) => t.path === path);
  const r = keep(tabs, home, (i) => i >= index);
  return { ...r, navigateTo: r.tabs.some((t) => t.path === active) ? undefined : path };
}

/** Closes the tabs right of `path`. */
export function closeRight(tabs: readonly Tab[], path: string, home: string, active: string): TabResult {
  const index = tabs.findIndex((t) => t.path === path);
  const r = keep(tabs, home, (i) => i <= index);
  return { ...r, navigateTo: r.tabs.some((t) => t.path === active) ? undefined : path };
}

/** Closes every tab but `path` (and home). */
export function closeOthers(tabs: readonly Tab[], path: string, home: string, active: string): TabResult {
  const r = keep(tabs, home, (_i, t) => t.path === path);
  return { ...r, navigateTo: r.tabs.some((t) => t.path === active) ? undefined : path };
}

/** Remounts a tab's screen. */
export function refreshTab(tabs: readonly Tab[], path: string): Tab[] {
  return tabs.map((t) => (t.path === path ? { ...t, version: t.version + 1 } : t));
}

/* Kept across a reload ----------------------------------------------------------------------------------------- */

/** The part of an address a tab keeps: its screen reads its filters and paging from it. */
export interface TabAddress {
  pathname: string;
  search: string;
  hash: string;
}

/** What a browser tab keeps of its strip: whose it is, and each tab's path and last address, in order. */
export interface StoredTabs {
  owner: string;
  tabs: { path: string; address: TabAddress }[];
}

/** Who a stored strip belongs to: the brand's user (another user signing in in the same window gets none of it). */
export const tabsOwner = (brand: string, user: { id: number; username: string }) => `${brand}:${user.id}:${user.username}`;

/**
 * A list's `currency` in an address set to the session's (domain LIST_CURRENCY_FIELD): an address kept from before
 * a country switch shows the new country's money, not the old. Addresses without one come back as they are (the
 * same object).
 */
export function withSessionCurrency<A extends TabAddress>(address: A, currency: string, field: string): A {
  const params = new URLSearchParams(address.search);
  const named = params.get(field);
  if (named === null || named === currency) return address;
  params.set(field, currency);
  return { ...address, search: `?${params.toString()}` };
}

/**
 * The strip a reloaded page starts with: the stored tabs the user may still open (`opens`: a route of the current
 * menu that is a tab), home first, each at its kept address in the session currency; then the tab of the address
 * the page loaded with, which keeps that address.
 */
export function restoreTabs(
  stored: StoredTabs | null,
  opts: { owner: string; home: string; current?: TabAddress & { path: string }; opens: (path: string) => boolean; currency: string; currencyField: string },
): { tabs: Tab[]; addresses: Record<string, TabAddress> } {
  const addresses: Record<string, TabAddress> = {};
  let tabs = initialTabs(opts.home);
  if (stored?.owner === opts.owner && Array.isArray(stored.tabs)) {
    for (const entry of stored.tabs) {
      const path = entry?.path;
      if (typeof path !== 'string' || !opts.opens(path) || addresses[path]) continue;
      const a = entry.address;
      const address = a && typeof a.pathname === 'string' ? { pathname: a.pathname, search: String(a.search ?? ''), hash: String(a.hash ?? '') } : { pathname: path, search: '', hash: '' };
      addresses[path] = withSessionCurrency(address, opts.currency, opts.currencyField);
      tabs = openTab(tabs, path, opts.home);
    }
  }
  if (opts.current) {
    const { path, ...address } = opts.current;
    tabs = openTab(tabs, path, opts.home);
    addresses[path] = address;
  }
  return { tabs, addresses };
}

/** The strip as stored: each tab with its address (its path alone when it has none yet). */
export function storedTabsOf(owner: string, tabs: readonly Tab[], addresses: Readonly<Record<string, TabAddress>>): StoredTabs {
  return { owner, tabs: tabs.map((t) => ({ path: t.path, address: addresses[t.path] ?? { pathname: t.path, search: '', hash: '' } })) };
}

/**
 * Navigation state of an address that must show afresh even when its tab is open (a search hit naming a record):
 * the tab's screen remounts at that address, since a list reads its filters from the address when it mounts.
 */
const REOPEN_STATE_KEY = 'mgReopenTab';
export const REOPEN_STATE: Readonly<Record<string, true>> = { [REOPEN_STATE_KEY]: true };
export const isReopen = (state: unknown): boolean => typeof state === 'object' && state !== null && (state as Record<string, unknown>)[REOPEN_STATE_KEY] === true;
