/**
 * What a pushed event says (app/shell/realtimeNotices.tsx): an ended export is a notice with its download, unless
 * its progress dialog is open and shows it; a new announcement is a notice; a change of the user's own payout batch
 * is a toast with the batch's status.
 */
import { useEffect } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import { Perm, type RealtimeEvent } from '@mg/domain';
import { tellRealtimeEvent } from '../src/app/shell/realtimeNotices';
import { ExportButton } from '../src/components/export';
import { fakeServer, renderScreen, signIn, signOutForTests } from './screens-harness';

const event = (over: Partial<RealtimeEvent>): RealtimeEvent => ({
  seq: 1,
  kind: 'export',
  merchantId: 10001,
  userId: 1,
  id: 'EX1',
  status: 'done',
  actor: null,
  created: false,
  at: '2026-11-27T10:00:00.000Z',
  ...over,
});

/** Tells the events once mounted, as useRealtime does on the socket's events. */
function Teller({ events, mine = false }: { events: RealtimeEvent[]; mine?: boolean }) {
  const { message, notification } = App.useApp();
  const { t } = useTranslation();
  useEffect(() => {
    for (const e of events) tellRealtimeEvent({ message, notification, t }, e, mine);
  }, [events, mine, message, notification, t]);
  return null;
}

const job = (id: string, status: string) => ({ id, kind: 'collections', status, totalRows: 10, doneRows: status === 'done' ? 10 : 3, url: status === 'done' ? `http://localhost/api/exports/download/${id}-token-0123456789` : null, error: null });

afterEach(() => signOutForTests());

describe('realtime notices', () => {
  it('an export that ended: "ready" with a download that asks the job for its link; "failed"', async () => {
    signIn([Perm.EXPORT]);
    const server = fakeServer({ 'GET /exports/EX1': () => job('EX1', 'done') });
    await renderScreen(<Teller events={[event({ id: 'EX1' }), event({ seq: 2, id: 'EX2', status: 'failed' })]} />, { server });
    expect(await screen.findByText('Your export is ready')).toBeTruthy();
    expect(await screen.findByText('Your export failed. Please try again.')).toBeTruthy();
    fireEvent.click(screen.getByTestId('realtime-export-download'));
    await waitFor(() => expect(server.callsTo('GET', '/exports/EX1')).toHaveLength(1));
    await waitFor(() => expect(server.calls.some((c) => c.path.includes('/exports/download/EX1-token'))).toBe(true));
  });

  it('an export whose progress dialog is open: the dialog shows it, no second notice', async () => {
    signIn([Perm.EXPORT]);
    const server = fakeServer({
      'POST /exports': () => ({ mode: 'job', jobId: 'EX3', rows: 200_000 }),
      'GET /exports/EX3': () => job('EX3', 'running'),
    });
    await renderScreen(<ExportButton kind="collections" filters={{}} />, { server });
    fireEvent.click(await screen.findByTestId('export-collections'));
    expect(await screen.findByTestId('export-job-progress')).toBeTruthy();
    await renderScreen(<Teller events={[event({ id: 'EX3' })]} />, { server });
    // The other export, not in a dialog, is told; this one is not.
    await renderScreen(<Teller events={[event({ seq: 4, id: 'EX4' })]} />, { server });
    expect(await screen.findByText('Your export is ready')).toBeTruthy();
    expect(screen.getAllByText('Your export is ready')).toHaveLength(1);
  });

  it('a new announcement is a notice; a change of my payout batch a toast with its status', async () => {
    signIn([]);
    const server = fakeServer({});
    await renderScreen(
      <Teller
        mine
        events={[
          event({ kind: 'payout_batch', id: 'PB1', status: 'processed', userId: null, actor: 'demo_admin' }),
          event({ seq: 2, kind: 'announcement', id: '7', status: 'released', merchantId: null, userId: null, actor: null }),
        ]}
      />,
      { server },
    );
    expect(await screen.findByText('Payout batch PB1 is now Processed')).toBeTruthy();
    // Mine: the author released it and needs no notice.
    expect(screen.queryByText('New announcement')).toBeNull();
    await renderScreen(<Teller events={[event({ seq: 3, kind: 'announcement', id: '8', status: 'released', merchantId: null, userId: null })]} />, { server });
    expect(await screen.findByText('New announcement')).toBeTruthy();
  });
});
