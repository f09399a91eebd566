import { useBrand } from './BrandProvider';

/** The brand's logo (mark + wordmark). `data-testid="brand-logo"` for e2e tests. */
export function BrandLogo({ height = 36, className }: { height?: number; className?: string }) {
  const { brand, logo } = useBrand();
  if (!logo) {
    return (
      <span data-testid="brand-logo" className={className} style={{ color: brand.primaryColor, fontWeight: 700, fontSize: height * 0.5 }}>
        {brand.name}
      </span>
    );
  }
  return <img data-testid="brand-logo" className={className} src={logo} alt={brand.name} height={height} style={{ height, width: 'auto', display: 'block' }} />;
}
