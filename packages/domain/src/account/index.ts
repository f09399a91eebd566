/** The signed-in user's own account: password and Google Authenticator (spec §5 "Accounts and passwords"). */
import { defineArea, GrantTier } from '../areas/define';

export * from './calls';

export const ACCOUNT_PERM = { ACCOUNT_SECURITY: 'account:security' } as const;

export const accountArea = defineArea(
  {
    name: 'account',
    perm: ACCOUNT_PERM,
    pages: [
      { order: 70, path: '/account/security', name: 'account-security', component: 'account/Security', titleKey: 'account.menu', icon: 'LockOutlined', perm: ACCOUNT_PERM.ACCOUNT_SECURITY, tiers: [GrantTier.SELF], keepAlive: true },
    ],
  },
  { fixedPaths: ['/account/security'] },
);
