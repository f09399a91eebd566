/**
 * The permission catalogue, derived from the areas of registry.ts: the menu tree the server sends after sign-in
 * (spec §2 "server-driven menu"), the button and column codes (spec §6), and what each system role is granted. The
 * server seeds its permission tables from this at every start; operators may disable entries or retitle them.
 */
import { type AreaDecl, GrantTier, type GrantTierValue, MenuGroup, type MenuGroupValue } from '../areas/define';
import { findBrand } from '../brands';
import { PermissionStatus, PermissionType, Role, type RoleCode } from '../enums';
import { ColumnPerm, CORE_PERM } from '../permission-codes';
import { AREAS, type PermCode } from '../registry';

export interface MenuDef {
  /** Route path; also the menu key. */
  path: string;
  /** Route name, unique. */
  name: string;
  /** Key of a screen in the web registry (never an import path). '' for a group. */
  component: string;
  /** i18n key of the title; the server sends the title in every language. */
  titleKey: string;
  icon?: string;
  redirect?: string;
  hidden?: boolean;
  alwaysShow?: boolean;
  keepAlive?: boolean;
  /** Opens outside the app (new window) when true and url is set. */
  internalOrExternal?: boolean;
  url?: string;
  /** The permission that makes the item visible and its route allowed (a group: its first page's). */
  perm: PermCode;
  children?: MenuDef[];
}

export interface ButtonDef {
  code: PermCode | string;
  titleKey: string;
  /** Menu path the button belongs to (for the permission tree). */
  parent: string;
  type: (typeof PermissionType)[keyof typeof PermissionType];
}

/** The side menu's groups, in order among the top-level pages (dashboard 0, developer 60, account 70). */
const GROUPS: readonly { group: MenuGroupValue; order: number; titleKey: string; icon: string }[] = [
  { group: MenuGroup.SYSTEM, order: 10, titleKey: 'shell.menu.system', icon: 'TeamOutlined' },
  { group: MenuGroup.PAYMENT, order: 20, titleKey: 'shell.menu.payment', icon: 'TransactionOutlined' },
  { group: MenuGroup.FUNDS, order: 30, titleKey: 'shell.menu.funds', icon: 'WalletOutlined' },
  { group: MenuGroup.COMMON, order: 40, titleKey: 'shell.menu.products', icon: 'AppstoreOutlined' },
];

/** Codes of no area: the staff permission and the §6 column permissions. */
const CORE_PERMISSIONS: readonly (ButtonDef & { tiers: readonly GrantTierValue[] })[] = [
  { code: CORE_PERM.TIKIPAY_STAFF, titleKey: 'perm.tikipayStaff', parent: '', type: PermissionType.BUTTON, tiers: [GrantTier.PLATFORM] },
  { code: ColumnPerm.FEE, titleKey: 'perm.columnFee', parent: '', type: PermissionType.MENU_OR_COLUMN, tiers: [GrantTier.COLUMNS] },
  { code: ColumnPerm.PAID_AMOUNT, titleKey: 'perm.columnPaidAmount', parent: '', type: PermissionType.MENU_OR_COLUMN, tiers: [GrantTier.COLUMNS] },
  { code: ColumnPerm.USD, titleKey: 'perm.columnUsd', parent: '', type: PermissionType.MENU_OR_COLUMN, tiers: [GrantTier.COLUMNS] },
];

function buildMenu(areas: readonly AreaDecl[]): MenuDef[] {
  const pages = areas.flatMap((a) => a.pages ?? []);
  const item = (p: (typeof pages)[number]): MenuDef => ({
    path: p.path,
    name: p.name,
    component: p.component,
    titleKey: p.titleKey,
    icon: p.icon,
    perm: p.perm as PermCode,
    ...(p.keepAlive ? { keepAlive: true } : {}),
    ...(p.hidden ? { hidden: true } : {}),
  });
  const top: { order: number; def: MenuDef }[] = pages.filter((p) => !p.group).map((p) => ({ order: p.order, def: item(p) }));
  for (const g of GROUPS) {
    const children = pages
      .filter((p) => p.group === g.group)
      .sort((a, b) => a.order - b.order)
      .map(item);
    const first = children[0];
    if (!first) continue;
    top.push({
      order: g.order,
      def: { path: `/${g.group}`, name: g.group, component: '', titleKey: g.titleKey, icon: g.icon, redirect: first.path, alwaysShow: true, perm: first.perm, children },
    });
  }
  return top.sort((a, b) => a.order - b.order).map((t) => t.def);
}

export const MENU: readonly MenuDef[] = buildMenu(AREAS);

export const BUTTONS: readonly ButtonDef[] = [
  ...AREAS.flatMap((a) => (a.permissions ?? []).map(({ code, titleKey, parent, type }) => ({ code, titleKey, parent, type }))),
  ...CORE_PERMISSIONS.map(({ code, titleKey, parent, type }) => ({ code, titleKey, parent, type })),
];

/** Kinds of permission rows (the `menu_type` of the permission table): groups, pages, buttons and columns. */
export const MenuType = { GROUP: 0, PAGE: 1, BUTTON: 2 } as const;
export type MenuTypeValue = (typeof MenuType)[keyof typeof MenuType];

/** Status every seeded entry starts with; an operator may disable one (status 0 denies, spec §6). */
export const DEFAULT_PERMISSION_STATUS = PermissionStatus.ENABLED;

