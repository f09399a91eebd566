/** Developer parameters: API keys, callback addresses, IP whitelist, webhook secret (docs/payments-api.md). */
import { API_KEY_MODES, DOC_FIELD_PLACES, DOC_RULES, API_KEY_NAME_MAX_LENGTH, API_KEY_STATUSES, CALLBACK_URL_MAX_LENGTH, IP_WHITELIST_MAX_ENTRIES, Perm, WEBHOOK_SECRET_GRACE_HOURS } from '@mg/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { googleCodeField } from '../auth/second-factor';
import { envelopeOf, ok } from '../../lib/envelope';
import { managedMerchant } from '../auth/scope';
import * as dev from './service';

const tags = ['developer'];

const merchantIdField = z.coerce.number().int().positive().optional().describe('platform staff: another merchant');
const googleCode = googleCodeField;

const keyView = z.object({
  id: z.string(),
  name: z.string(),
  mode: z.enum(API_KEY_MODES),
  secretLast4: z.string(),
  status: z.enum(API_KEY_STATUSES),
  expiresAt: z.string().nullable().describe('set on a rolled key: it works until then'),
  lastUsedAt: z.string().nullable(),
  createdAt: z.string(),
  createdBy: z.string().nullable(),
});

const keyIdParams = z.object({ id: z.string().min(1).max(40) });
const secretBody = z.object({ googleCode, merchantId: merchantIdField });

