/**
 * Balance transfers (issue 12): money moved at once between a merchant and its sub-merchants (both ways) and between
 * sub-merchants of one parent, in one currency, with the transfer fee of the fee rules (payment type 19).
 */
import { button, defineArea, GrantTier, MenuGroup } from '../areas/define';
import { balanceTransfersList } from './list';
import { BALANCE_TRANSFERS_PERM } from './perm';

export * from './perm';
export * from './list';
export * from './vocabulary';
export * from './calls';

const PAGE = '/funds/balance-transfers';

export const balanceTransfersArea = defineArea({
  name: 'balance-transfers',
  perm: BALANCE_TRANSFERS_PERM,
  pages: [{ group: MenuGroup.FUNDS, order: 15, path: PAGE, name: 'funds-balance-transfers', component: 'balance-transfers/BalanceTransfers', titleKey: 'balance-transfers.menu', icon: 'SwapOutlined', perm: BALANCE_TRANSFERS_PERM.BALANCE_TRANSFER_MENU, tiers: [GrantTier.READ], keepAlive: true }],
  permissions: [button(BALANCE_TRANSFERS_PERM.BALANCE_TRANSFER_ADD, 'balance-transfers.perm.add', PAGE, [GrantTier.TREASURY])],
  lists: [balanceTransfersList],
});
