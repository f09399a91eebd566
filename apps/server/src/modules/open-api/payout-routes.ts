/**
 * Open API payouts (docs/open-api.md "Payouts"): create (idempotent, held at once), read by id or merchant order
 * id, the destinations of a currency, cancel, and the sandbox helpers that end a processing payout. Registered
 * inside openApiRoutes, so the signature, nonce, IP and Idempotency-Key checks of ./auth.ts run first.
 */
import { CRYPTO_TOKEN, MERCHANT_ORDER_ID_PATTERN, cryptoBankCode, type CurrencyCode, PAYOUT_API_MAKER_PREFIX, PAYOUT_DESCRIPTION_MAX_LENGTH, isPayoutFailureCode, type PayoutFailureCode } from '@mg/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { envelopeOf, ok } from '../../lib/envelope';
import { notFound } from '../../lib/admin';
import { fieldError } from '../../lib/errors';
import { payableNetwork } from '../crypto/service';
import { checkedAddress } from '../payouts/whitelist';
import { getPayout, getPayoutByOrderId } from '../payouts/read';
import { assertSandboxPayout, cancelPayout, completePayout, payoutInsert, payoutView, payoutWriteError, preparePayout, writePayout } from '../payouts/service';
import { destinationsSchema, destinationsView } from '../payouts/views';
import { idempotentInsert, idempotently } from './answer';
import { sandboxOnly } from './auth';
import { amountField, currencyField } from '../../lib/fields';
import { callDoc, createdEnvelope, payoutSchema } from './schemas';

const openApi = { openApi: true } as const;
const idParams = z.object({ id: z.string().min(1).max(32) });

const createPayoutBody = z.object({
  merchantOrderId: z.string().regex(MERCHANT_ORDER_ID_PATTERN).describe('unique per merchant: letters, digits and - _ . :'),
  amount: z.string().min(1).max(40).describe('decimal string in major units'),
  currency: z.string().min(1).max(8),
  bankCode: z.string().max(32).optional().describe('a bankCode of GET /payouts/banks for this currency (fiat; crypto: derived from network)'),
  accountName: z.string().max(200).optional(),
  accountNumber: z.string().max(120).optional().describe('account number, wallet phone, CLABE, IBAN, UPI id or PIX key, as the destination says'),
  network: z.string().max(8).optional().describe('USDT: TRON or ETH'),
  token: z.string().max(8).optional().describe('USDT: the token (USDT)'),
  address: z.string().max(100).optional().describe('USDT: a whitelisted withdrawal address on that network, past its cooling period'),
  accountType: z.string().max(16).optional().describe('checking | savings, where the destination needs it'),
  documentId: z.string().max(32).optional().describe('Brazil CPF/CNPJ, Colombia cédula/NIT, where needed'),
  bankAgency: z.string().max(16).optional().describe('branch: Brazil agência, India IFSC, Japan branch code'),
  pixKeyType: z.string().max(8).optional().describe('PIX: cpf | cnpj | email | phone | evp'),
  description: z.string().max(PAYOUT_DESCRIPTION_MAX_LENGTH).optional(),
  notifyUrl: z.url({ protocol: /^https?$/ }).max(512).nullish().describe("callback address of this payout; default: the merchant's payout callback address"),
});

/**
 * Where the payout goes: a fiat `bankCode` with its account fields, or for USDT a `network`, `token` and `address`
 * (issue 13), which become the network's destination code and the address as the account.
 */
function payoutDestinationOf(b: z.infer<typeof createPayoutBody>, currency: CurrencyCode): { bankCode: string; accountNumber?: string } {
  if (currency !== CRYPTO_TOKEN) {
    if (!b.bankCode?.trim()) throw fieldError('bankCode', 'payouts.validation.required');
    return { bankCode: b.bankCode.trim().toUpperCase() };
  }
  const token = (b.token ?? CRYPTO_TOKEN).trim().toUpperCase();
  if (token !== CRYPTO_TOKEN) throw fieldError('token', 'crypto.tokenUnsupported', { params: { token: CRYPTO_TOKEN } });
  if (!b.network?.trim()) throw fieldError('network', 'payouts.validation.required');
  const network = payableNetwork(b.network);
  return { bankCode: cryptoBankCode(network), accountNumber: checkedAddress(network, b.address ?? b.accountNumber ?? '', 'address') };
}

