import { useEffect, useState } from 'react';
import { Spin } from 'antd';
import { Navigate, useLocation } from 'react-router';
import { loginPath, type Brand } from '@mg/domain';
import { identityApi } from '../../api/identity';
import { clearSession, getSession, setPermissions, setUserInfo, useSession } from '../../session/store';
import { MainLayout } from './MainLayout';

export function loginRedirect(brand: Brand, pathname: string, search: string): string {
  return `${loginPath(brand)}?redirect=${encodeURIComponent(`${pathname}${search}`)}`;
}

/**
 * Spec §4 "Session on navigation", with a token: user info and the permission menu are fetched when this tab has
 * none yet (GET /user/info, GET /sys/permission/getUserPermissionByToken), the routes are built from the menu and
 * navigation continues. A failure signs out and goes to sign-in with the original address as `redirect`.
 */
export function SessionGate({ brand, reload }: { brand: Brand; reload?: () => void }) {
  const { token, userInfo, menu } = useSession();
  const { pathname, search } = useLocation();
  const [failed, setFailed] = useState(false);
  const needsUser = !userInfo;
  const needsMenu = menu === null;
  const needsLoad = Boolean(token) && (needsUser || needsMenu);

  useEffect(() => {
    if (!needsLoad) return;
    let cancelled = false;
    void (async () => {
      try {
        if (!getSession().userInfo) {
          const info = await identityApi.userInfo();
          if (!cancelled) setUserInfo(info);
        }
        if (!cancelled && getSession().menu === null) {
          const perms = await identityApi.permissions();
          if (!cancelled) setPermissions(perms);
        }
      } catch {
        if (cancelled) return;
        clearSession(brand);
        setFailed(true);
      }
    })();
    return () => {
      cancelled = true;
    };
  }, [needsLoad, brand]);

  if (!token || failed) return <Navigate to={loginRedirect(brand, pathname, search)} replace />;
  if (needsUser || needsMenu)
    return (
      <div className="mg-boot" data-testid="session-loading">
        <Spin size="large" />
      </div>
    );
  return <MainLayout reload={reload} />;
}
