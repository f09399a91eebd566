/** Exports of every list (spec §6 "order query export", §9 "large exports sent by e-mail"). */
import { button, defineArea, GrantTier } from '../areas/define';

export * from './vocabulary';

export const EXPORTS_PERM = { EXPORT: 'exports:list' } as const;

export const exportsArea = defineArea({
  name: 'exports',
  perm: EXPORTS_PERM,
  permissions: [button(EXPORTS_PERM.EXPORT, 'exports.perm.list', '/payment/collections', [GrantTier.READ, GrantTier.EXPORT_ONLY])],
});
