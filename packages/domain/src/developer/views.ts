/** Developer parameters as the dashboard reads them (the answers of developer/calls.ts). */
import { z } from 'zod';
import { API_KEY_MODES, API_KEY_STATUSES } from '../open-api/vocabulary';
import { DOC_FIELD_PLACES, DOC_RULES } from './vocabulary';

export const developerApiKeySchema = z.object({
  id: z.string(),
  name: z.string(),
  mode: z.enum(API_KEY_MODES),
  /** The last four characters of the secret; the secret itself is shown once, at creation or roll. */
  secretLast4: z.string(),
  status: z.enum(API_KEY_STATUSES),
  /** Set on a rolled key: it keeps working until then. */
  expiresAt: z.string().nullable().describe('set on a rolled key: it works until then'),
  lastUsedAt: z.string().nullable(),
  createdAt: z.string(),
  createdBy: z.string().nullable(),
});
export type ApiKeyView = z.infer<typeof developerApiKeySchema>;

export const developerParametersSchema = z.object({
  merchantId: z.number(),
  keys: z.array(developerApiKeySchema),
  collectionCallbackUrl: z.string().nullable(),
  payoutCallbackUrl: z.string().nullable(),
  ipWhitelist: z.array(z.string()),
  webhookSecretSet: z.boolean(),
  /** The signed-in user has Google Authenticator on: key and secret actions ask for a code. */
  totpEnabled: z.boolean(),
});
export type DeveloperView = z.infer<typeof developerParametersSchema>;

/** Where a documented field travels. */
export type DocFieldPlace = (typeof DOC_FIELD_PLACES)[number];

/** A field's rule: `text` for oneOf, format, pattern and default; bounds for length, range, greater and items. */
export const developerDocRuleSchema = z.object({ rule: z.enum(DOC_RULES), text: z.string().optional(), min: z.number().optional(), max: z.number().optional() });
export type DocRule = z.infer<typeof developerDocRuleSchema>;

/** One field of a call, read from the route's own request schema. */
export const developerDocFieldSchema = z.object({
  /** Dotted for nested objects (`payer.name`), `[]` for array items (`items[].amount`). */
  name: z.string(),
  in: z.enum(DOC_FIELD_PLACES),
  type: z.string(),
  required: z.boolean(),
  rules: z.array(developerDocRuleSchema),
});
export type DocField = z.infer<typeof developerDocFieldSchema>;

export const developerDocCallSchema = z.object({
  /** domain OPEN_API_CALLS key: the summary's i18n key and the OpenAPI operationId. */
  key: z.string(),
  method: z.string(),
  /** Relative to the prefix, `{id}` style. */
  path: z.string(),
  sandbox: z.boolean(),
  fields: z.array(developerDocFieldSchema),
});
export type DocCall = z.infer<typeof developerDocCallSchema>;

/** The documentation page's data: the merchant's own values for the examples and the calls' fields. */
export const developerDocumentationSchema = z.object({
  merchantId: z.number(),
  /** Where the server is reached (its public URL, else the address the browser used). */
  baseUrl: z.string(),
  prefix: z.string(),
  /** Active keys only; never a secret. */
  keys: z.array(z.object({ id: z.string(), name: z.string(), mode: z.enum(API_KEY_MODES) })),
  calls: z.array(developerDocCallSchema),
});
export type DocumentationView = z.infer<typeof developerDocumentationSchema>;
