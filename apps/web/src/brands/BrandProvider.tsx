import { createContext, useContext, useMemo, type ReactNode } from 'react';
import type { Brand } from '@mg/domain';
import { logoOf } from './logos';

export interface BrandContextValue {
  brand: Brand;
  /** URL of the brand's logo (null: render the name as a wordmark). */
  logo: string | null;
}

const BrandContext = createContext<BrandContextValue | null>(null);

export function BrandProvider({ brand, children }: { brand: Brand; children: ReactNode }) {
  const value = useMemo(() => ({ brand, logo: logoOf(brand.value) }), [brand]);
  return <BrandContext.Provider value={value}>{children}</BrandContext.Provider>;
}

export function useBrand(): BrandContextValue {
  const value = useContext(BrandContext);
  if (!value) throw new Error('useBrand() outside <BrandProvider>');
  return value;
}
