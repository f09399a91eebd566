/**
 * Autosave of the onboarding flow (issue 14: "autosave on every step, resume later from any device"). Every edit is
 * a local draft of its section, shown at once; AUTOSAVE_DEBOUNCE_MS after the last edit, on a step change and when
 * the flow is left, the drafts are sent one section at a time with the version of the view last read, and the answer
 * (the new view) replaces it. A draft is dropped only once the server holds it, so moving between steps loses
 * nothing. Another tab or device having saved meanwhile (APPLICATION_VERSION_CONFLICT) reloads the application and
 * says so; a locked application (submitted meanwhile) reloads too.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { AUTOSAVE_DEBOUNCE_MS, SECTION_SCHEMAS, type ApplicationData, type ApplicationView, type OnboardingSectionValue } from '@mg/domain';
import { APPLICATION_KEY, FlowError, errorCodeOf, flowApi, reloadApplication } from './hooks';

export type SaveState =
  | { kind: 'idle' }
  | { kind: 'pending' }
  | { kind: 'saving' }
  | { kind: 'saved'; at: Date }
  | { kind: 'error' }
  | { kind: 'conflict' }
  | { kind: 'locked' };

export type Drafts = Partial<Record<OnboardingSectionValue, unknown>>;

export interface Autosave {
  state: SaveState;
  drafts: Drafts;
  /** Records an edit of a section (its whole data) and saves it after the debounce. */
  update: (section: OnboardingSectionValue, data: unknown) => void;
  /** Saves every draft now; resolves when nothing is left to save (or a save failed). */
  flush: () => Promise<void>;
  /** Marks a section never saved as saved empty (a step passed with nothing to enter); an edit in it is kept. */
  touch: (section: OnboardingSectionValue) => void;
}

/**
 * What can be saved of a draft: the section's schema decides; a value it refuses (an e-mail being typed) is left
 * out of the save and stays in the draft, shown with its field's message, until it is valid. Undefined when no
 * part of it can be saved (never an empty section in place of the data).
 */
export function saveableOf(section: OnboardingSectionValue, data: unknown): Record<string, unknown> | undefined {
  const schema = SECTION_SCHEMAS[section];
  const value: unknown = structuredClone(data);
  // One refused value at a time: removing an entry of a list moves the ones after it.
  for (let i = 0; i < 50; i++) {
    const parsed = schema.safeParse(value);
    // What a section's schema takes is an object (the section's fields).
    if (parsed.success) return value as Record<string, unknown>;
    const first = parsed.error.issues[0];
    if (!first || first.path.length === 0) return undefined;
    removeAt(value, first.path);
  }
  return undefined;
}

function removeAt(root: unknown, path: readonly PropertyKey[]): void {
  if (path.length === 0) return;
  let node = root as Record<PropertyKey, unknown> | undefined;
  for (const p of path.slice(0, -1)) {
    node = node?.[p] as Record<PropertyKey, unknown> | undefined;
    if (node === null || typeof node !== 'object') return;
  }
  if (!node) return;
  const last = path[path.length - 1] as PropertyKey;
  // A required value that is not there yet (a holding's percent): the object that needs it waits, not the section.
  if (node[last] === undefined) {
    removeAt(root, path.slice(0, -1));
    return;
  }
  if (Array.isArray(node) && typeof last === 'number') node.splice(last, 1);
  else delete node[last];
}

