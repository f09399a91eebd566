/**
 * The areas of the product, one line each. The menu tree, the permission catalogue and role grants
 * (permissions/catalogue.ts), the list and export registry (LISTS) and the `Perm` codes are derived from them.
 * Adding an area: one import and one entry in AREAS (docs/adding-an-area.md). Areas never import this file.
 */
import type { AreaDecl } from './areas/define';
import type { AnyListDecl } from './lists/define';
import { CORE_PERM } from './permission-codes';
import { accountArea } from './account';
import { announcementsArea } from './announcements';
import { auditArea } from './audit';
import { balanceRecordsArea } from './balance-records';
import { balancesArea } from './balances';
import { callbacksArea } from './callbacks';
import { collectionsArea } from './collections';
import { dashboardArea } from './dashboard';
import { departmentsArea } from './departments';
import { developerArea } from './developer';
import { dictionariesArea } from './dictionaries';
import { exportsArea } from './exports';
import { feesArea } from './fees';
import { mailOutboxArea } from './mail-outbox';
import { paymentLinksArea } from './payment-links';
import { permissionsArea } from './permissions';
import { productsArea } from './products';
import { refundsArea } from './refunds';
import { rolesArea } from './roles';
import { settlementsArea } from './settlements';
import { usersArea } from './users';

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
  collectionsArea,
  refundsArea,
  callbacksArea,
  paymentLinksArea,
  balancesArea,
  balanceRecordsArea,
  settlementsArea,
  exportsArea,
  productsArea,
  feesArea,
  developerArea,
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
