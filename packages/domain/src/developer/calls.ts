/**
 * The developer parameters' calls declared once (calls/define.ts): the parameters and the documentation's data,
 * the API keys (create, roll, revoke: a secret is answered once), the callback addresses, the IP whitelist and the
 * webhook secret. Key and secret actions take the Google code (second-factor.ts); platform staff name a merchant.
 */
import { z } from 'zod';
import { defineCall } from '../calls/define';
import { staffMerchantIdField } from '../validation';
import { WEBHOOK_SECRET_GRACE_HOURS } from '../callbacks/vocabulary';
import { callbackDeliverySchema } from '../callbacks/delivery';
import { CallbackTestTarget, callbackEndpointHealthSchema } from '../callbacks/endpoints';
import { googleCodeField } from '../second-factor';
import { API_KEY_MODES } from '../open-api/vocabulary';
import { DEVELOPER_PERM } from './perm';
import { developerApiKeySchema, developerDocumentationSchema, developerParametersSchema } from './views';
import { API_KEY_NAME_MAX_LENGTH, CALLBACK_URL_MAX_LENGTH, IP_WHITELIST_MAX_ENTRIES } from './vocabulary';

const keyIdParams = z.object({ id: z.string().min(1).max(40) });
/** The body of a key or secret action: the code, and the merchant for platform staff; none at all is `{}`. */
const secretBody = z.object({ googleCode: googleCodeField, merchantId: staffMerchantIdField }).default({});

export const developerCalls = {
  parameters: defineCall({
    method: 'GET',
    path: '/developer',
    permission: DEVELOPER_PERM.DEVELOPER_MENU,
    summary: "The merchant's API keys (never a secret), callback addresses, IP whitelist and whether a webhook secret exists",
    query: z.object({ merchantId: staffMerchantIdField }),
    answer: developerParametersSchema,
  }),
  documentation: defineCall({
    method: 'GET',
    path: '/developer/docs',
    permission: DEVELOPER_PERM.DEVELOPER_DOCS,
    summary: "The open API documentation's data: the merchant's id and active key ids for the examples, and each call's fields and rules read from its request schema",
    query: z.object({ merchantId: staffMerchantIdField }),
    answer: developerDocumentationSchema,
  }),
  createKey: defineCall({
    method: 'POST',
    path: '/developer/keys',
    permission: DEVELOPER_PERM.DEVELOPER_KEY_EDIT,
    summary: 'Create an API key; the answer carries its secret, shown this once',
    body: z.object({
      name: z.string().trim().max(API_KEY_NAME_MAX_LENGTH).default(''),
      mode: z.enum(API_KEY_MODES),
      googleCode: googleCodeField,
      merchantId: staffMerchantIdField,
    }),
    answer: z.object({ key: developerApiKeySchema, secret: z.string() }),
  }),
  rollKey: defineCall({
    method: 'POST',
    path: '/developer/keys/:id/roll',
    permission: DEVELOPER_PERM.DEVELOPER_KEY_EDIT,
    summary: 'Replace a key: a new key and secret (shown this once); the old key keeps working for the grace period',
    params: keyIdParams,
    body: secretBody,
    answer: z.object({ key: developerApiKeySchema, secret: z.string(), oldKeyExpiresAt: z.string() }),
  }),
  revokeKey: defineCall({
    method: 'POST',
    path: '/developer/keys/:id/revoke',
    permission: DEVELOPER_PERM.DEVELOPER_KEY_EDIT,
    summary: 'Revoke a key: it stops working at once',
    params: keyIdParams,
    body: secretBody,
    answer: developerApiKeySchema,
  }),
  saveCallbacks: defineCall({
    method: 'PUT',
    path: '/developer/callbacks',
    permission: DEVELOPER_PERM.DEVELOPER_CALLBACK_EDIT,
    summary: 'Default callback addresses (http or https, or null); an order may carry its own notifyUrl',
    body: z.object({
      collectionCallbackUrl: z.string().max(CALLBACK_URL_MAX_LENGTH * 2).nullable().optional(),
      payoutCallbackUrl: z.string().max(CALLBACK_URL_MAX_LENGTH * 2).nullable().optional(),
      merchantId: staffMerchantIdField,
    }),
    answer: z.object({ collectionCallbackUrl: z.string().nullable(), payoutCallbackUrl: z.string().nullable() }),
  }),
  saveWhitelist: defineCall({
    method: 'PUT',
    path: '/developer/ip-whitelist',
    permission: DEVELOPER_PERM.DEVELOPER_WHITELIST_EDIT,
    summary: 'Open API callers must come from one of these IPv4/IPv6 addresses or CIDR blocks; empty: sandbox keys only',
    body: z.object({
      ipWhitelist: z.array(z.string().max(128)).max(IP_WHITELIST_MAX_ENTRIES * 2),
      merchantId: staffMerchantIdField,
    }),
    answer: z.object({ ipWhitelist: z.array(z.string()) }),
  }),
  revealWebhookSecret: defineCall({
    method: 'POST',
    path: '/developer/webhook-secret/reveal',
    permission: DEVELOPER_PERM.DEVELOPER_KEY_EDIT,
    summary: 'The Standard Webhooks signing secret (whsec_...), created on first use',
    body: secretBody,
    answer: z.object({ secret: z.string() }),
  }),
  rollWebhookSecret: defineCall({
    method: 'POST',
    path: '/developer/webhook-secret/roll',
    permission: DEVELOPER_PERM.DEVELOPER_KEY_EDIT,
    summary: `Replace the webhook signing secret; from the next attempt callbacks carry the new secret's signature and, for ${WEBHOOK_SECRET_GRACE_HOURS} h, the old one's too`,
    body: secretBody,
    answer: z.object({ secret: z.string(), previousValidUntil: z.string().describe('until when the old secret still signs callbacks') }),
  }),
  // The callback addresses' health on the developer page (served by the callbacks module).
  callbackEndpoints: defineCall({
    method: 'GET',
    path: '/callbacks/endpoints',
    permission: DEVELOPER_PERM.DEVELOPER_MENU,
    summary: "Each address the merchant's callbacks go to: success rate of the last days' attempts, last success, deliveries given up, latest errors",
    query: z.object({ merchantId: staffMerchantIdField }),
    answer: callbackEndpointHealthSchema,
  }),
  callbackTest: defineCall({
    method: 'POST',
    path: '/callbacks/test',
    permission: DEVELOPER_PERM.DEVELOPER_CALLBACK_EDIT,
    summary: 'Send a webhook.test event to the collection or payout callback address now; answers the attempt',
    body: z.object({ target: z.enum([CallbackTestTarget.COLLECTION, CallbackTestTarget.PAYOUT]), merchantId: staffMerchantIdField }),
    answer: callbackDeliverySchema,
  }),
  enableCallbackEndpoint: defineCall({
    method: 'POST',
    path: '/callbacks/endpoints/enable',
    permission: DEVELOPER_PERM.DEVELOPER_CALLBACK_EDIT,
    summary: 'Enable an address disabled after failing for a day: its held callbacks are sent by the next worker run',
    body: z.object({ url: z.string().min(1).max(512), merchantId: staffMerchantIdField }),
    answer: z.object({ released: z.number() }),
  }),
};
