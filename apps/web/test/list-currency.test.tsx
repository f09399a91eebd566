/**
 * Issue 40: every list of one currency at a time (`currency: true` in its declaration) opens in the session
 * currency, whatever `currency` its address carries (a reload after a country switch, a restored tab, a link from
 * another session): the address is rewritten to the session's, the request asks for the session's, and the
 * currency filter shows it. Before, an address with `currency=THB` under an IDR session listed baht entries.
 */
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { waitFor } from '@testing-library/react';
import type { ComponentType } from 'react';
import { FilterKind, LIST_CURRENCY_FIELD, LISTS, flattenMenu, type AnyListDecl } from '@mg/domain';
import { loadScreen, SCREENS } from '../src/features/registry';
import { setSessionCurrency } from '../src/session/storage';
import { fakeServer, page, renderScreen, signIn, signOutForTests, type Call } from './screens-harness';
import { brand } from './shell-harness';

afterEach(() => signOutForTests());

const pageOf = (list: AnyListDecl) => flattenMenu().find((m) => m.component.startsWith(`${list.name}/`) && m.perm === list.permission);

function screenOf(list: AnyListDecl): ComponentType | undefined {
  const p = pageOf(list);
  return p ? (SCREENS[p.component] as unknown as ComponentType) : undefined;
}

const CURRENCY_LISTS = Object.values(LISTS).filter((l) => l.currency);

/** Renders a list's screen at an address of the THB session, under an IDR session, on a fake server with no rows. */
async function renderAtThb(list: AnyListDecl, Screen: ComponentType, wait: { timeout?: number } = {}) {
  signIn([], { currency: 'IDR', currencies: ['IDR', 'THB'] });
  setSessionCurrency(brand('tikipay'), 'IDR');
  const srv = fakeServer(
    new Proxy({} as Record<string, (c: Call) => unknown>, {
      get: (_t, route: string) => (route === `GET ${list.api}` ? () => (list.paged === false ? [] : page([])) : route.startsWith('GET ') ? () => [] : undefined),
    }),
  );
  const rendered = await renderScreen(<Screen />, { server: srv, path: `/${list.name}?${LIST_CURRENCY_FIELD}=THB` });
  await waitFor(() => expect(srv.callsTo('GET', list.api).length).toBeGreaterThan(0), wait);
  return { srv, ...rendered };
}

// As in lists.test.tsx: the lazy screens' first transform and antd's first table render are paid here, once, under
// a budget of their own, so that each test's waits time what its screen does (a loaded machine otherwise left the
// first screen an empty Suspense).
beforeAll(async () => {
  await Promise.all(CURRENCY_LISTS.map((l) => pageOf(l)).map((p) => (p ? loadScreen(p.component) : undefined)));
  const first = CURRENCY_LISTS[0] as AnyListDecl;
  const { view } = await renderAtThb(first, screenOf(first) as ComponentType, { timeout: 150_000 });
  view.unmount();
  signOutForTests();
}, 180_000);

describe('lists of one currency', () => {
  it.each(CURRENCY_LISTS.map((l) => [l.name, l] as const))('%s: an address in another currency than the session is rewritten to it, not obeyed', async (_name, list) => {
    const Screen = screenOf(list);
    expect(Screen, `${list.name} has a screen`).toBeDefined();
    if (!Screen) return;
    // The session switched from THB to IDR; the tab's address is the THB session's.
    const { srv, router } = await renderAtThb(list, Screen);
    const filtered = list.filters.some((f) => f.kind === FilterKind.CURRENCY);
    const asked = srv.callsTo('GET', list.api).map((c) => c.query.get(LIST_CURRENCY_FIELD));
    // A list with a currency filter asks for the session's; one without names none (the server takes the session's).
    expect(asked, `${list.name} asks`).toEqual(asked.map(() => (filtered ? 'IDR' : null)));
    await waitFor(() => expect(new URLSearchParams(router.state.location.search).get(LIST_CURRENCY_FIELD), `${list.name} address`).toBe(filtered ? 'IDR' : null));
    if (filtered) expect(document.querySelector(`.ant-select-selection-item[title="IDR"]`), `${list.name} filter shows IDR`).not.toBeNull();
  });
});
