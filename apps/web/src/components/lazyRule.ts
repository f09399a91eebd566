import type { TFunction } from 'i18next';

/** What a lazily loaded check answers: the translated message of the first problem, or null when the value passes. */
export type FieldCheck = (value: unknown, t: TFunction) => string | null;

/**
 * An antd Form rule whose check is loaded on first use: the sign-in page validates with the domain's zod schemas
 * without putting zod in the bundle that paints it (issue 10). Same messages as zodRule.
 */
export function lazyRule(load: () => Promise<FieldCheck>, t: TFunction) {
  return {
    validator: async (_: unknown, value: unknown) => {
      const message = (await load())(value ?? '', t);
      if (message) throw new Error(message);
    },
  };
}
