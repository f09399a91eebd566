/** Data of the products area: the public list of a currency and the merchant's summary (the signed-in list is the kit's). */
import { useQuery } from '@tanstack/react-query';
import type { CurrencyCode } from '@mg/domain';
import { queryKeys } from '../../components/list/keys';
import { productsApi } from './api';

export const productKeys = queryKeys('products');

/** The public list of a currency (legacy brands, signed out). */
export function usePublicProducts(currency: CurrencyCode, enabled = true) {
  return useQuery({ queryKey: productKeys.other('public', currency), queryFn: () => productsApi.publicList(currency), enabled });
}

/** Per payment type, with the merchant's fee (signed in). */
export function useProductSummary(currency: CurrencyCode, enabled = true) {
  return useQuery({ queryKey: productKeys.other('summary', currency), queryFn: () => productsApi.summary(currency), enabled });
}