export const developerRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/developer',
    {
      config: { permission: Perm.DEVELOPER_MENU },
      schema: {
        tags,
        summary: "The merchant's API keys (never a secret), callback addresses, IP whitelist and whether a webhook secret exists",
        querystring: z.object({ merchantId: merchantIdField }),
        response: {
          200: envelopeOf(
            z.object({
              merchantId: z.number(),
              keys: z.array(keyView),
              collectionCallbackUrl: z.string().nullable(),
              payoutCallbackUrl: z.string().nullable(),
              ipWhitelist: z.array(z.string()),
              webhookSecretSet: z.boolean(),
              totpEnabled: z.boolean(),
            }),
          ),
        },
      },
    },
    async (req) => ok(await dev.getParameters(app, req, managedMerchant(req, req.query.merchantId))),
  );

  app.get(
    '/developer/docs',
    {
      config: { permission: Perm.DEVELOPER_DOCS },
      schema: {
        tags,
        summary: "The open API documentation's data: the merchant's id and active key ids for the examples, and each call's fields and rules read from its request schema",
        querystring: z.object({ merchantId: merchantIdField }),
        response: {
          200: envelopeOf(
            z.object({
              merchantId: z.number(),
              baseUrl: z.string(),
              prefix: z.string(),
              keys: z.array(z.object({ id: z.string(), name: z.string(), mode: z.enum(API_KEY_MODES) })),
              calls: z.array(
                z.object({
                  key: z.string(),
                  method: z.string(),
                  path: z.string(),
                  sandbox: z.boolean(),
                  fields: z.array(z.object({ name: z.string(), in: z.enum(DOC_FIELD_PLACES), type: z.string(), required: z.boolean(), rules: z.array(z.object({ rule: z.enum(DOC_RULES), text: z.string().optional(), min: z.number().optional(), max: z.number().optional() })) })),
                }),
              ),
            }),
          ),
        },
      },
    },
    async (req) => ok(await dev.getDocumentation(app, managedMerchant(req, req.query.merchantId))),
  );

  app.post(
    '/developer/keys',
    {
      config: { permission: Perm.DEVELOPER_KEY_EDIT },
      schema: {
        tags,
        summary: 'Create an API key; the answer carries its secret, shown this once',
        body: z.object({
          name: z.string().trim().max(API_KEY_NAME_MAX_LENGTH).default(''),
          mode: z.enum(API_KEY_MODES),
          googleCode,
          merchantId: merchantIdField,
        }),
        response: { 200: envelopeOf(z.object({ key: keyView, secret: z.string() })) },
      },
    },
    async (req) => {
      const merchantId = managedMerchant(req, req.body.merchantId);
      return ok(await dev.createKey(app, req, merchantId, { name: req.body.name, mode: req.body.mode }));
    },
  );

  app.post(
    '/developer/keys/:id/roll',
    {
      config: { permission: Perm.DEVELOPER_KEY_EDIT },
      schema: {
        tags,
        summary: 'Replace a key: a new key and secret (shown this once); the old key keeps working for the grace period',
        params: keyIdParams,
        body: secretBody.default({}),
        response: { 200: envelopeOf(z.object({ key: keyView, secret: z.string(), oldKeyExpiresAt: z.string() })) },
      },
    },
    async (req) => {
      const merchantId = managedMerchant(req, req.body.merchantId);
      return ok(await dev.rollKey(app, req, merchantId, req.params.id));
    },
  );

  app.post(
    '/developer/keys/:id/revoke',
    {
      config: { permission: Perm.DEVELOPER_KEY_EDIT },
      schema: {
        tags,
        summary: 'Revoke a key: it stops working at once',
        params: keyIdParams,
        body: secretBody.default({}),
        response: { 200: envelopeOf(keyView) },
      },
    },
    async (req) => {
      const merchantId = managedMerchant(req, req.body.merchantId);
      return ok(await dev.revokeKey(app, req, merchantId, req.params.id));
    },
  );

  app.put(
    '/developer/callbacks',
    {
      config: { permission: Perm.DEVELOPER_CALLBACK_EDIT },
      schema: {
        tags,
        summary: 'Default callback addresses (http or https, or null); an order may carry its own notifyUrl',
        body: z.object({
          collectionCallbackUrl: z.string().max(CALLBACK_URL_MAX_LENGTH * 2).nullable().optional(),
          payoutCallbackUrl: z.string().max(CALLBACK_URL_MAX_LENGTH * 2).nullable().optional(),
          merchantId: merchantIdField,
        }),
        response: { 200: envelopeOf(z.object({ collectionCallbackUrl: z.string().nullable(), payoutCallbackUrl: z.string().nullable() })) },
      },
    },
    async (req) => ok(await dev.saveCallbacks(app, req, managedMerchant(req, req.body.merchantId), req.body)),
  );

  app.put(
    '/developer/ip-whitelist',
    {
      config: { permission: Perm.DEVELOPER_WHITELIST_EDIT },
      schema: {
        tags,
        summary: 'Open API callers must come from one of these IPv4/IPv6 addresses or CIDR blocks; empty: sandbox keys only',
        body: z.object({
          ipWhitelist: z.array(z.string().max(128)).max(IP_WHITELIST_MAX_ENTRIES * 2),
          merchantId: merchantIdField,
        }),
        response: { 200: envelopeOf(z.object({ ipWhitelist: z.array(z.string()) })) },
      },
    },
    async (req) => ok(await dev.saveWhitelist(app, req, managedMerchant(req, req.body.merchantId), req.body.ipWhitelist)),
  );

  app.post(
    '/developer/webhook-secret/reveal',
    {
      config: { permission: Perm.DEVELOPER_KEY_EDIT },
      schema: {
        tags,
        summary: 'The Standard Webhooks signing secret (whsec_...), created on first use',
        body: secretBody.default({}),
        response: { 200: envelopeOf(z.object({ secret: z.string() })) },
      },
    },
    async (req) => {
      const merchantId = managedMerchant(req, req.body.merchantId);
      return ok(await dev.revealWebhookSecret(app, req, merchantId));
    },
  );

  app.post(
    '/developer/webhook-secret/roll',
    {
      config: { permission: Perm.DEVELOPER_KEY_EDIT },
      schema: {
        tags,
        summary: `Replace the webhook signing secret; from the next attempt callbacks carry the new secret's signature and, for ${WEBHOOK_SECRET_GRACE_HOURS} h, the old one's too`,
        body: secretBody.default({}),
        response: { 200: envelopeOf(z.object({ secret: z.string(), previousValidUntil: z.string().describe('until when the old secret still signs callbacks') })) },
      },
    },
    async (req) => {
      const merchantId = managedMerchant(req, req.body.merchantId);
      return ok(await dev.rollWebhook(app, req, merchantId));
    },
  );
};
