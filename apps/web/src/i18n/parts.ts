/**
 * The two parts a language's translations load in (issue 10: the sign-in route loads only what it shows).
 * `first`: the keys of the pages in the first bundle (the sign-in page and its layout, `shell.layout.*`) with the
 * domain's core catalogue, loaded before the first paint. `screens`: every other key, loaded with the first lazy
 * page (the signed-in shell, the cashier, registration ...). test/first-paint-messages.test.tsx renders the sign-in
 * page from `first` alone and fails on any key it lacks.
 */
export const FIRST_PAINT_PREFIXES: readonly string[] = ['auth.', 'common.', 'shell.layout.'];

export type MessagesPart = 'first' | 'screens';

export function partOfKey(key: string): MessagesPart {
  return FIRST_PAINT_PREFIXES.some((prefix) => key.startsWith(prefix)) ? 'first' : 'screens';
}
