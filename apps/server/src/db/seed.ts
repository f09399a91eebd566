/**
 * Identity seed, run by main.ts after the migrations (and by the test set-up on the template database).
 *
 * (a) Always, idempotent: the permission tree from the domain MENU + BUTTONS (upsert by perms code; an operator's
 *     status and per-language titles are kept) and the system roles (merchant_id null) with ROLE_GRANTS. Grants
 *     are only added: a code newly granted in the domain appears on the next start. A group (a menu item with
 *     children) is stored under its own code `<name>:menu` (e.g. `system:menu`) and granted to every role that
 *     holds one of its children.
 * (b) Demo data, only into an empty database (no merchant) and never with NODE_ENV=production.
 *
 * Demo sign-ins (password `Demo#2026pay` for all; README "Demo sign-ins"):
 * | user          | merchant                              | role                | brand / currency        |
 * |---------------|---------------------------------------|---------------------|-------------------------|
 * | admin         | 10000 TikiPay Platform                | admin (+tikipayStuff)| tikipay / any of the 16 |
 * | demo_admin    | 10001 Demo Store (subs 10002, 10003)  | third_role_admin    | tikipay / IDR ...       |
 * | demo_operator | 10001 (departments Finance, Operations: chooses one at sign-in) | third_role_operator | tikipay / IDR |
 * | demo_read     | 10001                                 | third_role_read     | tikipay / IDR           |
 * | demo_business | 10030 Lumi Traders                    | business            | lumipay / THB (IDR THB PHP MYR VND) |
 * | crypto_admin  | 10010 CoinRail Demo                   | crypto_role_admin   | coinrail / USDT         |
 * | crypto_operator | 10010 CoinRail Demo                 | crypto_role_operator | coinrail / USDT        |
 * | br_admin      | 10020 Loja Verde                      | third_role_admin    | pagoverde / BRL         |
 * | formkit_applicant | 10040 FormKit Studio (onboarding: not approved yet) | third_role_admin | formkit / IDR |
 */
import { hash } from '@node-rs/argon2';
import {
  ApiKeyMode,
  ApiKeyStatus,
  BUTTONS,
  CURRENCY_CODES,
  MENU,
  MerchantStatus,
  MenuType,
  PermissionType,
  ROLE_GRANTS,
  ROLES,
  Role,
  translate,
  type MenuDef,
  type RoleCode,
} from '@mg/domain';
import type pg from 'pg';
import { ARGON2_OPTIONS } from '../lib/passwords';
import type { SecretBox } from '../lib/secret-box';
import { seedProductsAndFees } from '../modules/products/seed';
import { withMigrationLock } from './migrate';

export const DEMO_PASSWORD = 'Demo#2026pay';



/** The code a menu item is stored under: its own perm, or `<name>:menu` for a group. */
export function menuCode(def: MenuDef): string {
  return def.children && def.children.length > 0 ? `${def.name}:menu` : def.perm;
}

interface SeedEntry {
  perms: string;
  parentPerms: string | null;
  menuType: number;
  permsType: string;
  name: string;
  titleKey: string;
  path: string | null;
  component: string | null;
  redirect: string | null;
  icon: string | null;
  url: string | null;
  hidden: boolean;
  alwaysShow: boolean;
  keepAlive: boolean;
  internalOrExternal: boolean;
}

/** The permission entries of the domain catalogue, parents before children. */
export function permissionEntries(): SeedEntry[] {
  const out: SeedEntry[] = [];
  const byPath = new Map<string, string>();
  const walk = (items: readonly MenuDef[], parent: string | null) => {
    for (const m of items) {
      const code = menuCode(m);
      byPath.set(m.path, code);
      const group = (m.children?.length ?? 0) > 0;
      out.push({
        perms: code,
        parentPerms: parent,
        menuType: group ? MenuType.GROUP : MenuType.PAGE,
        permsType: PermissionType.MENU_OR_COLUMN,
        name: m.name,
        titleKey: m.titleKey,
        path: m.path,
        component: m.component,
        redirect: m.redirect ?? null,
        icon: m.icon ?? null,
        url: m.url ?? null,
        hidden: m.hidden ?? false,
        alwaysShow: m.alwaysShow ?? false,
        keepAlive: m.keepAlive ?? false,
        internalOrExternal: m.internalOrExternal ?? false,
      });
      if (m.children) walk(m.children, code);
    }
  };
  walk(MENU, null);
  for (const b of BUTTONS) {
    out.push({
      perms: b.code,
      parentPerms: b.parent ? (byPath.get(b.parent) ?? null) : null,
      menuType: MenuType.BUTTON,
      permsType: b.type,
      name: b.code,
      titleKey: b.titleKey,
      path: null,
      component: null,
      redirect: null,
      icon: null,
      url: null,
      hidden: false,
      alwaysShow: false,
      keepAlive: false,
      internalOrExternal: false,
    });
  }
  return out;
}

