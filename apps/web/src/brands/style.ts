import type { CSSProperties } from 'react';
import { brandColours, type Brand } from '@mg/domain';

/**
 * The brand's colours for the stylesheets, set on a layout's root: `--mg-brand` is the brand's own colour (tints,
 * icons, illustrations), `--mg-brand-text` its text-safe shade (brand-coloured words and links: domain
 * brandColours), so a stylesheet never writes text in a colour that fails 4.5:1.
 */
export function brandStyle(brand: Pick<Brand, 'primaryColor'>): CSSProperties {
  return { '--mg-brand': brand.primaryColor, '--mg-brand-text': brandColours(brand).primary } as CSSProperties;
}
