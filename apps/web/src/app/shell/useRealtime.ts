/**
 * The signed-in tab's realtime socket (session/realtime.ts) wired to the screens: a pushed change reloads what is
 * open of its area (lists, details, counts, the bell) (at most once per REALTIME.REFRESH_COALESCE_MS, so a burst is
 * one reload), and what the kind says (realtimeNotices.tsx) is said: a change of a record the user created (a payout
 * they sent, a batch, a refund they asked for), the end of their export, a new announcement.
 */
import { useEffect, useState } from 'react';
import { App } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { REALTIME, REALTIME_AUDIENCES, REALTIME_KINDS, authCalls, type RealtimeKindValue } from '@mg/domain';
import { callApi, currentApiBase } from '../../api';
import { socketUrl } from '../../api/servers';
import { queryKeys } from '../../components/list/keys';
import { useSession } from '../../session/store';
import { RealtimeConnection, RealtimeState, type RealtimeStateValue } from '../../session/realtime';
import { tellRealtimeEvent } from './realtimeNotices';

/** The socket's address for this tab: under the API base of the session's country (the page's origin for `/api`). */
export function realtimeUrl(userId: number, pageId: string, loc: Pick<Location, 'protocol' | 'host'> = window.location, base = currentApiBase()): string {
  const route = REALTIME.PATH.replace(':userId', String(userId)).replace(':pageId', encodeURIComponent(pageId));
  return socketUrl(base, route, loc);
}

/** A tab's page id (spec §7 `{pageId}`): only told apart in logs. crypto.randomUUID needs a secure context (https). */
function newPageId(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(8)), (b) => b.toString(16).padStart(2, '0')).join('');
}

export function useRealtime(): RealtimeStateValue {
  const { token, userInfo } = useSession();
  const queryClient = useQueryClient();
  const { message, notification } = App.useApp();
  const { t } = useTranslation();
  const [state, setState] = useState<RealtimeStateValue>(RealtimeState.CONNECTING);
  const userId = userInfo?.id;

  useEffect(() => {
    if (!token || userId === undefined) return;
    const due = new Set<string>();
    let timer: ReturnType<typeof setTimeout> | null = null;
    const flush = () => {
      timer = null;
      // The whole area: besides its lists and details, a change moves its counts (payouts waiting for review,
      // batches); only what is on screen is asked again.
      for (const name of due) void queryClient.invalidateQueries({ queryKey: queryKeys(name).all });
      due.clear();
    };
    const refresh = (kind: RealtimeKindValue) => {
      const name = REALTIME_AUDIENCES[kind].refresh;
      if (!name) return;
      due.add(name);
      timer ??= setTimeout(flush, REALTIME.REFRESH_COALESCE_MS);
    };

    const connection = new RealtimeConnection({
      url: realtimeUrl(userId, newPageId()),
      token,
      handlers: {
        onEvent: (e, mine, fresh) => {
          refresh(e.kind);
          if (fresh) tellRealtimeEvent({ message, notification, t }, e, mine);
        },
        onReset: () => REALTIME_KINDS.forEach(refresh),
        onState: setState,
        // The server no longer knows the session: a silent call lets the API client's 401 path sign the tab out (or,
        // for a session ended for being idle, show the "Login expired" dialog). Background: it is not the person's.
        onRefused: () => void callApi(authCalls.userInfo, {}, { silent: true, background: true }).catch(() => undefined),
      },
    });
    connection.start();
    return () => {
      connection.stop();
      if (timer) clearTimeout(timer);
    };
  }, [token, userId, queryClient, message, notification, t]);

  return state;
}
