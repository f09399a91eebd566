import { useCallback, useSyncExternalStore } from 'react';
import { LAYOUT } from '@mg/domain';
import { STORAGE_KEYS, readString, writeString } from '../../session/storage';

export type LayoutMode = 'sidemenu' | 'topmenu';

export interface LayoutSettings {
  layout: LayoutMode;
  /** Hide the header when the page is scrolled over 100 px. */
  autoHideHeader: boolean;
}

export const DEFAULT_SETTINGS: LayoutSettings = { layout: LAYOUT.defaultLayout, autoHideHeader: false };

const listeners = new Set<() => void>();
let cached: { raw: string | null; value: LayoutSettings } | null = null;

export function readSettings(): LayoutSettings {
  const raw = readString(STORAGE_KEYS.layoutSettings);
  if (cached && cached.raw === raw) return cached.value;
  let value = DEFAULT_SETTINGS;
  try {
    const parsed = raw ? (JSON.parse(raw) as Partial<LayoutSettings>) : {};
    value = {
      layout: parsed.layout === 'topmenu' ? 'topmenu' : 'sidemenu',
      autoHideHeader: parsed.autoHideHeader === true,
    };
  } catch {
    value = DEFAULT_SETTINGS;
  }
  cached = { raw, value };
  return value;
}

export function writeSettings(next: LayoutSettings): void {
  writeString(STORAGE_KEYS.layoutSettings, JSON.stringify(next));
  for (const l of listeners) l();
}

/** Layout settings of the settings drawer, kept in localStorage. */
export function useLayoutSettings(): [LayoutSettings, (patch: Partial<LayoutSettings>) => void] {
  const value = useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    readSettings,
    readSettings,
  );
  const update = useCallback((patch: Partial<LayoutSettings>) => writeSettings({ ...readSettings(), ...patch }), []);
  return [value, update];
}
