/** Fee rules per merchant, currency, payment type and channel: set by the provider. */
import { button, defineArea, GrantTier } from '../areas/define';

export * from './vocabulary';

export const FEES_PERM = { FEE_EDIT: 'fees:edit' } as const;

export const feesArea = defineArea({
  name: 'fees',
  perm: FEES_PERM,
  permissions: [button(FEES_PERM.FEE_EDIT, 'fees.perm.edit', '/common/productSummary', [GrantTier.PLATFORM])],
});
