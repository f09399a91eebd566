/**
 * The screen registry (DESIGN §8): a menu item's `component` key `<area>/<Screen>` -> the lazily loaded
 * `features/<area>/<Screen>Page.tsx`. Found by place, so a new area adds its page without editing this file; keys
 * only: nothing the server sends is ever imported or evaluated. Every `component` of the domain MENU has a page
 * (tested). Sign-in pages and the cashier are routed by the app itself, not by the menu.
 */
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

const PAGES = import.meta.glob<{ default: ComponentType }>(['./*/*Page.tsx', '!./auth/*', '!./cashier/*']);

/** `./settlements/SettlementsPage.tsx` -> `settlements/Settlements`. */
export function screenKeyOf(path: string): string {
  return path.replace(/^\.\//, '').replace(/Page\.tsx$/, '');
}

/** Not menu items: widgets the shell renders by key. */
export const ANNOUNCEMENT_BELL = 'announcements/AnnouncementBell';

export const SCREENS: Record<string, LazyExoticComponent<ComponentType>> = {
  ...Object.fromEntries(Object.entries(PAGES).map(([path, load]) => [screenKeyOf(path), lazy(load)])),
  [ANNOUNCEMENT_BELL]: lazy(() => import('./announcements/AnnouncementBell')),
};

/** Loads a screen's chunk by its key; the lazy component then renders without suspending. Unknown key: resolves. */
export async function loadScreen(key: string): Promise<void> {
  if (key === ANNOUNCEMENT_BELL) await import('./announcements/AnnouncementBell');
  else await PAGES[`./${key}Page.tsx`]?.();
}

/** Starts loading a screen's chunk by its key (the lazy component then renders without waiting); unknown: nothing. */
export function preloadScreen(key: string): void {
  void loadScreen(key).catch(() => undefined);
}
