/**
 * The crypto calls declared once (calls/define.ts): the token's balances per network, the chain transactions of the
 * merchant, the sandbox explorer (public), and the withdrawal address book (adding and deleting an address take the
 * Google code when 2FA is on; a delete stops the payouts to it not yet sent).
 */
import { z } from 'zod';
import { defineCall } from '../calls/define';
import { googleCodeField } from '../second-factor';
import { CRYPTO_PERM } from './perm';
import {
  CRYPTO_ADDRESS_LABEL_MAX_LENGTH,
  CRYPTO_HISTORY_PAGE_MAX,
  CRYPTO_HISTORY_PAGE_SIZE,
  chainTxSchema,
  cryptoAddressSchema,
  cryptoAssetsSchema,
  cryptoHistoryRowSchema,
} from './vocabulary';

const merchantId = z.coerce.number().int().positive().optional();

/** A new withdrawal address: the network, the address (checked by its checksum) and the label it is named by. */
export const cryptoAddressBodySchema = z.object({ network: z.string().max(8), address: z.string().max(100), label: z.string().max(CRYPTO_ADDRESS_LABEL_MAX_LENGTH * 2), googleCode: googleCodeField });

/** One page of the merchant's chain transactions. */
export const cryptoHistoryPageSchema = z.object({ records: z.array(cryptoHistoryRowSchema), total: z.number().int() });

export const cryptoCalls = {
  assets: defineCall({
    method: 'GET',
    path: '/crypto/assets',
    permission: CRYPTO_PERM.CRYPTO_MENU,
    summary: 'USDT available, pending and frozen, and per network its confirmations, network fee and the payouts in flight',
    query: z.object({ merchantId }),
    answer: cryptoAssetsSchema,
  }),
  history: defineCall({
    method: 'GET',
    path: '/crypto/history',
    permission: CRYPTO_PERM.CRYPTO_MENU,
    summary: 'Deposits to the merchant’s crypto orders and its crypto payouts as chain transactions, newest first',
    query: z.object({
      pageNo: z.coerce.number().int().min(1).max(CRYPTO_HISTORY_PAGE_MAX).default(1),
      pageSize: z.coerce.number().int().min(1).max(CRYPTO_HISTORY_PAGE_SIZE).default(CRYPTO_HISTORY_PAGE_SIZE),
      merchantId,
    }),
    answer: cryptoHistoryPageSchema,
  }),
  explorer: defineCall({
    method: 'GET',
    path: '/crypto/explorer/:hash',
    public: true,
    summary: 'The sandbox explorer: one transaction of the sandbox chain by its id (public, as a chain explorer is; sandbox orders only)',
    params: z.object({ hash: z.string().min(1).max(80) }),
    answer: chainTxSchema,
  }),
  addresses: defineCall({
    method: 'GET',
    path: '/crypto/addresses',
    permission: CRYPTO_PERM.CRYPTO_MENU,
    summary: "The merchant's crypto withdrawal addresses (usable once their cooling period is over)",
    query: z.object({ network: z.string().max(8).optional(), merchantId }),
    answer: z.array(cryptoAddressSchema),
  }),
  addAddress: defineCall({
    method: 'POST',
    path: '/crypto/addresses',
    permission: CRYPTO_PERM.CRYPTO_ADDRESS_EDIT,
    summary: 'Add a withdrawal address on a network (checked by its checksum); every admin is told; usable for payouts after the cooling period',
    body: cryptoAddressBodySchema,
    answer: cryptoAddressSchema,
  }),
  deleteAddress: defineCall({
    method: 'DELETE',
    path: '/crypto/addresses/:id',
    permission: CRYPTO_PERM.CRYPTO_ADDRESS_EDIT,
    summary: 'Delete a withdrawal address at once; its payouts not yet sent are stopped (rejected in review, cancelled once approved) and their holds released; those made keep it',
    params: z.object({ id: z.coerce.number().int().positive() }),
    query: z.object({ googleCode: googleCodeField }),
    answer: z.object({ stopped: z.array(z.string()).describe('ids of the payouts stopped') }),
  }),
};
