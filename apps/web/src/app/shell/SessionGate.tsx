import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { Button, Result, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation } from 'react-router';
import { ERROR_CATALOGUE, SESSION_LOAD_ATTEMPTS, type Brand } from '@mg/domain';
import { isApiError } from '../../api/errors';
import { identityApi } from '../../api/identity';
import { clearSession, getSession, setPermissions, setUserInfo, useSession } from '../../session/store';
import { MainLayout } from './MainLayout';
import { loginRedirect } from '../../features/auth/redirect';
import { preloadScreenAt } from './preloadScreen';
import { OnboardingLanding, asksOnboardingLanding, isOnboardingPath } from '../../features/onboarding/flow/landing';

/** The onboarding flow (issue 14): its own blank layout outside the shell, loaded when first opened. */
const OnboardingFlow = lazy(() => import('../../features/onboarding/flow/OnboardingFlow'));

/**
 * Spec §4 "Session on navigation", with a token: user info and the permission menu are fetched when this tab has
 * none yet (GET /user/info, GET /sys/permission/getUserPermissionByToken), the routes are built from the menu and
 * navigation continues. A failure the server answered signs out and goes to sign-in with the original address as
 * `redirect`. No answer at all (network down, the page reloading after a session switch aborted the call or cut its
 * answer short, or no answer within the request timeout, asked SESSION_LOAD_ATTEMPTS times) keeps the session:
 * signing out then would throw away a session that is still valid. So does a refusal of a token that has been
 * replaced meanwhile.
 */
/** The client gave up waiting (api/client.ts: 504 TIMEOUT), as opposed to a 504 the server answered. */
function isTimeout(e: unknown): boolean {
  return isApiError(e) && e.code === 'TIMEOUT';
}

export function SessionGate({ brand, reload }: { brand: Brand; reload?: () => void }) {
  const { token, userInfo, menu } = useSession();
  const { pathname, search } = useLocation();
  const { t } = useTranslation();
  const [failed, setFailed] = useState(false);
  const [unreachable, setUnreachable] = useState(false);
  const needsUser = !userInfo;
  const needsMenu = menu === null;
  const needsLoad = Boolean(token) && (needsUser || needsMenu);
  // Brands with the simple onboarding layout (formkit): opened at the home, an applicant goes to the flow first.
  const [landing, setLanding] = useState(() => asksOnboardingLanding(brand, pathname));
  const landed = useCallback(() => setLanding(false), []);
  // Once the path is no longer the home (the landing sent the applicant to the flow), the landing is over.
  useEffect(() => {
    if (landing && !asksOnboardingLanding(brand, pathname)) setLanding(false);
  }, [landing, brand, pathname]);

  // The screen asked for starts loading with the shell, not after the header's widgets (issue 10: React renders the
  // screen's lazy chunk only once the components before it have loaded). Started while rendering, once: an effect
  // would wait for the header's lazy widgets too.
  useState(() => preloadScreenAt(pathname, brand));

  useEffect(() => {
    if (!needsLoad) return;
    let cancelled = false;
    const sentWith = getSession().token;
    const load = async () => {
      if (!getSession().userInfo) {
        const info = await identityApi.userInfo();
        if (!cancelled) setUserInfo(info);
      }
      if (!cancelled && getSession().menu === null) {
        const perms = await identityApi.permissions();
        if (!cancelled) setPermissions(perms);
      }
    };
    void (async () => {
      try {
        for (let attempt = 1; ; attempt++) {
          try {
            await load();
            return;
          } catch (e) {
            // A client-side timeout is no answer: asked again, and never a reason to sign out.
            if (cancelled || !isTimeout(e) || attempt >= SESSION_LOAD_ATTEMPTS) throw e;
          }
        }
      } catch (e) {
        console.error('[session] loading the session failed', e);
        if (cancelled) return;
        // Asked with a token that has since been replaced (a sub-merchant or country switch stored a new one just
        // before reloading): the refusal is the old session's, and clearing would sign out the new one.
        if (getSession().token !== sentWith) return;
        // Only a refusal the server answered signs out: no answer, or an error of this page, keeps the session.
        if (!isApiError(e) || e.httpStatus === 0 || isTimeout(e)) {
          setUnreachable(true);
          return;
        }
        // A session ended for being idle: the API client's "Login expired" dialog is open, and its button signs out.
        if (e.errorCode === 'TOKEN_EXPIRED') return;
        clearSession(brand);
        setFailed(true);
      }
    })();
    return () => {
      cancelled = true;
    };
  }, [needsLoad, brand]);

  if (!token || failed) return <Navigate to={loginRedirect(brand, pathname, search)} replace />;
  if (unreachable)
    return (
      <Result
        status="warning"
        title={t(ERROR_CATALOGUE.NETWORK_ERROR.messageKey)}
        extra={
          <Button type="primary" onClick={() => (reload ?? (() => window.location.reload()))()}>
            {t('shell.tabs.refresh')}
          </Button>
        }
      />
    );
  if (needsUser || needsMenu)
    return (
      <div className="mg-boot" data-testid="session-loading">
        <Spin size="large" />
      </div>
    );
  // The onboarding route groups (spec §2) render the flow in its blank layout, for every brand, not the shell.
  if (isOnboardingPath(pathname))
    return (
      <Suspense fallback={<div className="mg-boot" data-testid="session-loading"><Spin size="large" /></div>}>
        <OnboardingFlow />
      </Suspense>
    );
  if (landing) return <OnboardingLanding onDone={landed} />;
  return <MainLayout reload={reload} />;
}
