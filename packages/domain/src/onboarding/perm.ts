/** Permission codes of onboarding. */
export const ONBOARDING_PERM = {
  /** Filling and submitting the merchant's own application: the merchant admin's (GrantTier.ONBOARDING). */
  ONBOARDING_APPLY: 'onboarding:apply',
  /** The staff review queue (platform staff). */
  ONBOARDING_MENU: 'onboarding:menu',
  /** Deciding: sections, requests for information, approve, reject (platform staff). */
  ONBOARDING_REVIEW: 'onboarding:review',
} as const;
