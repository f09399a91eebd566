/**
 * The areas of the product, one entry each. The menu tree, the permission catalogue and role grants
 * (permissions/catalogue.ts), the list and export registry (LISTS) and the `Perm` codes are derived from them.
 * Adding an area: its import with its re-export, and its entry in AREAS (docs/adding-an-area.md). Areas never import
 * this file.
 */
import type { AreaDecl } from './areas/define';
import type { AnyListDecl } from './lists/define';
import { CORE_PERM } from './permission-codes';
import { accountArea } from './account';
export * from './account';
import { announcementsArea } from './announcements';
export * from './announcements';
import { auditArea } from './audit';
export * from './audit';
import { autoDeductionsArea } from './auto-deductions';
export * from './auto-deductions';
import { balanceRecordsArea } from './balance-records';
export * from './balance-records';
import { balanceTransfersArea } from './balance-transfers';
export * from './balance-transfers';
import { balancesArea } from './balances';
export * from './balances';
import { callbacksArea } from './callbacks';
export * from './callbacks';
import { channelHealthArea } from './channel-health';
export * from './channel-health';
import { collectionsArea } from './collections';
export * from './collections';
import { cryptoArea } from './crypto';
export * from './crypto';
import { dashboardArea } from './dashboard';
export * from './dashboard';
import { departmentsArea } from './departments';
export * from './departments';
import { developerArea } from './developer';
export * from './developer';
import { apiLogsArea } from './api-logs';
export * from './api-logs';
import { dictionariesArea } from './dictionaries';
export * from './dictionaries';
import { exportsArea } from './exports';
export * from './exports';
import { feesArea } from './fees';
export * from './fees';
import { mailOutboxArea } from './mail-outbox';
export * from './mail-outbox';
import { onboardingArea } from './onboarding';
export * from './onboarding';
import { paymentLinksArea } from './payment-links';
export * from './payment-links';
import { payoutsArea } from './payouts';
export * from './payouts';
import { permissionsArea } from './permissions';
export * from './permissions';
import { productsArea } from './products';
export * from './products';
import { refundsArea } from './refunds';
export * from './refunds';
import { salesArea } from './sales';
export * from './sales';
import { rolesArea } from './roles';
export * from './roles';
import { settlementsArea } from './settlements';
export * from './settlements';
import { topUpsArea } from './top-ups';
export * from './top-ups';
import { usersArea } from './users';
export * from './users';
import { withdrawalsArea } from './withdrawals';
export * from './withdrawals';
// Vocabulary of no area of the menu (no pages, no codes).
export * from './files';
export * from './realtime';
export * from './search';
export * from './cashier';
export * from './open-api';


const DECLARED = [
  dashboardArea,
  usersArea,
  rolesArea,
  departmentsArea,
  auditArea,
  announcementsArea,
  permissionsArea,
  dictionariesArea,
  mailOutboxArea,
  onboardingArea,
  collectionsArea,
  refundsArea,
  payoutsArea,
  autoDeductionsArea,
  callbacksArea,
  paymentLinksArea,
  salesArea,
  balancesArea,
  cryptoArea,
  balanceTransfersArea,
  topUpsArea,
  withdrawalsArea,
  balanceRecordsArea,
  settlementsArea,
  exportsArea,
  productsArea,
  channelHealthArea,
  feesArea,
  developerArea,
  apiLogsArea,
  accountArea,
] as const satisfies readonly AreaDecl[];

export const AREAS: readonly AreaDecl[] = DECLARED;

type UnionToIntersection<U> = (U extends unknown ? (x: U) => void : never) extends (x: infer I) => void ? I : never;

/** Every permission code the server checks, by constant name: the areas' own and the core ones. */
export const Perm = Object.freeze(Object.assign({}, CORE_PERM, ...AREAS.map((a) => a.perm))) as Readonly<
  UnionToIntersection<(typeof DECLARED)[number]['perm']> & typeof CORE_PERM
>;
export type PermCode = (typeof Perm)[keyof typeof Perm];

/** Every declared list by name (= its area's name = its export kind). */
export const LISTS: Readonly<Record<string, AnyListDecl>> = Object.fromEntries(AREAS.flatMap((a) => a.lists ?? []).map((l) => [l.name, l]));

export function findList(name: string): AnyListDecl | undefined {
  return Object.hasOwn(LISTS, name) ? LISTS[name] : undefined;
}
