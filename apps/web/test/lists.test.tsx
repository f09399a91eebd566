/**
 * Every declared list's screen shows the columns of its declaration that the session may see (spec §6 rules, domain
 * visibleColumns), with their translated headers, and none of the others; optional columns wait for the column
 * chooser. The server side of the same agreement (answer fields and export columns) is
 * apps/server/test/lists-agreement.test.ts.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import type { ComponentType } from 'react';
import { ColumnKind, ColumnPerm, LISTS, flattenMenu, visibleColumns, type AnyListDecl, type ColumnDecl } from '@mg/domain';
import { i18n } from '../src/i18n';
import { SCREENS } from '../src/features/registry';
import { columnAccessOf } from '../src/session/permission';
import { fakeServer, page, renderScreen, signIn, signOutForTests, type Call } from './screens-harness';

afterEach(() => signOutForTests());

/** A record of the list with a plausible value in every field (the cells of every kind must render). */
function sampleRecord(list: AnyListDecl): Record<string, unknown> {
  const byKey = new Map((list.columns as readonly ColumnDecl[]).map((c) => [c.key, c]));
  const out: Record<string, unknown> = {};
  for (const [key, schema] of Object.entries(list.record.shape as Record<string, { _zod: { def: { type: string; innerType?: { _zod: { def: { type: string } } } } } }>)) {
    const col = byKey.get(key);
    let type = schema._zod.def.type;
    if ((type === 'nullable' || type === 'optional') && schema._zod.def.innerType) type = schema._zod.def.innerType._zod.def.type;
    if (col?.kind === ColumnKind.MONEY) out[key] = '1000';
    else if (col?.kind === ColumnKind.DATE) out[key] = '2026-03-02T01:00:00.000Z';
    else if (col?.kind === ColumnKind.STATUS) out[key] = Object.keys(col.colors ?? {})[0] ?? 'x';
    else if (col?.kind === ColumnKind.PERCENT) out[key] = 0.5;
    else if (key === 'currency') out[key] = 'IDR';
    else if (type === 'number') out[key] = 1;
    else if (type === 'boolean') out[key] = true;
    else if (type === 'array') out[key] = [];
    else if (type === 'object' || type === 'record') out[key] = {};
    else out[key] = `${key}-1`;
  }
  return out;
}

/** The screen of a list: the menu page of its area that reads it. */
function screenOf(list: AnyListDecl): ComponentType | undefined {
  const page = flattenMenu().find((m) => m.component.startsWith(`${list.name}/`) && m.perm === list.permission);
  return page ? (SCREENS[page.component] as unknown as ComponentType) : undefined;
}

const headers = () => screen.queryAllByRole('columnheader').map((h) => h.textContent ?? '');

const SESSIONS = [
  { name: 'a merchant user without column rights, USD switch on', codes: [] as string[], user: { amountUsdSwitch: true } },
  { name: 'a holder of the fee and paid-amount column rights', codes: [ColumnPerm.FEE, ColumnPerm.PAID_AMOUNT], user: { amountUsdSwitch: true } },
];

describe.each(Object.values(LISTS).map((l) => [l.name, l] as const))('%s screen', (_name, list) => {
  it.each(SESSIONS.map((s) => [s.name, s] as const))('shows the declared columns %s may see', async (_who, session) => {
    const Screen = screenOf(list);
    expect(Screen, `${list.name} has a screen`).toBeDefined();
    if (!Screen) return;
    signIn(session.codes, session.user);
    const record = sampleRecord(list);
    const answer = list.paged === false ? [record] : page([record]);
    const srv = fakeServer(new Proxy({} as Record<string, (c: Call) => unknown>, {
      get: (_t, route: string) => (route === `GET ${list.api}` ? () => answer : route.startsWith('GET ') ? () => [] : undefined),
    }));
    await renderScreen(<Screen />, { server: srv, path: `/${list.name}` });
    await waitFor(() => expect(srv.callsTo('GET', list.api).length).toBeGreaterThan(0));
    await waitFor(() => expect(headers().length).toBeGreaterThan(1));
    // The first page is asked for while the table first renders; the table's own first request takes that answer.
    await waitFor(() => expect(document.querySelector('.ant-table-row, [data-testid="list-cards"]')).not.toBeNull());
    expect(srv.callsTo('GET', list.api), `${list.name}: one request for the first page`).toHaveLength(1);

    const lists = { auth: session.codes.map((action) => ({ action, describe: action, type: '1' as const, status: '1' as const })), allAuth: [] };
    const access = columnAccessOf({ ...lists, merchantId: 10001, amountUsdSwitch: session.user.amountUsdSwitch });
    const visible = visibleColumns(list.columns as readonly ColumnDecl[], access);
    const shown = headers();
    for (const c of visible.filter((v) => !v.optional)) expect(shown, `${list.name}: ${c.key}`).toContain(i18n.t(c.header));
    const hidden = (list.columns as readonly ColumnDecl[]).filter((c) => !visible.includes(c) || c.optional);
    const visibleTitles = new Set(visible.filter((v) => !v.optional).map((v) => i18n.t(v.header)));
    for (const c of hidden) {
      const title = i18n.t(c.header);
      if (!visibleTitles.has(title)) expect(shown, `${list.name}: ${c.key} is not shown`).not.toContain(title);
    }
  });
});
