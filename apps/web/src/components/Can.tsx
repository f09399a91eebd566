import type { ReactNode } from 'react';
import { usePermission } from '../session/usePermission';

/**
 * Renders its children when the session holds one of the codes (spec §6: comma-separated = any), else `fallback`.
 * A hidden button is never the only guard: the server checks every call.
 */
export function Can({ code, children, fallback = null }: { code: string; children: ReactNode; fallback?: ReactNode }) {
  const { has } = usePermission();
  return <>{has(code) ? children : fallback}</>;
}
