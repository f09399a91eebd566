/** What every page of the onboarding flow reads: the view, the data with the drafts over it, and how to edit it. */
import { createContext, useCallback, useContext } from 'react';
import type { ApplicationData, ApplicationView, FileView, InfoRequestView, OnboardingSectionValue } from '@mg/domain';
import type { ActionItem } from './actions';
import type { Autosave } from './useAutosave';

export interface FlowContextValue {
  view: ApplicationView;
  /** The saved data with the unsaved drafts over it. */
  data: ApplicationData;
  editable: boolean;
  autosave: Autosave;
  /** Every file the data refers to: the view's, and those uploaded since it was read. */
  files: Readonly<Record<string, FileView>>;
  rememberFiles: (files: readonly FileView[]) => void;
  /** Staff's requests for information not yet resolved. */
  openRequests: readonly InfoRequestView[];
  /** What staff asked to change, while changes are requested (./actions.ts): the banner, the steps, the fields. */
  actions: readonly ActionItem[];
}

export const FlowContext = createContext<FlowContextValue | null>(null);

export function useFlow(): FlowContextValue {
  const value = useContext(FlowContext);
  if (!value) throw new Error('useFlow() outside the onboarding flow');
  return value;
}

/** One section's data (an empty object when none was saved) and its setter (the whole section, autosaved). */
export function useSection<S extends OnboardingSectionValue>(section: S): [NonNullable<ApplicationData[S]>, (next: NonNullable<ApplicationData[S]>) => void] {
  const { data, autosave } = useFlow();
  const { update } = autosave;
  const set = useCallback((next: NonNullable<ApplicationData[S]>) => update(section, next), [update, section]);
  return [(data[section] ?? {}) as NonNullable<ApplicationData[S]>, set];
}

/** A short key for a new list entry, stable across saves (the schema's `^[A-Za-z0-9_-]{1,40}$`). */
export function newKey(prefix: string): string {
  return `${prefix}${Math.random().toString(36).slice(2, 10)}`;
}
