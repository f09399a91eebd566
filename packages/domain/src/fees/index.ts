/** Fee rules per merchant, currency, payment type and channel: set by the provider. */
import { button, defineArea, GrantTier } from '../areas/define';
import { FEES_PERM } from './perm';

export * from './vocabulary';
export * from './perm';
export * from './calls';

export const feesArea = defineArea({
  name: 'fees',
  perm: FEES_PERM,
  permissions: [button(FEES_PERM.FEE_EDIT, 'fees.perm.edit', '/common/productSummary', [GrantTier.PLATFORM])],
});
