/**
 * Saved views above a list (issue 15): the current filters are saved under a name (POST /views with the list's own
 * filters only, not the page or the date range), the view shows as a tab, "All records" clears the filters and the
 * view's tab applies them again, each time asking the list anew; a shared view of a colleague is marked and cannot
 * be deleted.
 */
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ComponentType } from 'react';
import { collectionsList, flattenMenu, Perm, type SavedView } from '@mg/domain';
import { loadScreen, SCREENS } from '../src/features/registry';
import { fakeServer, page, renderScreen, signIn, signOutForTests, type Call } from './screens-harness';

afterEach(() => signOutForTests());

const collectionsPage = flattenMenu().find((m) => m.component.startsWith('collections/') && m.perm === collectionsList.permission)!.component;
const Collections = SCREENS[collectionsPage] as unknown as ComponentType;
// The lazy chunk first, under its own budget: a loaded machine's first transform must not eat the test's waits.
beforeAll(() => loadScreen(collectionsPage), 120_000);

describe('saved views', () => {
  it('saves the filters as a view, and its tab and "All records" switch the list', async () => {
    signIn([Perm.COLLECTION_MENU]);
    const saved: SavedView[] = [{ id: 7, list: 'collections', name: 'Team callbacks', filters: { notifyStatus: 'failed' }, shared: true, owner: 'ops_lead', mine: false }];
    const srv = fakeServer({
      'GET /collections': () => page([]),
      'GET /views': () => saved,
      'POST /views': (c: Call) => {
        const v = { id: 8, list: 'collections', name: String(c.body?.name), filters: c.body?.filters as Record<string, string>, shared: Boolean(c.body?.shared), owner: 'me', mine: true };
        saved.push(v);
        return v;
      },
    });
    const { router } = await renderScreen(<Collections />, { server: srv, path: '/payment/collections?status=failed&pageNo=2&pageSize=10' });
    await waitFor(() => expect(srv.callsTo('GET', '/collections').length).toBeGreaterThan(0));

    // A colleague's shared view: no delete button on its tab.
    const shared = await screen.findByTestId('view-Team callbacks');
    expect(within(shared.closest('.ant-tabs-tab') as HTMLElement).queryByRole('button')).toBeNull();

    fireEvent.click(await screen.findByTestId('view-save'));
    fireEvent.change(await screen.findByTestId('view-name'), { target: { value: 'Failed' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(srv.callsTo('POST', '/views')).toHaveLength(1));
    const body = srv.callsTo('POST', '/views')[0]?.body;
    expect(body).toMatchObject({ list: 'collections', name: 'Failed', shared: false });
    // The list's own filters only: not the page.
    expect(body?.filters).toEqual({ status: 'failed' });
    const mine = await screen.findByTestId('view-Failed');
    await waitFor(() => expect(mine.closest('.ant-tabs-tab')?.className).toContain('ant-tabs-tab-active'));

    const before = srv.callsTo('GET', '/collections').length;
    fireEvent.click(screen.getByTestId('view-all'));
    await waitFor(() => expect(srv.callsTo('GET', '/collections').length).toBeGreaterThan(before));
    expect(srv.callsTo('GET', '/collections').at(-1)?.query.get('status')).toBeNull();
    expect(router.state.location.search).not.toContain('status');

    const again = srv.callsTo('GET', '/collections').length;
    fireEvent.click(screen.getByTestId('view-Failed'));
    await waitFor(() => expect(srv.callsTo('GET', '/collections').length).toBeGreaterThan(again));
    expect(srv.callsTo('GET', '/collections').at(-1)?.query.get('status')).toBe('failed');
  });
});
