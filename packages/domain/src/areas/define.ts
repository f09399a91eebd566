/**
 * An area (settlements, users, sales ...) declares itself once: its permission codes with their titles and who is
 * granted them, its menu pages, its lists. The menu tree, the button catalogue, the role grants and the export
 * kinds are derived from the areas of `registry.ts` (one line per area); nothing central is edited per area.
 *
 * The area's name is its folder on every side (`packages/domain/src/<name>`, `apps/server/src/modules/<name>`,
 * `apps/web/src/features/<name>`), its API path (`/api/<name>`, except the spec's fixed `/sys/...` paths), the
 * prefix of its permission codes (`<name>:menu`), its i18n namespace (`<name>.title`) and the last segment of its
 * menu path (`/funds/<name>`, except the spec's fixed routes).
 */
import { PermissionType, type PermissionTypeValue } from '../enums';
import type { AnyListDecl } from '../lists/define';

/**
 * Who is granted a code. Each role holds a set of tiers (permissions.ts ROLE_TIERS); a code declares its tiers, and
 * a role is granted the code when they meet. Role `admin` holds every code.
 */
export const GrantTier = {
  /** The home page. */
  HOME: 'home',
  /** The user's own account (password, 2FA). */
  SELF: 'self',
  /** The merchant's own users and their security history (third_role_admin "manage sub-accounts"). */
  TEAM: 'team',
  /** Roles and departments of the merchant (role all). */
  ORGANISATION: 'organisation',
  /** Reading payments, funds and products, and exporting them (spec §6 "order query", "settlement record query"). */
  READ: 'read',
  /** Acting on payments: refunds, payment links, callback resend, the low-balance threshold. */
  OPERATE: 'operate',
  /** Approving money out made by someone else (payout review and the approval policy): maker-checker. */
  APPROVE: 'approve',
  /**
   * Moving the merchant's own money where an operator may not (issue 12): balance transfers between the merchant and
   * its sub-merchants. third_role_admin, not the operator.
   */
  TREASURY: 'treasury',
  /** Developer parameters: keys, callback addresses, IP whitelist (spec §6 "manage callback addresses"). */
  DEVELOP: 'develop',
  /** Spec §6 crypto read role: "exports only" (the transaction list to choose what to export, and the export). */
  EXPORT_ONLY: 'exportOnly',
  /** Spec §6 crypto-brand variant: the crypto assets page (digital assets, withdrawal addresses) of a USDT merchant. */
  CRYPTO: 'crypto',
  /** Adding and deleting crypto withdrawal addresses: the crypto admin's, never the operator's (issue 13). */
  CRYPTO_ADDRESSES: 'cryptoAddresses',
  /** Filling and submitting the merchant's onboarding (KYB) application: the merchant admin (issue 14). */
  ONBOARDING: 'onboarding',
  /** The §6 column permissions (fee, paid amount, USD). */
  COLUMNS: 'columns',
  /** Provider staff only (merchant 10000): platform configuration and operations. */
  PLATFORM: 'platform',
} as const;
export type GrantTierValue = (typeof GrantTier)[keyof typeof GrantTier];

export interface PermissionDecl {
  code: string;
  /** i18n key of its title (permission tree, role grants screen). */
  titleKey: string;
  /** Menu or column entry ('1'), or a button / call ('2'). A menu page's own code is declared by its menu item. */
  type: PermissionTypeValue;
  /** Menu path of the page the button belongs to ('' for none). */
  parent: string;
  tiers: readonly GrantTierValue[];
}

/** The groups of the side menu; an area's page names the group it sits in. */
export const MenuGroup = {
  SYSTEM: 'system',
  PAYMENT: 'payment',
  FUNDS: 'funds',
  COMMON: 'common',
} as const;
export type MenuGroupValue = (typeof MenuGroup)[keyof typeof MenuGroup];

export interface MenuPageDecl {
  /** Group it sits in; none: a top-level item. */
  group?: MenuGroupValue;
  /** Position among its siblings (smaller first). */
  order: number;
  path: string;
  /** Route name, unique. */
  name: string;
  /** Screen key `<area>/<Screen>`: the web's `features/<area>/<Screen>Page.tsx` (never an import path). */
  component: string;
  titleKey: string;
  icon: string;
  /** The page's code (a type 1 entry): visibility and route permission. */
  perm: string;
  /** Who is granted the page's code. */
  tiers: readonly GrantTierValue[];
  keepAlive?: boolean;
  hidden?: boolean;
}

export interface AreaDecl {
  name: string;
  /** The area's permission codes by constant name (`SETTLEMENT_RUN: 'settlements:run'`); gathered into `Perm`. */
  perm: Readonly<Record<string, string>>;
  pages?: readonly MenuPageDecl[];
  /** Buttons, calls and columns of the area (its pages' own codes come from `pages`). */
  permissions?: readonly PermissionDecl[];
  lists?: readonly AnyListDecl[];
  /**
   * The area exists on brands of spec §6's crypto variant only (`Brand.crypto`): a session of any other brand holds
   * none of its codes, whatever its roles are granted (a role is shared by every brand: `business` is role all on a
   * fiat brand and on the crypto one).
   */
  cryptoBrandsOnly?: boolean;
}

/** A button (type 2) of a page. */
export function button(code: string, titleKey: string, parent: string, tiers: readonly GrantTierValue[]): PermissionDecl {
  return { code, titleKey, parent, tiers, type: PermissionType.BUTTON };
}

/**
 * Checks an area (codes prefixed with its name, list names equal to it, menu paths ending in it unless `fixedPaths`
 * lists them) and returns it.
 */
export function defineArea<const A extends AreaDecl>(area: A, opts: { fixedPaths?: readonly string[]; foreignCodes?: readonly string[] } = {}): A {
  const fail = (why: string): never => {
    throw new Error(`area ${area.name}: ${why}`);
  };
  const own = (code: string) => code.startsWith(`${area.name}:`) || opts.foreignCodes?.includes(code);
  for (const p of area.pages ?? []) {
    if (!own(p.perm)) fail(`page code ${p.perm} is not prefixed ${area.name}:`);
    if (!p.component.startsWith(`${area.name}/`)) fail(`page component ${p.component} is not ${area.name}/...`);
    if (!opts.fixedPaths?.includes(p.path) && !p.path.endsWith(`/${area.name}`)) fail(`page path ${p.path} does not end in /${area.name}`);
  }
  for (const p of area.permissions ?? []) if (!own(p.code)) fail(`code ${p.code} is not prefixed ${area.name}:`);
  const declared = new Set(Object.values(area.perm));
  for (const code of [...(area.pages ?? []).map((p) => p.perm), ...(area.permissions ?? []).map((p) => p.code)]) {
    if (!declared.has(code)) fail(`code ${code} is missing from its perm constants`);
  }
  for (const code of declared) if (!own(code)) fail(`constant ${code} is not prefixed ${area.name}:`);
  for (const l of area.lists ?? []) if (l.name !== area.name) fail(`list ${l.name} is not named ${area.name}`);
  return area;
}
