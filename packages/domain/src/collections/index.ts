/** Collections (transaction records): the merchant's incoming payments. */
import { defineArea, GrantTier, MenuGroup } from '../areas/define';

import { collectionsList } from './list';
import { COLLECTIONS_PERM } from './perm';

export * from './vocabulary';
export * from './perm';
export * from './list';
export * from './calls';

export const collectionsArea = defineArea({
  name: 'collections',
  perm: COLLECTIONS_PERM,
  pages: [
    // Spec §6 crypto read role: "exports only" still needs the list to choose what to export.
    { group: MenuGroup.PAYMENT, order: 10, path: '/payment/collections', name: 'payment-collections', component: 'collections/Collections', titleKey: 'collections.menu', icon: 'UnorderedListOutlined', perm: COLLECTIONS_PERM.COLLECTION_MENU, tiers: [GrantTier.READ, GrantTier.EXPORT_ONLY], keepAlive: true },
  ],
  lists: [collectionsList],
});
