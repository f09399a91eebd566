/** Exports of every list (spec §6 "order query export", §9 "large exports sent by e-mail"). */
import { button, defineArea, GrantTier } from '../areas/define';
import { EXPORTS_PERM } from './perm';

export * from './vocabulary';
export * from './perm';
export * from './calls';

export const exportsArea = defineArea({
  name: 'exports',
  perm: EXPORTS_PERM,
  permissions: [button(EXPORTS_PERM.EXPORT, 'exports.perm.list', '/payment/collections', [GrantTier.READ, GrantTier.EXPORT_ONLY])],
});
