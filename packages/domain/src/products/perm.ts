/** Permission codes of the products. The summary page has its own code: a menu page is stored under its code. */
export const PRODUCTS_PERM = { PRODUCT_MENU: 'products:menu', PRODUCT_SUMMARY_MENU: 'products:summary' } as const;
