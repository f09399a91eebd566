/**
 * Where a crypto payout may go (issue 13): an address of the merchant's withdrawal address book, written as its
 * network writes it, past its cooling period. Checked before any money is held, again when a payout is approved and
 * when it is handed to the chain (issue 39: an address deleted meanwhile stops what is not yet sent to it).
 */
import { DestinationKind, NETWORKS, checkCryptoAddress, networkOfBankCode, type CryptoNetworkValue } from '@mg/domain';
import type { DbLike } from '../../db/pool';
import { KeyedError } from '../../lib/admin';
import { fieldError } from '../../lib/errors';
import type { PayoutRow } from './queries';
import { selectLiveAddress, selectUsableAddressKeys } from './queries/whitelist';

/** The address as its network writes it (EIP-55 for Ethereum), or the field's error naming the problem. */
export function checkedAddress(network: CryptoNetworkValue, address: string, field = 'address'): string {
  const c = checkCryptoAddress(network, address);
  if (!c.ok) throw fieldError(field, c.messageKey, { params: c.params });
  return c.address;
}

/**
 * The label of a whitelisted address past its cooling period: a crypto payout goes nowhere else. Refused with
 * ADDRESS_NOT_WHITELISTED (422) naming why: not in the book, or usable only from a time. `hold` (inside the payout's
 * transaction): the address stays in the book until that transaction ends.
 */
export async function whitelistedLabel(db: DbLike, merchantId: number, network: CryptoNetworkValue, address: string, now: Date, opts: { hold?: boolean } = {}): Promise<string> {
  const row = await selectLiveAddress(db, merchantId, network, address, opts.hold);
  if (!row) throw new KeyedError('ADDRESS_NOT_WHITELISTED', 'crypto.addressNotWhitelisted', { address, network: NETWORKS[network].name });
  if (row.usableAt.getTime() > now.getTime()) throw new KeyedError('ADDRESS_NOT_WHITELISTED', 'crypto.addressCooling', { address, usableAt: row.usableAt.toISOString() });
  return row.label;
}

const networkOf = (row: Pick<PayoutRow, 'destinationKind' | 'bankCode'>) => (row.destinationKind === DestinationKind.CRYPTO ? networkOfBankCode(row.bankCode) : undefined);

/**
 * A payout waiting for review may be approved only while its address is still whitelisted: one whose address left the
 * book is refused (422, naming the address and that rejecting it releases the hold). Not a lock: a delete that commits
 * after this approval finds the payout approved and not sent, and stops it (crypto/service.ts removeAddress).
 */
export async function assertApprovable(db: DbLike, row: PayoutRow, now: Date): Promise<void> {
  const network = networkOf(row);
  if (!network) return;
  const live = await selectLiveAddress(db, row.merchantId, network, row.accountNumber);
  if (!live) throw new KeyedError('ADDRESS_NOT_WHITELISTED', 'payouts.addressDeleted', { address: row.accountNumber });
  if (live.usableAt.getTime() > now.getTime()) throw new KeyedError('ADDRESS_NOT_WHITELISTED', 'crypto.addressCooling', { address: row.accountNumber, usableAt: live.usableAt.toISOString() });
}

/** The ids of those crypto payouts whose address is no longer whitelisted (one read for all of them). */
export async function offWhitelist(db: DbLike, rows: readonly PayoutRow[], now: Date): Promise<Set<string>> {
  const crypto = rows.flatMap((r) => {
    const network = networkOf(r);
    return network ? [{ row: r, key: { merchantId: r.merchantId, network, address: r.accountNumber } }] : [];
  });
  const usable = await selectUsableAddressKeys(db, crypto.map((c) => c.key), now);
  return new Set(crypto.filter((c) => !usable.has(`${c.key.merchantId}:${c.key.network}:${c.key.address}`)).map((c) => c.row.id));
}