export function useAutosave(editable: boolean, onConflict: (kind: 'conflict' | 'locked') => void): Autosave {
  const queryClient = useQueryClient();
  const [drafts, setDrafts] = useState<Drafts>({});
  const [state, setState] = useState<SaveState>({ kind: 'idle' });
  const draftsRef = useRef<Drafts>({});
  // The draft of each section the server last took (as far as it was saveable): a draft with a value held back
  // (an e-mail being typed) stays shown after its save, and is not sent again until it changes.
  const sentRef = useRef<Drafts>({});
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const chain = useRef<Promise<void>>(Promise.resolve());
  const onConflictRef = useRef(onConflict);
  useEffect(() => {
    onConflictRef.current = onConflict;
  }, [onConflict]);

  const setDraftsBoth = (next: Drafts) => {
    draftsRef.current = next;
    setDrafts(next);
  };
  const unsaved = () => (Object.entries(draftsRef.current) as [OnboardingSectionValue, unknown][]).filter(([s, d]) => sentRef.current[s] !== d);

  const saveAll = useCallback(async () => {
    for (;;) {
      const entry = unsaved()[0];
      if (!entry) return;
      const [section, data] = entry;
      const view = queryClient.getQueryData<ApplicationView>(APPLICATION_KEY);
      if (!view) return;
      setState({ kind: 'saving' });
      const body = saveableOf(section, data);
      if (body === undefined) {
        sentRef.current[section] = data;
        setState({ kind: 'error' });
        return;
      }
      try {
        const next = await flowApi.saveSection(section, view.version, body);
        queryClient.setQueryData(APPLICATION_KEY, next);
        // Typed on while this was saving: that newer draft stays and is saved next, with the new version. A draft
        // saved whole is the server's data now; one with a value held back stays over it.
        if (draftsRef.current[section] === data) {
          if (JSON.stringify(body) === JSON.stringify(data)) {
            const rest = { ...draftsRef.current };
            delete rest[section];
            setDraftsBoth(rest);
            delete sentRef.current[section];
          } else sentRef.current[section] = data;
        }
      } catch (e) {
        const code = errorCodeOf(e);
        if (code === FlowError.VERSION_CONFLICT || code === FlowError.LOCKED) {
          const kind = code === FlowError.LOCKED ? 'locked' : 'conflict';
          setDraftsBoth({});
          sentRef.current = {};
          setState({ kind });
          await reloadApplication(queryClient);
          onConflictRef.current(kind);
        } else setState({ kind: 'error' });
        return;
      }
      if (unsaved().length === 0) setState({ kind: 'saved', at: new Date() });
    }
  }, [queryClient]);

  const flush = useCallback(() => {
    clearTimeout(timer.current);
    chain.current = chain.current.then(saveAll, saveAll);
    return chain.current;
  }, [saveAll]);

  const update = useCallback(
    (section: OnboardingSectionValue, data: unknown) => {
      if (!editable) return;
      setDraftsBoth({ ...draftsRef.current, [section]: data });
      setState({ kind: 'pending' });
      clearTimeout(timer.current);
      timer.current = setTimeout(() => void flush(), AUTOSAVE_DEBOUNCE_MS);
    },
    [editable, flush],
  );

  const touch = useCallback(
    (section: OnboardingSectionValue) => {
      if (!editable || section in draftsRef.current) return;
      setDraftsBoth({ ...draftsRef.current, [section]: {} });
    },
    [editable],
  );

  // Leaving the page or the tab: what is pending is sent now, and the browser asks before closing with it unsent.
  useEffect(() => {
    const onHide = () => {
      if (document.visibilityState === 'hidden' && unsaved().length) void flush();
    };
    const beforeUnload = (e: BeforeUnloadEvent) => {
      if (unsaved().length === 0) return;
      void flush();
      e.preventDefault();
    };
    document.addEventListener('visibilitychange', onHide);
    window.addEventListener('beforeunload', beforeUnload);
    return () => {
      document.removeEventListener('visibilitychange', onHide);
      window.removeEventListener('beforeunload', beforeUnload);
      // The flow unmounts (signed out of it, gone to the home): the drafts still go to the server.
      if (unsaved().length) void flush();
    };
  }, [flush]);

  return useMemo(() => ({ state, drafts, update, flush, touch }), [state, drafts, update, flush, touch]);
}

/** The application's data with the drafts over it: what the pages show. */
export function mergedData(view: ApplicationView, drafts: Drafts): ApplicationData {
  return { ...view.data, ...(drafts as ApplicationData) };
}
