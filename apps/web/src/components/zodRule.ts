import type { TFunction } from 'i18next';
import { issueParams } from '@mg/domain';

/** Anything with zod's safeParse (the domain schemas). */
export interface SafeParser {
  safeParse(value: unknown): { success: true } | { success: false; error: { issues: readonly unknown[] } };
}

/** First issue of a failed parse, translated with its parameters; null when the value passes. */
export function zodMessage(schema: SafeParser, value: unknown, t: TFunction): string | null {
  const r = schema.safeParse(value);
  if (r.success) return null;
  const issue = r.error.issues[0] as Parameters<typeof issueParams>[0] | undefined;
  if (!issue) return null;
  return t(issue.message, issueParams(issue));
}

/** An antd Form rule validating one field with a domain schema; messages in the user's language. */
export function zodRule(schema: SafeParser, t: TFunction) {
  return {
    validator: (_: unknown, value: unknown) => {
      const message = zodMessage(schema, value ?? '', t);
      return message ? Promise.reject(new Error(message)) : Promise.resolve();
    },
  };
}
