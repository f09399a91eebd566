/** The server-driven menu and button codes of the signed-in user (spec §7 getUserPermissionByToken). */
import { LANGUAGES, MenuType, translate, type AuthEntry, type Language, type MenuItem, type PermissionResult } from '@mg/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AuthSession } from './plugin';
import { allPermissions, type PermissionRow } from './queries';

function titlesOf(row: PermissionRow): Record<Language, string> {
  return Object.fromEntries(LANGUAGES.map((l) => [l, row.titles?.[l]?.trim() || translate(l, row.titleKey)])) as Record<Language, string>;
}

const typeOf = (v: string): '1' | '2' => (v === '2' ? '2' : '1');
const statusOf = (v: string): '0' | '1' => (v === '0' ? '0' : '1');

export async function userPermissions(app: FastifyInstance, req: FastifyRequest, auth: AuthSession): Promise<PermissionResult> {
  const rows = await allPermissions(app.db);
  const enabled = (r: PermissionRow) => r.status !== '0';
  const holds = (r: PermissionRow) => enabled(r) && (auth.isPlatformAdmin || auth.perms.has(r.perms));
  const lang = req.lang;
  const byParent = new Map<number | null, PermissionRow[]>();
  for (const r of rows) {
    const k = r.parentId ?? null;
    const list = byParent.get(k) ?? [];
    list.push(r);
    byParent.set(k, list);
  }
  const entry = (r: PermissionRow): AuthEntry => ({ action: r.perms, describe: titlesOf(r)[lang], type: typeOf(r.permsType), status: statusOf(r.status) });

  const build = (parentId: number | null): MenuItem[] => {
    const out: MenuItem[] = [];
    for (const r of byParent.get(parentId) ?? []) {
      if (r.menuType === MenuType.BUTTON || !holds(r)) continue;
      const children = build(r.id);
      if (r.menuType === MenuType.GROUP && children.length === 0 && !r.alwaysShow) continue;
      const titles = titlesOf(r);
      const buttons = (byParent.get(r.id) ?? []).filter((b) => b.menuType === MenuType.BUTTON && holds(b));
      const item: MenuItem = {
        id: String(r.id),
        path: r.path ?? '',
        name: r.name,
        component: r.component ?? '',
        ...(r.redirect ? { redirect: r.redirect } : {}),
        hidden: r.hidden,
        route: r.route ? '1' : '0',
        alwaysShow: r.alwaysShow,
        meta: {
          title: titles[lang],
          titles,
          ...(r.icon ? { icon: r.icon } : {}),
          ...(r.url ? { url: r.url } : {}),
          keepAlive: r.keepAlive,
          internalOrExternal: r.internalOrExternal,
          permissionList: buttons.map((b) => ({ action: b.perms, type: typeOf(b.permsType), status: statusOf(b.status) })),
        },
      };
      if (children.length > 0) item.children = children;
      out.push(item);
    }
    return out;
  };

  const buttons = rows.filter((r) => r.menuType === MenuType.BUTTON);
  return { menu: build(null), auth: buttons.filter(holds).map(entry), allAuth: buttons.map(entry) };
}
