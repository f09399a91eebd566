/** Calls and shapes of the developer parameters screen (docs/payments-api.md "Developer parameters"; domain developerCalls). */
import { developerCalls, type ApiKeyView, type CallAnswer, type CallBody, type DeveloperView } from '@mg/domain';
import { callApi } from '../../api';

/** The server's answer shapes (domain developer/views.ts). */
export type ApiKey = ApiKeyView;
export type DeveloperParameters = DeveloperView;

/** A new key with its secret, shown this once. */
export type CreatedKey = CallAnswer<typeof developerCalls.createKey>;
/** The replacing key with its secret, and until when the old one works. */
export type RolledKey = CallAnswer<typeof developerCalls.rollKey>;

/** `googleCode` travels only when the user has 2FA on. */
function withCode<T extends object>(body: T, googleCode: string | undefined): T & { googleCode?: string } {
  return googleCode ? { ...body, googleCode } : body;
}

/**
 * Every mutating call is `silent`: the screen shows the failure where it belongs (on the field, in the dialog that
 * asked for the Google code) instead of a toast.
 */
export const developerApi = {
  get: () => callApi(developerCalls.parameters),
  documentation: () => callApi(developerCalls.documentation),
  createKey: (body: Omit<CallBody<typeof developerCalls.createKey>, 'googleCode'>, googleCode?: string) => callApi(developerCalls.createKey, { body: withCode(body, googleCode) }, { silent: true }),
  rollKey: (id: string, googleCode?: string) => callApi(developerCalls.rollKey, { params: { id }, body: withCode({}, googleCode) }, { silent: true }),
  revokeKey: (id: string, googleCode?: string) => callApi(developerCalls.revokeKey, { params: { id }, body: withCode({}, googleCode) }, { silent: true }),
  saveCallbacks: (body: CallBody<typeof developerCalls.saveCallbacks>) => callApi(developerCalls.saveCallbacks, { body }, { silent: true }),
  /** Answers the list as stored: duplicates dropped, IPv6 in its canonical form. */
  saveWhitelist: (ipWhitelist: string[]) => callApi(developerCalls.saveWhitelist, { body: { ipWhitelist } }, { silent: true }),
  revealWebhookSecret: (googleCode?: string) => callApi(developerCalls.revealWebhookSecret, { body: withCode({}, googleCode) }, { silent: true }),
  rollWebhookSecret: (googleCode?: string) => callApi(developerCalls.rollWebhookSecret, { body: withCode({}, googleCode) }, { silent: true }),
};
