/** Callbacks to the merchant's addresses: the attempt log and resend (no page of its own: collection details). */
import { button, defineArea, GrantTier } from '../areas/define';

import { CALLBACKS_PERM } from './perm';

export * from './vocabulary';
export * from './delivery';
export * from './endpoints';
export * from './perm';
export * from './calls';

export const callbacksArea = defineArea({
  name: 'callbacks',
  perm: CALLBACKS_PERM,
  permissions: [button(CALLBACKS_PERM.CALLBACK_RESEND, 'callbacks.perm.resend', '/payment/collections', [GrantTier.OPERATE])],
});
