/**
 * Auto-deduction (issue 12): recurring charges a merchant takes from its payer under a mandate the payer authorises
 * once at the cashier; each charge is a collection of its own.
 */
import { button, defineArea, GrantTier, MenuGroup } from '../areas/define';
import { autoDeductionsList } from './list';
import { AUTO_DEDUCTIONS_PERM } from './perm';

export * from './perm';
export * from './list';
export * from './vocabulary';
export * from './calls';

const PAGE = '/payment/auto-deductions';

export const autoDeductionsArea = defineArea({
  name: 'auto-deductions',
  perm: AUTO_DEDUCTIONS_PERM,
  pages: [{ group: MenuGroup.PAYMENT, order: 25, path: PAGE, name: 'payment-auto-deductions', component: 'auto-deductions/AutoDeductions', titleKey: 'auto-deductions.menu', icon: 'HistoryOutlined', perm: AUTO_DEDUCTIONS_PERM.AUTO_DEDUCTION_MENU, tiers: [GrantTier.READ], keepAlive: true }],
  permissions: [button(AUTO_DEDUCTIONS_PERM.AUTO_DEDUCTION_MANAGE, 'auto-deductions.perm.manage', PAGE, [GrantTier.OPERATE])],
  lists: [autoDeductionsList],
});
