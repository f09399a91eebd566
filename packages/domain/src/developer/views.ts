/** Developer parameters as the dashboard reads them (answer shapes). */
import type { ApiKeyModeValue, ApiKeyStatusValue } from '../open-api/vocabulary';

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
