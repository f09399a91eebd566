import { homePath, loginPath, type Brand } from '@mg/domain';

/**
 * Where to go after sign-in: the `redirect` query when it is a path of this app (never another origin, never a
 * sign-in page), else the brand's home.
 */
export function redirectTarget(search: string, brand: Brand): string {
  const raw = new URLSearchParams(search).get('redirect');
  if (!raw || !raw.startsWith('/') || raw.startsWith('//') || raw.startsWith('/\\')) return homePath(brand);
  const path = raw.split('?')[0] ?? '';
  if (/^\/(user\/)?(login|register|register-result|alteration)$/.test(path)) return homePath(brand);
  return raw;
}

/** Sign-in with the address the user wanted as `redirect` (spec §4: a protected page opened without a session). */
export function loginRedirect(brand: Brand, pathname: string, search: string): string {
  return `${loginPath(brand)}?redirect=${encodeURIComponent(`${pathname}${search}`)}`;
}
