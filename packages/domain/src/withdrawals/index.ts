/**
 * Withdrawals (issue 12): the merchant takes its available money to its own bank account. Accounts are added by its
 * admin (Google code) and usable once provider staff verify them; a withdrawal is held at once, reviewed by provider
 * staff, sent through the channel and ends with spec §4's result codes.
 */
import { button, defineArea, GrantTier, MenuGroup } from '../areas/define';
import { withdrawalsList } from './list';
import { WITHDRAWALS_PERM } from './perm';

export * from './perm';
export * from './list';
export * from './vocabulary';
export * from './calendar';
export * from './calls';

const PAGE = '/funds/withdrawals';

export const withdrawalsArea = defineArea({
  name: 'withdrawals',
  perm: WITHDRAWALS_PERM,
  pages: [{ group: MenuGroup.FUNDS, order: 13, path: PAGE, name: 'funds-withdrawals', component: 'withdrawals/Withdrawals', titleKey: 'withdrawals.menu', icon: 'BankOutlined', perm: WITHDRAWALS_PERM.WITHDRAWAL_MENU, tiers: [GrantTier.READ], keepAlive: true }],
  permissions: [
    button(WITHDRAWALS_PERM.WITHDRAWAL_ADD, 'withdrawals.perm.add', PAGE, [GrantTier.OPERATE]),
    button(WITHDRAWALS_PERM.WITHDRAWAL_ACCOUNT_EDIT, 'withdrawals.perm.account', PAGE, [GrantTier.TREASURY]),
    button(WITHDRAWALS_PERM.WITHDRAWAL_REVIEW, 'withdrawals.perm.review', PAGE, [GrantTier.PLATFORM]),
  ],
  lists: [withdrawalsList],
});
