/**
 * What the session gate needs of the onboarding flow before loading it (kept small: it is in the gate's chunk):
 * which paths are the flow's, and the formkit landing. A brand with `simpleOnboardingLayout` sends a user who may
 * apply (`onboarding:apply`) and whose application is not approved from the home to the first step, once, when
 * the signed-in area opens there (after sign-in, or a reload of the home).
 */
import { useEffect, useRef } from 'react';
import { Spin } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { ApplicationStatus, ONBOARDING_PERM, ONBOARDING_ROUTES, ONBOARDING_STEPS, homePath, type Brand } from '@mg/domain';
import { usePermission } from '../../../session/usePermission';
import { APPLICATION_KEY, flowApi } from './hooks';

/** Whether a path is one of the flow's (the session gate renders the flow for these instead of the shell). */
export function isOnboardingPath(pathname: string): boolean {
  return ONBOARDING_ROUTES.some((r) => pathname === r.group || pathname.startsWith(`${r.group}/`));
}

/** Whether the gate, opened at `pathname`, should ask where an applicant lands. */
export function asksOnboardingLanding(brand: Brand, pathname: string): boolean {
  return brand.simpleOnboardingLayout && pathname === homePath(brand);
}

export const ONBOARDING_FIRST_STEP = ONBOARDING_STEPS[0]!.path;

/** Asks for the application's status and goes to the first step unless approved; `onDone` either way. */
export function OnboardingLanding({ onDone }: { onDone: () => void }) {
  const { has } = usePermission();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const applies = has(ONBOARDING_PERM.ONBOARDING_APPLY);
  const asked = useRef(false);
  useEffect(() => {
    if (asked.current) return;
    asked.current = true;
    if (!applies) {
      onDone();
      return;
    }
    flowApi
      .application(true)
      .then((view) => {
        // The flow opens on this answer instead of asking again.
        queryClient.setQueryData(APPLICATION_KEY, view);
        // Going to the flow, the landing stays until the path has changed (the gate ends it then): the router
        // commits a navigation as a transition, after the flow's chunks load, and ending the landing here showed the
        // shell's home in the meantime (seconds on a slow line; a web test's failure at load 8).
        if (view.status !== ApplicationStatus.APPROVED) navigate(ONBOARDING_FIRST_STEP, { replace: true });
        else onDone();
      })
      .catch(onDone);
  }, [applies, navigate, onDone, queryClient]);
  return (
    <div className="mg-boot" data-testid="onboarding-landing">
      <Spin size="large" />
    </div>
  );
}
