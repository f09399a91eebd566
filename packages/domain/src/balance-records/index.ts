/** Balance records: the entries of the merchant's own ledger accounts (its statement). */
import { defineArea, GrantTier, MenuGroup } from '../areas/define';
import { balanceRecordsList } from './list';
import { BALANCE_RECORDS_PERM } from './perm';

export * from './perm';
export * from './list';

export const balanceRecordsArea = defineArea({
  name: 'balance-records',
  perm: BALANCE_RECORDS_PERM,
  pages: [{ group: MenuGroup.FUNDS, order: 20, path: '/funds/balance-records', name: 'funds-balance-records', component: 'balance-records/BalanceRecords', titleKey: 'balance-records.menu', icon: 'ProfileOutlined', perm: BALANCE_RECORDS_PERM.BALANCE_RECORD_MENU, tiers: [GrantTier.READ], keepAlive: true }],
  lists: [balanceRecordsList],
});
