export { BrandProvider, useBrand, type BrandContextValue } from './BrandProvider';
export { BrandLogo } from './BrandLogo';
export { logoOf } from './logos';
export { initBrand, getCurrentBrand, resolveBrandFor, captureBrandQuery, resetCurrentBrand, BRAND_QUERY_PARAM } from './resolve';
export { brandStyle } from './style';
