/**
 * Crypto assets from the dashboard (docs/payments-api.md "Crypto"): the merchant's withdrawal address book. Listing
 * needs the crypto page; adding and deleting the address permission (the crypto admin's) and the Google code when 2FA
 * is on. Scoped to the caller's merchant (provider staff may name one).
 */
import { CRYPTO_DEPOSIT_JOB_MS, cryptoCalls } from '@mg/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { notFound } from '../../lib/admin';
import { callRoute } from '../../lib/call-route';
import { ok } from '../../lib/envelope';
import { t } from '../../lib/i18n';
import { audit, requireAuth } from '../auth';
import { ownMerchant } from '../auth/scope';
import { confirmDueDeposits } from './deposits';
import { chainTxOf, historyOf } from './history';
import { selectAddresses } from './queries';
import { addAddress, addressView, assetsOf, removeAddress } from './service';

const tags = ['crypto'];

export const cryptoRoutes: FastifyPluginAsyncZod = async (app) => {
  // The sandbox chain: deposits whose confirmations are all in pay their orders.
  app.jobs.every('crypto.deposits', CRYPTO_DEPOSIT_JOB_MS, async () => {
    await confirmDueDeposits(app.db, new Date(), { publicUrl: app.publicUrl, log: app.log });
  });

  app.get(cryptoCalls.assets.path, callRoute(cryptoCalls.assets, { tags }), async (req) => ok(await assetsOf(app.db, ownMerchant(req, req.query.merchantId))));

  app.get(cryptoCalls.history.path, callRoute(cryptoCalls.history, { tags }), async (req) => ok(await historyOf(app.db, ownMerchant(req, req.query.merchantId), req.query)));

  app.get(cryptoCalls.explorer.path, callRoute(cryptoCalls.explorer, { tags }), async (req) => {
    const tx = await chainTxOf(app.db, req.params.hash);
    if (!tx) throw notFound();
    return ok(tx);
  });

  app.get(cryptoCalls.addresses.path, callRoute(cryptoCalls.addresses, { tags }), async (req) => {
    const merchantId = ownMerchant(req, req.query.merchantId);
    const now = new Date();
    return ok((await selectAddresses(app.db, merchantId, req.query.network?.toUpperCase())).map((a) => addressView(a, now)));
  });

  app.post(cryptoCalls.addAddress.path, callRoute(cryptoCalls.addAddress, { tags }), async (req) => {
    const auth = requireAuth(req);
    const merchantId = ownMerchant(req);
    const row = await addAddress(app.db, { ...req.body, merchantId, createdBy: auth.username }, { mailer: app.mailer, log: req.log });
    await audit(app.db, req, 'crypto_address_added', { success: true, merchantId, detail: { network: row.network, address: row.address, addressId: row.id } });
    return ok(addressView(row), t(req.lang, 'crypto.form.addressAdded'));
  });

  app.delete(cryptoCalls.deleteAddress.path, callRoute(cryptoCalls.deleteAddress, { tags }), async (req) => {
    const auth = requireAuth(req);
    const merchantId = ownMerchant(req);
    const { stopped } = await removeAddress(app.db, { merchantId, id: req.params.id, by: auth.username });
    const payoutIds = stopped.map((p) => p.id);
    await audit(app.db, req, 'crypto_address_deleted', { success: true, merchantId, detail: { addressId: req.params.id, ...(payoutIds.length > 0 ? { payoutIds } : {}) } });
    return ok({ stopped: payoutIds }, payoutIds.length > 0 ? t(req.lang, 'crypto.addresses.deleted', { count: payoutIds.length }) : t(req.lang, 'error.operationSucceeded'));
  });
};
