/** Calls and shapes of the developer parameters screen (docs/payments-api.md "Developer parameters"). */
import type { ApiKeyModeValue, ApiKeyView, DeveloperView, DocumentationView } from '@mg/domain';
import { api } from '../../api';

/** The server's answer shapes (domain payments-api.ts). */
export type ApiKey = ApiKeyView;
export type DeveloperParameters = DeveloperView;

export interface CreatedKey {
  key: ApiKey;
  secret: string;
}

export interface RolledKey extends CreatedKey {
  oldKeyExpiresAt: string;
}

/** `googleCode` travels only when the user has 2FA on. */
function withCode<T extends object>(body: T, googleCode: string | undefined): T & { googleCode?: string } {
  return googleCode ? { ...body, googleCode } : body;
}

/**
 * Every mutating call is `silent`: the screen shows the failure where it belongs (on the field, in the dialog that
 * asked for the Google code) instead of a toast.
 */
export const developerApi = {
  get: () => api.get<DeveloperParameters>('/developer'),
  documentation: () => api.get<DocumentationView>('/developer/docs'),
  createKey: (body: { name: string; mode: ApiKeyModeValue }, googleCode?: string) =>
    api.post<CreatedKey>('/developer/keys', withCode(body, googleCode), { silent: true }),
  rollKey: (id: string, googleCode?: string) =>
    api.post<RolledKey>(`/developer/keys/${encodeURIComponent(id)}/roll`, withCode({}, googleCode), {
      silent: true,
    }),
  revokeKey: (id: string, googleCode?: string) =>
    api.post<ApiKey | null>(`/developer/keys/${encodeURIComponent(id)}/revoke`, withCode({}, googleCode), {
      silent: true,
    }),
  saveCallbacks: (body: { collectionCallbackUrl: string | null; payoutCallbackUrl: string | null }) =>
    api.put<{ collectionCallbackUrl: string | null; payoutCallbackUrl: string | null }>('/developer/callbacks', body, {
      silent: true,
    }),
  /** Answers the list as stored: duplicates dropped, IPv6 in its canonical form. */
  saveWhitelist: (ipWhitelist: string[]) =>
    api.put<{ ipWhitelist: string[] } | null>('/developer/ip-whitelist', { ipWhitelist }, { silent: true }),
  revealWebhookSecret: (googleCode?: string) =>
    api.post<{ secret: string }>('/developer/webhook-secret/reveal', withCode({}, googleCode), {
      silent: true,
    }),
  rollWebhookSecret: (googleCode?: string) =>
    api.post<{ secret: string; previousValidUntil?: string }>('/developer/webhook-secret/roll', withCode({}, googleCode), {
      silent: true,
    }),
};
