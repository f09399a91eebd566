/**
 * Crypto assets from the dashboard (docs/payments-api.md "Crypto"): the merchant's withdrawal address book. Listing
 * needs the crypto page; adding and deleting the address permission (the crypto admin's) and the Google code when 2FA
 * is on. Scoped to the caller's merchant (provider staff may name one).
 */
import { CRYPTO_ADDRESS_LABEL_MAX_LENGTH, CRYPTO_DEPOSIT_JOB_MS, CRYPTO_HISTORY_PAGE_MAX, CRYPTO_HISTORY_PAGE_SIZE, Perm, chainTxSchema, cryptoAddressSchema, cryptoAssetsSchema, cryptoHistoryRowSchema } from '@mg/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeOf, ok } from '../../lib/envelope';
import { t } from '../../lib/i18n';
import { audit, requireAuth } from '../auth';
import { ownMerchant } from '../auth/scope';
import { googleCodeField } from '../auth/second-factor';
import { notFound } from '../../lib/admin';
import { confirmDueDeposits } from './deposits';
import { chainTxOf, historyOf } from './history';
import { selectAddresses } from './queries';
import { addAddress, addressView, assetsOf, removeAddress } from './service';

const tags = ['crypto'];
const googleCode = googleCodeField;

export const cryptoRoutes: FastifyPluginAsyncZod = async (app) => {
  // The sandbox chain: deposits whose confirmations are all in pay their orders.
  app.jobs.every('crypto.deposits', CRYPTO_DEPOSIT_JOB_MS, async () => {
    await confirmDueDeposits(app.db, new Date(), { publicUrl: app.publicUrl, log: app.log });
  });

  app.get(
    '/crypto/assets',
    {
      config: { permission: Perm.CRYPTO_MENU },
      schema: {
        tags,
        summary: 'USDT available, pending and frozen, and per network its confirmations, network fee and the payouts in flight',
        querystring: z.object({ merchantId: z.coerce.number().int().positive().optional() }),
        response: { 200: envelopeOf(cryptoAssetsSchema) },
      },
    },
    async (req) => ok(await assetsOf(app.db, ownMerchant(req, req.query.merchantId))),
  );

  app.get(
    '/crypto/history',
    {
      config: { permission: Perm.CRYPTO_MENU },
      schema: {
        tags,
        summary: 'Deposits to the merchant’s crypto orders and its crypto payouts as chain transactions, newest first',
        querystring: z.object({
          pageNo: z.coerce.number().int().min(1).max(CRYPTO_HISTORY_PAGE_MAX).default(1),
          pageSize: z.coerce.number().int().min(1).max(CRYPTO_HISTORY_PAGE_SIZE).default(CRYPTO_HISTORY_PAGE_SIZE),
          merchantId: z.coerce.number().int().positive().optional(),
        }),
        response: { 200: envelopeOf(z.object({ records: z.array(cryptoHistoryRowSchema), total: z.number().int() })) },
      },
    },
    async (req) => ok(await historyOf(app.db, ownMerchant(req, req.query.merchantId), req.query)),
  );

  app.get(
    '/crypto/explorer/:hash',
    {
      config: { public: true },
      schema: {
        tags,
        summary: 'The sandbox explorer: one transaction of the sandbox chain by its id (public, as a chain explorer is; sandbox orders only)',
        params: z.object({ hash: z.string().min(1).max(80) }),
        response: { 200: envelopeOf(chainTxSchema) },
      },
    },
    async (req) => {
      const tx = await chainTxOf(app.db, req.params.hash);
      if (!tx) throw notFound();
      return ok(tx);
    },
  );

  app.get(
    '/crypto/addresses',
    {
      config: { permission: Perm.CRYPTO_MENU },
      schema: {
        tags,
        summary: "The merchant's crypto withdrawal addresses (usable once their cooling period is over)",
        querystring: z.object({ network: z.string().max(8).optional(), merchantId: z.coerce.number().int().positive().optional() }),
        response: { 200: envelopeOf(z.array(cryptoAddressSchema)) },
      },
    },
    async (req) => {
      const merchantId = ownMerchant(req, req.query.merchantId);
      const now = new Date();
      return ok((await selectAddresses(app.db, merchantId, req.query.network?.toUpperCase())).map((a) => addressView(a, now)));
    },
  );

  app.post(
    '/crypto/addresses',
    {
      config: { permission: Perm.CRYPTO_ADDRESS_EDIT },
      schema: {
        tags,
        summary: 'Add a withdrawal address on a network (checked by its checksum); every admin is told; usable for payouts after the cooling period',
        body: z.object({ network: z.string().max(8), address: z.string().max(100), label: z.string().max(CRYPTO_ADDRESS_LABEL_MAX_LENGTH * 2), googleCode }),
        response: { 200: envelopeOf(cryptoAddressSchema) },
      },
    },
    async (req) => {
      const auth = requireAuth(req);
      const merchantId = ownMerchant(req);
      const row = await addAddress(app.db, { ...req.body, merchantId, createdBy: auth.username }, { mailer: app.mailer, log: req.log });
      await audit(app.db, req, 'crypto_address_added', { success: true, merchantId, detail: { network: row.network, address: row.address, addressId: row.id } });
      return ok(addressView(row), t(req.lang, 'crypto.form.addressAdded'));
    },
  );

  app.delete(
    '/crypto/addresses/:id',
    {
      config: { permission: Perm.CRYPTO_ADDRESS_EDIT },
      schema: {
        tags,
        summary: 'Delete a withdrawal address at once; its payouts not yet sent are stopped (rejected in review, cancelled once approved) and their holds released; those made keep it',
        params: z.object({ id: z.coerce.number().int().positive() }),
        querystring: z.object({ googleCode }),
        response: { 200: envelopeOf(z.object({ stopped: z.array(z.string()).describe('ids of the payouts stopped') })) },
      },
    },
    async (req) => {
      const auth = requireAuth(req);
      const merchantId = ownMerchant(req);
      const { stopped } = await removeAddress(app.db, { merchantId, id: req.params.id, by: auth.username });
      const payoutIds = stopped.map((p) => p.id);
      await audit(app.db, req, 'crypto_address_deleted', { success: true, merchantId, detail: { addressId: req.params.id, ...(payoutIds.length > 0 ? { payoutIds } : {}) } });
      return ok({ stopped: payoutIds }, payoutIds.length > 0 ? t(req.lang, 'crypto.addresses.deleted', { count: payoutIds.length }) : t(req.lang, 'error.operationSucceeded'));
    },
  );
};