/** Codes a system role is granted: ROLE_GRANTS plus the groups above any granted menu item. */
export function roleCodesGranted(roleCode: RoleCode): Set<string> {
  const granted = new Set(ROLE_GRANTS[roleCode]);
  const visit = (items: readonly MenuDef[]): boolean => {
    let any = false;
    for (const m of items) {
      if (m.children?.length) {
        if (visit(m.children)) {
          granted.add(menuCode(m));
          any = true;
        }
      } else if (granted.has(m.perm)) any = true;
    }
    return any;
  };
  visit(MENU);
  return granted;
}

async function seedCatalogue(client: pg.PoolClient): Promise<{ permissions: number; roles: number }> {
  const entries = permissionEntries();
  const ids = new Map<string, number>();
  for (const [i, e] of entries.entries()) {
    const parentId = e.parentPerms ? (ids.get(e.parentPerms) ?? null) : null;
    const { rows } = await client.query<{ id: string }>(
      `insert into permission (parent_id, menu_type, perms, perms_type, name, title_key, path, component, redirect, icon, url,
         sort_no, hidden, always_show, keep_alive, internal_or_external)
       values ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12,$13,$14,$15,$16)
       on conflict (perms) do update set parent_id = excluded.parent_id, menu_type = excluded.menu_type,
         perms_type = excluded.perms_type, name = excluded.name, title_key = excluded.title_key, path = excluded.path,
         component = excluded.component, redirect = excluded.redirect, icon = excluded.icon, url = excluded.url,
         sort_no = excluded.sort_no, hidden = excluded.hidden, always_show = excluded.always_show,
         keep_alive = excluded.keep_alive, internal_or_external = excluded.internal_or_external
       returning id`,
      [
        parentId, e.menuType, e.perms, e.permsType, e.name, e.titleKey, e.path, e.component, e.redirect, e.icon, e.url,
        (i + 1) * 10, e.hidden, e.alwaysShow, e.keepAlive, e.internalOrExternal,
      ],
    );
    ids.set(e.perms, Number(rows[0]!.id));
  }
  for (const r of ROLES) {
    const { rows } = await client.query<{ id: string }>(
      `insert into role (merchant_id, role_code, role_name, description) values (null, $1, $2, $3)
       on conflict (coalesce(merchant_id, 0), role_code) do update set role_name = excluded.role_name
       returning id`,
      [r.code, translate('en-US', r.i18nKey), 'system role'],
    );
    const roleId = Number(rows[0]!.id);
    const permIds = [...roleCodesGranted(r.code)].map((c) => ids.get(c)).filter((x): x is number => x !== undefined);
    await client.query(
      `insert into role_permission (role_id, permission_id) select $1, unnest($2::bigint[]) on conflict do nothing`,
      [roleId, permIds],
    );
  }
  return { permissions: entries.length, roles: ROLES.length };
}

interface DemoMerchant {
  id: number;
  name: string;
  parentId: number | null;
  brand: string;
  currencies: readonly string[];
  /** Registered and onboarding (its application to fill); the others are live. */
  onboarding?: boolean;
}

const DEMO_MERCHANTS: readonly DemoMerchant[] = [
  { id: 10000, name: 'TikiPay Platform', parentId: null, brand: 'tikipay', currencies: CURRENCY_CODES },
  { id: 10001, name: 'Demo Store', parentId: null, brand: 'tikipay', currencies: ['IDR', 'THB', 'PHP', 'MYR', 'VND', 'MMK', 'MXN', 'BRL', 'PKR'] },
  { id: 10002, name: 'Demo Store Games', parentId: 10001, brand: 'tikipay', currencies: ['IDR', 'THB', 'PHP', 'MYR', 'VND', 'MMK', 'MXN', 'BRL', 'PKR'] },
  { id: 10003, name: 'Demo Store Shop', parentId: 10001, brand: 'tikipay', currencies: ['IDR', 'THB', 'PHP', 'MYR', 'VND', 'MMK', 'MXN', 'BRL', 'PKR'] },
  { id: 10010, name: 'CoinRail Demo', parentId: null, brand: 'coinrail', currencies: ['USDT'] },
  { id: 10020, name: 'Loja Verde', parentId: null, brand: 'pagoverde', currencies: ['BRL'] },
  { id: 10030, name: 'Lumi Traders', parentId: null, brand: 'lumipay', currencies: ['THB', 'IDR', 'PHP', 'MYR', 'VND'] },
  { id: 10040, name: 'FormKit Studio', parentId: null, brand: 'formkit', currencies: ['IDR', 'PHP'], onboarding: true },
];

