/** Developer parameters as the dashboard reads them (answer shapes). */
import type { ApiKeyModeValue, ApiKeyStatusValue } from '../open-api/vocabulary';
import type { DOC_FIELD_PLACES, DOC_RULES } from './vocabulary';

export interface ApiKeyView {
  id: string;
  name: string;
  mode: ApiKeyModeValue;
  /** The last four characters of the secret; the secret itself is shown once, at creation or roll. */
  secretLast4: string;
  status: ApiKeyStatusValue;
  /** Set on a rolled key: it keeps working until then. */
  expiresAt: string | null;
  lastUsedAt: string | null;
  createdAt: string;
  createdBy: string | null;
}

export interface DeveloperView {
  merchantId: number;
  keys: ApiKeyView[];
  collectionCallbackUrl: string | null;
  payoutCallbackUrl: string | null;
  ipWhitelist: string[];
  webhookSecretSet: boolean;
  /** The signed-in user has Google Authenticator on: key and secret actions ask for a code. */
  totpEnabled: boolean;
}

/** Where a documented field travels. */
export type DocFieldPlace = (typeof DOC_FIELD_PLACES)[number];

/** A field's rule: `text` for oneOf, format, pattern and default; bounds for length, range, greater and items. */
export interface DocRule {
  rule: (typeof DOC_RULES)[number];
  text?: string;
  min?: number;
  max?: number;
}

/** One field of a call, read from the route's own request schema. */
export interface DocField {
  /** Dotted for nested objects (`payer.name`), `[]` for array items (`items[].amount`). */
  name: string;
  in: DocFieldPlace;
  type: string;
  required: boolean;
  rules: DocRule[];
}

export interface DocCall {
  /** domain OPEN_API_CALLS key: the summary's i18n key and the OpenAPI operationId. */
  key: string;
  method: string;
  /** Relative to the prefix, `{id}` style. */
  path: string;
  sandbox: boolean;
  fields: DocField[];
}

/** The documentation page's data: the merchant's own values for the examples and the calls' fields. */
export interface DocumentationView {
  merchantId: number;
  /** Where the server is reached (its public URL, else the address the browser used). */
  baseUrl: string;
  prefix: string;
  /** Active keys only; never a secret. */
  keys: { id: string; name: string; mode: ApiKeyModeValue }[];
  calls: DocCall[];
}