export const openPayoutRoutes: FastifyPluginAsyncZod = async (app) => {
  const payoutOf = async (req: FastifyRequest, id: string) => {
    const row = await getPayout(app.db, req.openApi.merchantId, id);
    if (!row) throw notFound();
    return row;
  };
  const view = (req: FastifyRequest, row: Parameters<typeof payoutView>[0]) => payoutView(row, req.lang) as z.infer<typeof payoutSchema>;

  app.post(
    '/payouts',
    {
      config: openApi,
      schema: { ...callDoc('createPayout'), body: createPayoutBody, response: { 201: createdEnvelope(payoutSchema) } },
    },
    async (req, reply) => {
      const b = req.body;
      const currency = currencyField(b.currency);
      const input = {
        ...b,
        ...payoutDestinationOf(b, currency),
        merchantId: req.openApi.merchantId,
        mode: req.openApi.mode,
        amount: amountField(b.amount, currency),
        currency,
        createdBy: `${PAYOUT_API_MAKER_PREFIX}${req.openApi.keyId}`,
      };
      const prepared = await preparePayout(app.db, input, { cache: app.configCache, version: req.openApi.configVersion });
      const answer = { ...ok(view(req, prepared.row)), code: 201 };
      const hold = prepared.chainedHold;
      try {
        // A plain payout: its row, its hold and its answer in one statement (11 round trips before; issue 43).
        if (hold) return await idempotentInsert(app, req, reply, 201, answer, payoutInsert(prepared.row), { chain: hold, otherwise: (tx) => writePayout(tx, prepared, input) });
        return await idempotently(app, req, reply, 201, async (tx) => ({ ...ok(view(req, await writePayout(tx, prepared, input))), code: 201 }));
      } catch (e) {
        throw payoutWriteError(e, input.merchantOrderId);
      }
    },
  );

  app.get(
    '/payouts/banks',
    { config: openApi, schema: { ...callDoc('listPayoutBanks'), querystring: z.object({ currency: z.string().min(1).max(8) }), response: { 200: envelopeOf(destinationsSchema) } } },
    async (req) => ok(destinationsView(currencyField(req.query.currency), req.lang)),
  );

  app.get(
    '/payouts/:id',
    { config: openApi, schema: { ...callDoc('getPayout'), params: idParams, response: { 200: envelopeOf(payoutSchema) } } },
    async (req) => ok(view(req, await payoutOf(req, req.params.id))),
  );

  app.get(
    '/payouts',
    { config: openApi, schema: { ...callDoc('findPayout'), querystring: z.object({ merchantOrderId: z.string().regex(MERCHANT_ORDER_ID_PATTERN) }), response: { 200: envelopeOf(payoutSchema) } } },
    async (req) => {
      const row = await getPayoutByOrderId(app.db, req.openApi.merchantId, req.query.merchantOrderId);
      if (!row) throw notFound();
      return ok(view(req, row));
    },
  );

  app.post(
    '/payouts/:id/cancel',
    { config: openApi, schema: { ...callDoc('cancelPayout'), params: idParams, response: { 200: envelopeOf(payoutSchema) } } },
    async (req, reply) => {
      const found = await payoutOf(req, req.params.id);
      return idempotently(app, req, reply, 200, async (tx) => ok(view(req, await cancelPayout(tx, { merchantId: found.merchantId, id: found.id }))));
    },
  );

  /* Sandbox helpers: sandbox keys only ---------------------------------------------------------------------- */

  app.post(
    '/sandbox/payouts/:id/succeed',
    { config: openApi, schema: { ...callDoc('sandboxSucceedPayout'), params: idParams, response: { 200: envelopeOf(payoutSchema) } } },
    async (req) => {
      sandboxOnly(req);
      const row = await completePayout(app.db, { merchantId: req.openApi.merchantId, id: req.params.id, result: { status: 'success' }, check: assertSandboxPayout });
      return ok(view(req, row));
    },
  );

  app.post(
    '/sandbox/payouts/:id/fail',
    {
      config: openApi,
      schema: { ...callDoc('sandboxFailPayout'), params: idParams, body: z.object({ reason: z.string().max(40).describe('payout failure reason code') }), response: { 200: envelopeOf(payoutSchema) } },
    },
    async (req) => {
      sandboxOnly(req);
      const reason = req.body.reason;
      if (!isPayoutFailureCode(reason)) throw fieldError('reason', 'error.fieldInvalid', { params: { value: reason.slice(0, 40) } });
      const row = await completePayout(app.db, { merchantId: req.openApi.merchantId, id: req.params.id, result: { status: 'failed', reason: reason as PayoutFailureCode }, check: assertSandboxPayout });
      return ok(view(req, row));
    },
  );
};