export interface DemoUser {
  username: string;
  realname: string;
  merchantId: number;
  roles: RoleCode[];
  email: string;
  departs: string[];
}

export const DEMO_USERS: readonly DemoUser[] = [
  { username: 'admin', realname: 'Platform Admin', merchantId: 10000, roles: [Role.ADMIN], email: 'admin@tikipay.test', departs: [] },
  { username: 'demo_admin', realname: 'Demo Admin', merchantId: 10001, roles: [Role.THIRD_ROLE_ADMIN], email: 'demo_admin@demo-store.test', departs: ['D10001-MGT'] },
  {
    username: 'demo_operator', realname: 'Demo Operator', merchantId: 10001, roles: [Role.THIRD_ROLE_OPERATOR],
    email: 'demo_operator@demo-store.test', departs: ['D10001-FIN', 'D10001-OPS'],
  },
  { username: 'demo_read', realname: 'Demo Reader', merchantId: 10001, roles: [Role.THIRD_ROLE_READ], email: 'demo_read@demo-store.test', departs: [] },
  { username: 'demo_business', realname: 'Lumi Business', merchantId: 10030, roles: [Role.BUSINESS], email: 'business@lumi-traders.test', departs: [] },
  { username: 'crypto_admin', realname: 'Crypto Admin', merchantId: 10010, roles: [Role.CRYPTO_ROLE_ADMIN], email: 'admin@coinrail-demo.test', departs: [] },
  // The maker of crypto payouts, so the crypto admin can check them (maker-checker).
  { username: 'crypto_operator', realname: 'Crypto Operator', merchantId: 10010, roles: [Role.CRYPTO_ROLE_OPERATOR], email: 'ops@coinrail-demo.test', departs: [] },
  { username: 'br_admin', realname: 'Admin Loja Verde', merchantId: 10020, roles: [Role.THIRD_ROLE_ADMIN], email: 'admin@lojaverde.test', departs: [] },
  // A registered merchant before its onboarding is approved: the application to fill, sandbox keys only.
  { username: 'formkit_applicant', realname: 'FormKit Applicant', merchantId: 10040, roles: [Role.THIRD_ROLE_ADMIN], email: 'owner@formkit-studio.test', departs: [] },
];

const DEMO_DEPARTS = [
  { merchantId: 10001, orgCode: 'D10001-FIN', departName: 'Finance', sortOrder: 1 },
  { merchantId: 10001, orgCode: 'D10001-OPS', departName: 'Operations', sortOrder: 2 },
  { merchantId: 10001, orgCode: 'D10001-MGT', departName: 'Management', sortOrder: 3 },
];

async function seedDemo(client: pg.PoolClient): Promise<boolean> {
  const { rows } = await client.query<{ n: number }>('select count(*)::int as n from merchant');
  if ((rows[0]?.n ?? 0) > 0) return false;
  const passwordHash = await hash(DEMO_PASSWORD, ARGON2_OPTIONS);
  for (const m of DEMO_MERCHANTS) {
    await client.query('insert into merchant (id, name, parent_id, brand, currencies, status) values ($1,$2,$3,$4,$5,$6)', [
      m.id, m.name, m.parentId, m.brand, [...m.currencies], m.onboarding ? MerchantStatus.ONBOARDING : MerchantStatus.ACTIVE,
    ]);
  }
  const departIds = new Map<string, number>();
  for (const d of DEMO_DEPARTS) {
    const r = await client.query<{ id: string }>(
      'insert into department (merchant_id, org_code, depart_name, sort_order) values ($1,$2,$3,$4) returning id',
      [d.merchantId, d.orgCode, d.departName, d.sortOrder],
    );
    departIds.set(d.orgCode, Number(r.rows[0]!.id));
  }
  for (const u of DEMO_USERS) {
    const r = await client.query<{ id: string }>(
      `insert into app_user (merchant_id, username, realname, email, password_hash, org_code, created_by, password_changed_at)
       values ($1,$2,$3,$4,$5,$6,'seed', now()) returning id`,
      [u.merchantId, u.username, u.realname, u.email, passwordHash, u.departs.length === 1 ? u.departs[0] : null],
    );
    const userId = Number(r.rows[0]!.id);
    await client.query(
      `insert into user_role (user_id, role_id) select $1, id from role where merchant_id is null and role_code = any($2::text[])`,
      [userId, u.roles],
    );
    for (const code of u.departs) {
      await client.query('insert into user_depart (user_id, depart_id) values ($1,$2)', [userId, departIds.get(code)]);
    }
  }
  return true;
}

