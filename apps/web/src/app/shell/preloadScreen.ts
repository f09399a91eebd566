import { flattenMenu, homePath, type Brand } from '@mg/domain';
import { preloadScreen } from '../../features/registry';

/**
 * Starts loading the screen of the address the tab opened on while the shell renders its header and loads the
 * session, so the screen's chunk does not wait for them (issue 10: React starts a lazy screen only once the
 * components rendered before it have loaded). The domain's menu catalogue names the screen of a path; a path it does
 * not know loads nothing.
 */
export function preloadScreenAt(pathname: string, brand: Brand): void {
  // Legacy brands' home (/dashboard/analysis) is the catalogue's home.
  const path = pathname === homePath(brand) ? homePath({ ...brand, newRoute: true }) : pathname;
  const item = flattenMenu().find((m) => m.path === path && m.component);
  if (item) preloadScreen(item.component);
}
