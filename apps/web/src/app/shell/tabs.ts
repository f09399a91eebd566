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