export interface SeedResult {
  permissions: number;
  roles: number;
  demo: boolean;
}

/** (a) always; (b) when `demo` (not production) and the database has no merchant. */
export async function seedIdentity(pool: pg.Pool, opts: { demo: boolean; demoPayments?: boolean }): Promise<SeedResult> {
  return withMigrationLock(pool, async (client) => {
    await client.query('begin');
    let result: SeedResult;
    try {
      const cat = await seedCatalogue(client);
      const demo = opts.demo ? await seedDemo(client) : false;
      // Products and default fees (issue 4): every start, idempotent; the demo fee override in demo mode.
      await seedProductsAndFees(client, { demo: opts.demo });
      await client.query('commit');
      result = { ...cat, demo };
    } catch (err) {
      await client.query('rollback');
      throw err;
    }
    // Demo payments (issue 4) last, through the real services on their own connections (no-op without products
    // or when collections exist). The test template leaves them out (demoPayments: false): tests count money.
    if (result.demo && opts.demoPayments !== false) {
      await (await import('../modules/collections/demo')).seedDemoPaymentsFromPool(pool);
      await (await import('../modules/crypto/demo')).seedDemoCryptoAddressesFromPool(pool);
    }
    return result;
  });
}

/* ------------------------------------------------------------------------------------------------------------ */
/* Demo open API key and webhook secret of merchant 10001 (issue 4; README lists them, never in production)       */

export const DEMO_OPEN_API_MERCHANT_ID = 10001;
export const DEMO_KEY_ID = 'mk_sandbox_demo10001';
export const DEMO_KEY_SECRET = 'sk_sandbox_7Jq2vX9pL4mN8rT3wY6zB1cF5hK0dG2s';
export const DEMO_WEBHOOK_SECRET = 'whsec_MfKQ9r8GKYqXZ8pkUoYlq0uFpFhzjRJ8';

/**
 * Seeds the demo sandbox key pair and webhook secret of merchant 10001, sealed with the server's secret box (so it
 * needs the loaded secret key: main.ts calls it after loading it, in demo mode only). Idempotent: nothing happens
 * when the key row exists (or merchant 10001 does not). The first time it also leaves the merchant's callback
 * address unset (newcomers set their own) and its IP whitelist empty (sandbox keys only). main.ts calls it only once
 * the key is the database's (db/secret-key.ts).
 */
export async function seedDemoSecrets(db: Pick<pg.Pool, 'query'>, secretBox: SecretBox): Promise<boolean> {
  const m = await db.query('select 1 from merchant where id = $1', [DEMO_OPEN_API_MERCHANT_ID]);
  if (m.rowCount === 0) return false;
  // Once seeded, never sealed again: an instance with another key is refused before it gets here (db/secret-key.ts);
  // re-sealing the demo key with it locked every other instance out of it (issue 41).
  const existing = await db.query('select 1 from api_key where id = $1', [DEMO_KEY_ID]);
  if (existing.rowCount !== 0) return false;
  const inserted = await db.query(
    `insert into api_key (id, merchant_id, mode, name, secret_sealed, secret_last4, status, created_by, revealed_at)
     values ($1, $2, $3, 'Demo sandbox key', $4, $5, $6, 'seed', now())
     on conflict (id) do nothing`,
    [DEMO_KEY_ID, DEMO_OPEN_API_MERCHANT_ID, ApiKeyMode.SANDBOX, secretBox.seal(DEMO_KEY_SECRET), DEMO_KEY_SECRET.slice(-4), ApiKeyStatus.ACTIVE],
  );
  if (inserted.rowCount === 0) return false;
  await db.query(
    `update merchant set webhook_secret_sealed = $2, collection_callback_url = null, ip_whitelist = '{}'::text[] where id = $1`,
    [DEMO_OPEN_API_MERCHANT_ID, secretBox.seal(DEMO_WEBHOOK_SECRET)],
  );
  return true;
}
