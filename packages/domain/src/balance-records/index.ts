/** Balance records: the entries of the merchant's own ledger accounts (its statement). */
import { defineArea, GrantTier, MenuGroup } from '../areas/define';

export const BALANCE_RECORDS_PERM = { BALANCE_RECORD_MENU: 'balance-records:menu' } as const;

export const balanceRecordsArea = defineArea({
  name: 'balance-records',
  perm: BALANCE_RECORDS_PERM,
  pages: [{ group: MenuGroup.FUNDS, order: 20, path: '/funds/balance-records', name: 'funds-balance-records', component: 'balance-records/BalanceRecords', titleKey: 'balance-records.menu', icon: 'ProfileOutlined', perm: BALANCE_RECORDS_PERM.BALANCE_RECORD_MENU, tiers: [GrantTier.READ], keepAlive: true }],
});
