/** Products: the payment methods of a country with their limits and fees (spec §2 /common/productList, productSummary). */
import { defineArea, GrantTier, MenuGroup } from '../areas/define';
import { productsList } from './list';
import { PRODUCTS_PERM } from './perm';

export * from './list';
export * from './perm';
export * from './vocabulary';
export * from './calls';
export type * from './views';


export const productsArea = defineArea(
  {
    name: 'products',
    perm: PRODUCTS_PERM,
    pages: [
      { group: MenuGroup.COMMON, order: 10, path: '/common/productList', name: 'common-product-list', component: 'products/ProductList', titleKey: 'products.menu', icon: 'AppstoreOutlined', perm: PRODUCTS_PERM.PRODUCT_MENU, tiers: [GrantTier.READ], keepAlive: true },
      { group: MenuGroup.COMMON, order: 20, path: '/common/productSummary', name: 'common-product-summary', component: 'products/ProductSummary', titleKey: 'products.summaryMenu', icon: 'PercentageOutlined', perm: PRODUCTS_PERM.PRODUCT_SUMMARY_MENU, tiers: [GrantTier.READ], keepAlive: true },
    ],
    lists: [productsList],
  },
  // Spec §2 names these routes (public for legacy brands too).
  { fixedPaths: ['/common/productList', '/common/productSummary'] },
);
