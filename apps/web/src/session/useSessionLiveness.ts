/**
 * Keeps a signed-in page honest about its session: when the tab becomes visible again, and every SESSION_CHECK_MS
 * while it is open, a silent call asks the server. A refused session (401) goes through the API client's reaction:
 * signed out, a note for the sign-in page, back to sign-in at once; one ended for being idle (401 TOKEN_EXPIRED) shows
 * the "Login expired" dialog.
 */
import { useEffect } from 'react';
import { SESSION_CHECK_MS, authCalls } from '@mg/domain';
import { callApi } from '../api';

export function useSessionLiveness(): void {
  useEffect(() => {
    const probe = () => {
      if (document.visibilityState !== 'visible') return;
      // Any answer but 401 is fine here; the client handles a 401 (and stays silent otherwise). A probe is no use of
      // the session: it must not keep an idle one from its limit.
      void callApi(authCalls.userInfo, {}, { silent: true, background: true }).catch(() => undefined);
    };
    document.addEventListener('visibilitychange', probe);
    const timer = setInterval(probe, SESSION_CHECK_MS);
    return () => {
      document.removeEventListener('visibilitychange', probe);
      clearInterval(timer);
    };
  }, []);
}
