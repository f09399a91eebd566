/** Payouts: money out to bank accounts and e-wallets, single from the dashboard or the open API, with review. */
import { button, defineArea, GrantTier, MenuGroup } from '../areas/define';

import { payoutsList } from './list';
import { PAYOUTS_PERM } from './perm';

export * from './vocabulary';
export * from './perm';
export * from './list';
export * from './destinations';
export * from './checksums';
export * from './batch';
export * from './calls';

const PAGE = '/payment/payouts';

export const payoutsArea = defineArea({
  name: 'payouts',
  perm: PAYOUTS_PERM,
  pages: [{ group: MenuGroup.PAYMENT, order: 15, path: PAGE, name: 'payment-payouts', component: 'payouts/Payouts', titleKey: 'payouts.menu', icon: 'SendOutlined', perm: PAYOUTS_PERM.PAYOUT_MENU, tiers: [GrantTier.READ], keepAlive: true }],
  permissions: [
    button(PAYOUTS_PERM.PAYOUT_ADD, 'payouts.perm.add', PAGE, [GrantTier.OPERATE]),
    button(PAYOUTS_PERM.PAYOUT_CANCEL, 'payouts.perm.cancel', PAGE, [GrantTier.OPERATE]),
    // Spec §6: the merchant admin approves; an operator makes, never checks.
    button(PAYOUTS_PERM.PAYOUT_REVIEW, 'payouts.perm.review', PAGE, [GrantTier.APPROVE]),
  ],
  lists: [payoutsList],
});
