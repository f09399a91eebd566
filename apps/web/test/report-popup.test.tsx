/**
 * The popup picker of spec §5 on the online reports: a configuration error instead of a table when its settings are
 * missing or uneven; the report's columns, labels and query fields; "select a record" when choosing nothing; the
 * chosen row's fields handed on by position; search and sort sent to the data call.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ReportPopup } from '../src/components/report-popup/ReportPopup';
import { fakeServer, renderScreen, signIn, signOutForTests } from './screens-harness';

afterEach(() => signOutForTests());

const server = () =>
  fakeServer({
    'GET /online/cgreport/api/getRpColumns/merchants': () => ({
      cgRpConfigId: 'merchants',
      cgRpConfigName: 'Merchants',
      rowKey: 'id',
      columns: [
        { dataIndex: 'id', title: 'Merchant ID', sorter: true },
        { dataIndex: 'name', title: 'Name', sorter: true },
        { dataIndex: 'status', title: 'Status', sorter: false },
      ],
      dictOptions: { status: [{ value: 'frozen', text: 'Frozen' }, { value: 'active', text: 'Active' }] },
    }),
    'GET /online/cgreport/api/getQueryInfo/merchants': () => [{ field: 'name', label: 'Name', type: 'text' }],
    'GET /online/cgreport/api/getData/merchants': (call) =>
      call.query.get('name') === 'games'
        ? { records: [{ id: 10002, name: 'Demo Store Games', status: 'active' }], total: 1 }
        : { records: [{ id: 10001, name: 'Demo Store', status: 'active' }, { id: 10002, name: 'Demo Store Games', status: 'frozen' }], total: 2 },
  });

describe('report popup picker', () => {
  it('shows a configuration error, not a table, when the field mapping is missing or uneven', async () => {
    signIn([]);
    const s = server();
    await renderScreen(<ReportPopup code="merchants" open sourceFields={['id', 'name']} targetFields={['merchantId']} onChoose={vi.fn()} onClose={vi.fn()} />, { server: s });
    expect((await screen.findByTestId('report-popup-config-error')).textContent).toContain('2 source fields for 1 target fields');
    expect(s.calls).toEqual([]);
  });

  it('lists the report with its labels, asks to select a record, searches, sorts and hands the chosen row on', async () => {
    signIn([]);
    const s = server();
    const onChoose = vi.fn();
    await renderScreen(<ReportPopup code="merchants" open sourceFields={['id', 'name']} targetFields={['merchantId', 'merchantName']} onChoose={onChoose} onClose={vi.fn()} />, { server: s });
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByText('Demo Store Games');
    expect(within(dialog).getByText('Frozen')).toBeTruthy();

    fireEvent.click(screen.getByTestId('report-popup-choose'));
    expect(await screen.findByText('Please select a record')).toBeTruthy();
    expect(onChoose).not.toHaveBeenCalled();

    fireEvent.change(screen.getByTestId('report-field-name'), { target: { value: 'games' } });
    fireEvent.click(screen.getByTestId('report-popup-search'));
    await waitFor(() => expect(s.callsTo('GET', '/online/cgreport/api/getData/merchants').some((c) => c.query.get('name') === 'games')).toBe(true));
    await waitFor(() => expect(within(dialog).queryByText('Demo Store')).toBeNull());

    fireEvent.click(within(dialog).getAllByRole('columnheader').find((h) => h.textContent === 'Name') as HTMLElement);
    await waitFor(() => expect(s.callsTo('GET', '/online/cgreport/api/getData/merchants').some((c) => c.query.get('column') === 'name' && c.query.get('order') === 'asc')).toBe(true));

    await waitFor(() => expect(dialog.querySelectorAll('input[type="radio"]').length).toBe(1));
    fireEvent.click(dialog.querySelector('input[type="radio"]') as HTMLElement);
    fireEvent.click(screen.getByTestId('report-popup-choose'));
    expect(onChoose).toHaveBeenCalledWith([{ merchantId: 10002, merchantName: 'Demo Store Games' }]);
  });
});
