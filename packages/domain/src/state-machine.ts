import { DomainError } from './errors';

export interface StateMachineDefinition<S extends string> {
  /** Short name; also the i18n segment: `status.<name>.<state>`. */
  name: string;
  states: readonly S[];
  initial: S;
  terminal: readonly S[];
  /** Allowed targets per state. Terminal states must map to an empty list. */
  transitions: Readonly<Record<S, readonly S[]>>;
}

export interface StateMachine<S extends string> {
  readonly name: string;
  readonly states: readonly S[];
  readonly initial: S;
  readonly terminal: readonly S[];
  readonly transitions: Readonly<Record<S, readonly S[]>>;
  canTransition(from: S, to: S): boolean;
  /** Throws DomainError STATE_TRANSITION_INVALID (params machine, from, to) when the edge is not allowed. */
  assertTransition(from: S, to: S): void;
  next(from: S): S[];
  isTerminal(state: S): boolean;
  isState(value: unknown): value is S;
  i18nKey(state: S): string;
  /** Every allowed edge, for docs and tests. */
  edges(): [S, S][];
}

/**
 * Defines a finite state machine and checks the definition itself: the initial state exists, every target is a
 * state, terminal states have no way out, no self-loops (staying put is not a transition), and every non-terminal
 * state has a way out.
 */
export function defineStateMachine<const S extends string>(def: StateMachineDefinition<S>): StateMachine<S> {
  const stateSet = new Set<string>(def.states);
  const fail = (why: string): never => {
    throw new Error(`state machine ${def.name}: ${why}`);
  };
  if (stateSet.size !== def.states.length) fail('duplicate states');
  if (!stateSet.has(def.initial)) fail(`initial ${def.initial} is not a state`);
  for (const t of def.terminal) if (!stateSet.has(t)) fail(`terminal ${t} is not a state`);
  for (const key of Object.keys(def.transitions))
    if (!stateSet.has(key)) fail(`transitions from unknown ${key}`);
  for (const s of def.states) {
    const targets = def.transitions[s];
    if (!targets) fail(`no transition list for ${s}`);
    for (const t of targets) {
      if (!stateSet.has(t)) fail(`${s} -> ${t}: unknown target`);
      if (t === s) fail(`${s} -> ${s}: self-loop`);
    }
    const terminal = def.terminal.includes(s);
    if (terminal && targets.length > 0) fail(`terminal ${s} has transitions`);
    if (!terminal && targets.length === 0) fail(`non-terminal ${s} has no transitions`);
  }

  const isState = (value: unknown): value is S => typeof value === 'string' && stateSet.has(value);
  const canTransition = (from: S, to: S): boolean =>
    isState(from) && isState(to) && def.transitions[from].includes(to);

  return Object.freeze({
    name: def.name,
    states: def.states,
    initial: def.initial,
    terminal: def.terminal,
    transitions: def.transitions,
    canTransition,
    assertTransition(from: S, to: S): void {
      if (!canTransition(from, to)) {
        throw new DomainError('STATE_TRANSITION_INVALID', {
          machine: def.name,
          from: String(from),
          to: String(to),
        });
      }
    },
    next: (from: S): S[] => (isState(from) ? [...def.transitions[from]] : []),
    isTerminal: (state: S): boolean => def.terminal.includes(state),
    isState,
    i18nKey: (state: S): string => `status.${def.name}.${state}`,
    edges: (): [S, S][] => def.states.flatMap((s) => def.transitions[s].map((t): [S, S] => [s, t])),
  });
}
