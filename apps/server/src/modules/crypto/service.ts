/**
 * The crypto withdrawal address book (issue 13): an address is checked by its network's format and checksum, added
 * by the merchant's crypto admin (Google code when 2FA is on), told to every admin, and usable for payouts only once
 * its cooling period is over; deleting is immediate and stops every payout to it not yet sent (issue 39). Payouts
 * read the book through payouts/whitelist.ts before holding any money, at approval and before sending.
 */
import {
  CRYPTO_ADDRESSES_MAX,
  CRYPTO_NETWORKS,
  CRYPTO_TOKEN,
  type LedgerAccountKind,
  PAYOUT_HOLDING_STATUSES,
  toMajorString,
  type CryptoAssetsView,
  CRYPTO_ADDRESS_COOLING_HOURS,
  CRYPTO_ADDRESS_LABEL_MAX_LENGTH,
  NETWORKS,
  PAYABLE_NETWORKS,
  cryptoBankCode,
  isCryptoNetwork,
  type CryptoAddressView,
  type CryptoNetworkValue,
} from '@mg/domain';
import type { Db, DbLike } from '../../db/pool';
import { KeyedError } from '../../lib/admin';
import { fieldError } from '../../lib/errors';
import { balancesOf, pgErrorCode } from '../ledger/service';
import { tellMerchantAdmins, type AdminNotifier } from '../announcements/tell-admins';
import { stopPayoutsTo, type PayoutRow } from '../payouts/service';
import { checkedAddress } from '../payouts/whitelist';
import { countLiveAddresses, deleteAddress, insertAddress, selectConfirmingByNetwork, selectInFlightByBankCode, type CryptoAddressRow } from './queries';

const HOUR_MS = 3_600_000;
const PG_UNIQUE_VIOLATION = '23505';

export function addressView(a: CryptoAddressRow, now: Date = new Date()): CryptoAddressView {
  return {
    id: a.id,
    network: a.network as CryptoNetworkValue,
    address: a.address,
    label: a.label,
    usable: a.usableAt.getTime() <= now.getTime(),
    usableAt: a.usableAt.toISOString(),
    createdBy: a.createdBy,
    createdAt: a.createdAt.toISOString(),
  };
}

/** The network a request names, refused by field when it is unknown or read only. */
export function payableNetwork(value: string, field = 'network'): CryptoNetworkValue {
  const n = value.trim().toUpperCase();
  if (!isCryptoNetwork(n)) throw fieldError(field, 'crypto.networkUnknown', { params: { networks: PAYABLE_NETWORKS.join(', ') } });
  if (!NETWORKS[n].payable) throw fieldError(field, 'crypto.networkReadOnly', { params: { network: NETWORKS[n].name } });
  return n;
}

export interface AddAddressInput {
  merchantId: number;
  network: string;
  address: string;
  label: string;
  createdBy: string;
  now?: Date;
}

export async function addAddress(db: Db, input: AddAddressInput, notifier: AdminNotifier | null): Promise<CryptoAddressRow> {
  const now = input.now ?? new Date();
  const network = payableNetwork(input.network);
  const address = checkedAddress(network, input.address);
  const label = input.label.trim();
  if (!label) throw fieldError('label', 'crypto.labelRequired');
  if (label.length > CRYPTO_ADDRESS_LABEL_MAX_LENGTH) throw fieldError('label', 'crypto.labelTooLong', { params: { max: CRYPTO_ADDRESS_LABEL_MAX_LENGTH } });
  if ((await countLiveAddresses(db, input.merchantId)) >= CRYPTO_ADDRESSES_MAX) throw new KeyedError('BUSINESS_RULE', 'crypto.addressesFull', { max: CRYPTO_ADDRESSES_MAX });
  let row: CryptoAddressRow;
  try {
    row = await insertAddress(db, {
      merchantId: input.merchantId,
      network,
      address,
      label,
      usableAt: new Date(now.getTime() + CRYPTO_ADDRESS_COOLING_HOURS * HOUR_MS),
      createdBy: input.createdBy,
      createdAt: now,
    });
  } catch (e) {
    if (pgErrorCode(e).code === PG_UNIQUE_VIOLATION) throw fieldError('address', 'crypto.addressDuplicate');
    throw e;
  }
  const params = { user: row.createdBy, network: NETWORKS[network].name, address: row.address, label: row.label, hours: String(CRYPTO_ADDRESS_COOLING_HOURS) };
  await tellMerchantAdmins(db, { merchantId: row.merchantId, titleKey: 'crypto.notice.addressAddedTitle', contentKey: 'crypto.notice.addressAddedContent', params }, notifier, now);
  return row;
}

/** The token's balances from the ledger and, per network, what its payouts hold (their sum is the frozen balance). */
export async function assetsOf(db: DbLike, merchantId: number): Promise<CryptoAssetsView> {
  const balances = (await balancesOf(db, merchantId)).filter((b) => b.currency === CRYPTO_TOKEN);
  const balance = (kind: LedgerAccountKind) => toMajorString(balances.find((b) => b.kind === kind)?.balance ?? 0n, CRYPTO_TOKEN);
  const [inFlight, confirming] = await Promise.all([selectInFlightByBankCode(db, merchantId, CRYPTO_TOKEN, PAYOUT_HOLDING_STATUSES), selectConfirmingByNetwork(db, merchantId)]);
  return {
    token: CRYPTO_TOKEN,
    available: balance('available'),
    pending: balance('pending'),
    frozen: balance('frozen'),
    networks: CRYPTO_NETWORKS.map((n) => {
      const d = NETWORKS[n];
      const held = d.payable ? inFlight.get(cryptoBankCode(n)) : undefined;
      return {
        network: n,
        name: d.name,
        tokenStandard: d.tokenStandard,
        confirmations: d.confirmations,
        payoutFee: d.payoutFee,
        payable: d.payable,
        inFlight: toMajorString(held?.total ?? 0n, CRYPTO_TOKEN),
        inFlightCount: held?.count ?? 0,
        confirming: toMajorString(confirming.get(n)?.total ?? 0n, CRYPTO_TOKEN),
        confirmingCount: confirming.get(n)?.count ?? 0,
      };
    }),
  };
}

/**
 * Deletes an address at once and, in the same transaction, stops what is not yet sent to it (issue 39; decided in
 * docs/decisions.md): payouts waiting for review are rejected by `by`, approved ones not yet handed to the chain are
 * cancelled, each with reason ADDRESS_DELETED, its hold released and its callback written. A payout creating itself
 * to the address holds it (whitelist check `hold`), so the delete waits for it and stops it too.
 */
export async function removeAddress(db: Db, a: { merchantId: number; id: number; by: string; now?: Date }): Promise<{ address: CryptoAddressRow; stopped: PayoutRow[] }> {
  const now = a.now ?? new Date();
  return db.transaction(async (tx) => {
    const address = await deleteAddress(tx, a.merchantId, a.id, now);
    if (!address) throw new KeyedError('NOT_FOUND', 'crypto.addressNotFound');
    const stopped = await stopPayoutsTo(tx, { merchantId: a.merchantId, bankCode: cryptoBankCode(address.network as CryptoNetworkValue), address: address.address, by: a.by, now });
    return { address, stopped };
  });
}
