/**
 * The declarations of the identity calls (domain auth, account and dictionaries calls) and the client that sends
 * them, loaded by ./identity.ts with its first call: calls/define.ts and the declarations' zod schemas stay out of
 * the bundle that paints the sign-in page (issue 10).
 */
export { accountCalls, authCalls, dictCalls } from '@mg/domain';
export { callApi } from './call';
