/**
 * Every declared list's screen shows the columns of its declaration that the session may see (spec §6 rules, domain
 * visibleColumns), with their translated headers, and none of the others; optional columns wait for the column
 * chooser. The server side of the same agreement (answer fields and export columns) is
 * apps/server/test/lists-agreement.test.ts.
 */
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import type { ComponentType } from 'react';
import { ColumnKind, ColumnPerm, LISTS, flattenMenu, isOptionalIn, visibleColumns, type AnyListDecl, type ColumnDecl } from '@mg/domain';
import { i18n } from '../src/i18n';
import { loadScreen, SCREENS } from '../src/features/registry';
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

/** The menu page of a list's area that reads it. */
const pageOf = (list: AnyListDecl) => flattenMenu().find((m) => m.component.startsWith(`${list.name}/`) && m.perm === list.permission);

/** The screen of a list. */
function screenOf(list: AnyListDecl): ComponentType | undefined {
  const page = pageOf(list);
  return page ? (SCREENS[page.component] as unknown as ComponentType) : undefined;
}

/** Renders a list's screen on a fake server answering one sample record; resolves when the table shows it. */
async function renderList(list: AnyListDecl, Screen: ComponentType, wait: { timeout?: number } = {}) {
  const record = sampleRecord(list);
  const answer = list.paged === false ? [record] : page([record]);
  const srv = fakeServer(new Proxy({} as Record<string, (c: Call) => unknown>, {
    get: (_t, route: string) => (route === `GET ${list.api}` ? () => answer : route.startsWith('GET ') ? () => [] : undefined),
  }));
  const rendered = await renderScreen(<Screen />, { server: srv, path: `/${list.name}` });
  await waitFor(() => expect(srv.callsTo('GET', list.api).length).toBeGreaterThan(0), wait);
  await waitFor(() => expect(headers().length).toBeGreaterThan(1), wait);
  // The first page is asked for while the table first renders; the table's own first request takes that answer.
  await waitFor(() => expect(document.querySelector('.ant-table-row, [data-testid="list-cards"]')).not.toBeNull(), wait);
  return { srv, ...rendered };
}

// The first test of this file paid two cold costs: Vite transforming the lazy screen chunks on first import, and
// antd generating the styles of every table component on its first render. On a loaded machine that took longer
// than the test's waits and the first screen (users) stayed an empty Suspense <div> (a CI flake). Both are paid
// here, once, under a budget of their own: every test's waits then time what its screen does.
beforeAll(async () => {
  await Promise.all(Object.values(LISTS).map((l) => pageOf(l)).map((p) => (p ? loadScreen(p.component) : undefined)));
  const first = Object.values(LISTS)[0] as AnyListDecl;
  signIn([]);
  const { view } = await renderList(first, screenOf(first) as ComponentType, { timeout: 150_000 });
  view.unmount();
  signOutForTests();
}, 180_000);

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
    const { srv } = await renderList(list, Screen);
    expect(srv.callsTo('GET', list.api), `${list.name}: one request for the first page`).toHaveLength(1);

    const lists = { auth: session.codes.map((action) => ({ action, describe: action, type: '1' as const, status: '1' as const })), allAuth: [] };
    const access = columnAccessOf({ ...lists, merchantId: 10001, amountUsdSwitch: session.user.amountUsdSwitch });
    const visible = visibleColumns(list.columns as readonly ColumnDecl[], access);
    const shown = headers();
    // The harness's session currency (IDR) decides the columns optional by currency (payouts: the chain's tx id).
    const optional = (c: ColumnDecl) => isOptionalIn(c, 'IDR');
    for (const c of visible.filter((v) => !optional(v))) expect(shown, `${list.name}: ${c.key}`).toContain(i18n.t(c.header));
    const hidden = (list.columns as readonly ColumnDecl[]).filter((c) => !visible.includes(c) || optional(c));
    const visibleTitles = new Set(visible.filter((v) => !optional(v)).map((v) => i18n.t(v.header)));
    for (const c of hidden) {
      const title = i18n.t(c.header);
      if (!visibleTitles.has(title)) expect(shown, `${list.name}: ${c.key} is not shown`).not.toContain(title);
    }
  });
});
