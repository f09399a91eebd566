/**
 * Merchant onboarding (KYB, issue 14): the applicant's flow (spec §2 `/company`, `/shareholderAndDirector`,
 * `/overview`, `/authentication`, outside the menu) and the staff review queue.
 */
import { button, defineArea, GrantTier, MenuGroup } from '../areas/define';
import { onboardingList } from './list';
import { ONBOARDING_PERM } from './perm';

export * from './vocabulary';
export * from './sections';
export * from './ownership';
export * from './completeness';
export * from './review';
export * from './views';
export * from './list';
export * from './perm';
export * from './calls';

const PAGE = '/system/onboarding';

export const onboardingArea = defineArea({
  name: 'onboarding',
  perm: ONBOARDING_PERM,
  pages: [{ group: MenuGroup.SYSTEM, order: 85, path: PAGE, name: 'system-onboarding', component: 'onboarding/OnboardingReview', titleKey: 'onboarding.menu', icon: 'SolutionOutlined', perm: ONBOARDING_PERM.ONBOARDING_MENU, tiers: [GrantTier.PLATFORM], keepAlive: true }],
  permissions: [
    button(ONBOARDING_PERM.ONBOARDING_REVIEW, 'onboarding.perm.review', PAGE, [GrantTier.PLATFORM]),
    button(ONBOARDING_PERM.ONBOARDING_APPLY, 'onboarding.perm.apply', '', [GrantTier.ONBOARDING]),
  ],
  lists: [onboardingList],
});
