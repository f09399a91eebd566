/**
 * Demo address book of CoinRail (10010): a TRON address past its cooling period, so a crypto payout can be tried at
 * once, and an Ethereum one still cooling, so the countdown shows. Written once, with the demo payments (seed.ts).
 */
import { CRYPTO_ADDRESS_COOLING_HOURS, CryptoNetwork } from '@mg/domain';
import type pg from 'pg';
import { dbOf, type DbLike } from '../../db/pool';
import { countLiveAddresses, insertAddress } from './queries';

const HOUR_MS = 3_600_000;
const DEMO_CRYPTO_MERCHANT_ID = 10010;

export const DEMO_CRYPTO_ADDRESSES = [
  { network: CryptoNetwork.TRON, address: 'TZCNXo6FtFWyueakqJ1nYQpJSitD3XHN3g', label: 'Treasury cold wallet', addedHoursAgo: 72 },
  { network: CryptoNetwork.ETHEREUM, address: '0x40E797091DE4Ea554eA0F515b3Dccb8F8FaEAaC4', label: 'Exchange deposit', addedHoursAgo: 2 },
] as const;

export async function seedDemoCryptoAddresses(db: DbLike, now: Date): Promise<void> {
  if ((await countLiveAddresses(db, DEMO_CRYPTO_MERCHANT_ID)) > 0) return;
  for (const a of DEMO_CRYPTO_ADDRESSES) {
    const createdAt = new Date(now.getTime() - a.addedHoursAgo * HOUR_MS);
    await insertAddress(db, {
      merchantId: DEMO_CRYPTO_MERCHANT_ID,
      network: a.network,
      address: a.address,
      label: a.label,
      usableAt: new Date(createdAt.getTime() + CRYPTO_ADDRESS_COOLING_HOURS * HOUR_MS),
      createdBy: 'crypto_admin',
      createdAt,
    });
  }
}

/** seed.ts entry, after the demo payments: on a plain pool. */
export function seedDemoCryptoAddressesFromPool(pool: pg.Pool, now: Date = new Date()): Promise<void> {
  return seedDemoCryptoAddresses(dbOf(pool), now);
}
