/** Callbacks to the merchant's addresses: the attempt log and resend (no page of its own: collection details). */
import { button, defineArea, GrantTier } from '../areas/define';

export * from './vocabulary';
export * from './delivery';

export const CALLBACKS_PERM = { CALLBACK_RESEND: 'callbacks:resend' } as const;

export const callbacksArea = defineArea({
  name: 'callbacks',
  perm: CALLBACKS_PERM,
  permissions: [button(CALLBACKS_PERM.CALLBACK_RESEND, 'callbacks.perm.resend', '/payment/collections', [GrantTier.OPERATE])],
});