/** The tiers of each system role (spec §6); `admin` holds every code. */
export const ROLE_TIERS: Readonly<Record<RoleCode, readonly GrantTierValue[]>> = {
  [Role.ADMIN]: Object.values(GrantTier),
  // Role all: everything but the provider's own configuration.
  [Role.BUSINESS]: Object.values(GrantTier).filter((t) => t !== GrantTier.PLATFORM),
  [Role.THIRD_ROLE_ADMIN]: [GrantTier.HOME, GrantTier.SELF, GrantTier.TEAM, GrantTier.READ, GrantTier.OPERATE, GrantTier.APPROVE, GrantTier.TREASURY, GrantTier.DEVELOP, GrantTier.ONBOARDING],
  [Role.THIRD_ROLE_OPERATOR]: [GrantTier.HOME, GrantTier.SELF, GrantTier.READ, GrantTier.OPERATE],
  [Role.THIRD_ROLE_READ]: [GrantTier.HOME, GrantTier.SELF, GrantTier.READ],
  [Role.CRYPTO_ROLE_ADMIN]: [GrantTier.HOME, GrantTier.SELF, GrantTier.READ, GrantTier.OPERATE, GrantTier.APPROVE, GrantTier.CRYPTO, GrantTier.CRYPTO_ADDRESSES, GrantTier.DEVELOP, GrantTier.ONBOARDING],
  [Role.CRYPTO_ROLE_OPERATOR]: [GrantTier.HOME, GrantTier.SELF, GrantTier.READ, GrantTier.OPERATE, GrantTier.CRYPTO],
  [Role.CRYPTO_ROLE_READ]: [GrantTier.SELF, GrantTier.EXPORT_ONLY],
};

/**
 * Spec §6 crypto-brand variant: its roles see these areas only (admin: home, transaction records, payout records,
 * payment links, balance records, crypto assets, developer parameters; the operator the same without developer
 * parameters by its tiers; read: exports). Resending a transaction's callback and exporting belong to the records.
 */
export const CRYPTO_ROLE_AREAS: readonly string[] = ['dashboard', 'collections', 'callbacks', 'payouts', 'payment-links', 'balance-records', 'crypto', 'developer', 'exports', 'account', 'onboarding'];

/** Roles held to some areas whatever their tiers meet; other roles: every area. */
const ROLE_AREAS: Readonly<Partial<Record<RoleCode, readonly string[]>>> = {
  [Role.CRYPTO_ROLE_ADMIN]: CRYPTO_ROLE_AREAS,
  [Role.CRYPTO_ROLE_OPERATOR]: CRYPTO_ROLE_AREAS,
  [Role.CRYPTO_ROLE_READ]: CRYPTO_ROLE_AREAS,
};

/** Every declared code with its tiers and area (none: a core code), in catalogue order. */
const CODE_TIERS: readonly { code: string; tiers: readonly GrantTierValue[]; area: string | null }[] = [
  ...AREAS.flatMap((a) => [...(a.pages ?? []).map((p) => ({ code: p.perm, tiers: p.tiers })), ...(a.permissions ?? [])].map((c) => ({ code: c.code, tiers: c.tiers, area: a.name }))),
  ...CORE_PERMISSIONS.map((c) => ({ code: c.code, tiers: c.tiers, area: null })),
];

/** What each system role is granted: the codes whose tiers meet the role's, in the areas the role may see. */
export const ROLE_GRANTS: Readonly<Record<RoleCode, readonly string[]>> = Object.fromEntries(
  Object.entries(ROLE_TIERS).map(([role, tiers]) => {
    const areas = ROLE_AREAS[role as RoleCode];
    const granted = CODE_TIERS.filter((c) => c.tiers.some((t) => tiers.includes(t)) && (!areas || c.area === null || areas.includes(c.area)));
    return [role, granted.map((c) => c.code)];
  }),
) as unknown as Record<RoleCode, readonly string[]>;

/** Codes of the areas only crypto brands have (`cryptoBrandsOnly`): the crypto assets page and its address book. */
export const CRYPTO_BRAND_CODES: ReadonlySet<string> = new Set(
  CODE_TIERS.filter((c) => c.area !== null && AREAS.some((a) => a.name === c.area && a.cryptoBrandsOnly)).map((c) => c.code),
);

/**
 * What a session on `brand` holds of the codes its roles are granted: on a brand outside spec §6's crypto variant,
 * none of the crypto areas' codes. The menu, the buttons and every permission check read the session's codes, so a
 * fiat brand's session neither sees the crypto page nor may call it (403).
 */
export function grantsOnBrand(codes: readonly string[], brand: string | null | undefined): string[] {
  if (findBrand(brand)?.crypto === true) return [...codes];
  return codes.filter((c) => !CRYPTO_BRAND_CODES.has(c));
}

/** Merchant-side roles a merchant admin may hand out (never `admin`). */
export const ASSIGNABLE_ROLES: readonly RoleCode[] = [
  Role.THIRD_ROLE_ADMIN, Role.THIRD_ROLE_OPERATOR, Role.THIRD_ROLE_READ,
  Role.CRYPTO_ROLE_ADMIN, Role.CRYPTO_ROLE_OPERATOR, Role.CRYPTO_ROLE_READ,
];

/** Roles whose holders get all six languages (spec §1 "role all"). */
export const ALL_LANGUAGE_ROLES: readonly RoleCode[] = [Role.ADMIN, Role.BUSINESS];

/** Every menu item flattened, parents before children. */
export function flattenMenu(items: readonly MenuDef[] = MENU): MenuDef[] {
  return items.flatMap((m) => [m, ...flattenMenu(m.children ?? [])]);
}

/** Spec §6 button check: comma-separated codes, any one granted and not disabled is enough. */
export function hasAnyCode(granted: ReadonlySet<string>, codes: string, disabled: ReadonlySet<string> = new Set()): boolean {
  return codes
    .split(',')
    .map((c) => c.trim())
    .filter(Boolean)
    .some((c) => granted.has(c) && !disabled.has(c));
}
