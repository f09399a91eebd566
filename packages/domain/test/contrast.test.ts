import { describe, expect, it } from 'vitest';
import {
  BRANDS,
  LARGE_TEXT_CONTRAST,
  TEXT_CONTRAST,
  UI_CONTRAST,
  brandColours,
  brandSurfaces,
  contrastRatio,
  over,
  parseHex,
  shadeFor,
} from '../src';

/** Hue in degrees, to say a derived shade is still the brand's colour. */
function hueOf(hex: string): number {
  const { r, g, b } = parseHex(hex);
  const [R, G, B] = [r / 255, g / 255, b / 255];
  const max = Math.max(R, G, B);
  const d = max - Math.min(R, G, B);
  if (d === 0) return 0;
  const h = max === R ? ((G - B) / d) % 6 : max === G ? (B - R) / d + 2 : (R - G) / d + 4;
  return (h * 60 + 360) % 360;
}

describe('WCAG contrast', () => {
  it('computes the ratio as WCAG defines it', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#ffffff', '#ffffff')).toBe(1);
    // the classic lightest grey that passes on white, and antd's default secondary text that does not
    expect(contrastRatio('#767676', '#ffffff')).toBeCloseTo(4.54, 2);
    expect(contrastRatio('#8c8c8c', '#ffffff')).toBeCloseTo(3.36, 2);
    // symmetric for opaque colours
    expect(contrastRatio('#1f6feb', '#f4f6fa')).toBeCloseTo(contrastRatio('#f4f6fa', '#1f6feb'), 10);
  });

  it('composites an alpha text colour over its background (antd writes text as black at an alpha)', () => {
    expect(over('rgba(0, 0, 0, 0.45)', '#ffffff')).toBe('#8c8c8c');
    expect(over('rgba(0, 0, 0, 0.45)', '#f4f6fa')).toBe('#86878a');
    expect(contrastRatio('rgba(0, 0, 0, 0.45)', '#f4f6fa')).toBeCloseTo(3.3, 1);
  });

  it('a shade is the colour itself when it already reads, else the lightest darker shade of its hue that does', () => {
    expect(shadeFor('#b91c1c', ['#ffffff'])).toBe('#b91c1c');
    const shade = shadeFor('#d97706', ['#ffffff']);
    expect(contrastRatio(shade, '#ffffff')).toBeGreaterThanOrEqual(TEXT_CONTRAST);
    expect(contrastRatio(shade, '#ffffff')).toBeLessThan(TEXT_CONTRAST + 0.15);
    expect(Math.abs(hueOf(shade) - hueOf('#d97706'))).toBeLessThan(3);
  });
});

describe("every brand's theme colours reach WCAG 2.2 AA", () => {
  for (const brand of BRANDS) {
    describe(`${brand.value} (${brand.primaryColor})`, () => {
      const c = brandColours(brand);

      it('links and brand-coloured text: 4.5:1 on every surface they are read on', () => {
        for (const surface of [...brandSurfaces(brand), c.selectedBg, c.selectedBgHover]) {
          expect(contrastRatio(c.primary, surface), `${c.primary} on ${surface}`).toBeGreaterThanOrEqual(TEXT_CONTRAST);
          // hovered and pressed links read at least as well
          expect(contrastRatio(c.hover, surface), `${c.hover} on ${surface}`).toBeGreaterThanOrEqual(TEXT_CONTRAST);
          expect(contrastRatio(c.active, surface), `${c.active} on ${surface}`).toBeGreaterThanOrEqual(TEXT_CONTRAST);
        }
      });

      it("a primary button's label: 4.5:1 on its fill, hovered and pressed too", () => {
        for (const fill of [c.primary, c.hover, c.active]) {
          expect(contrastRatio(c.onPrimary, fill), `${c.onPrimary} on ${fill}`).toBeGreaterThanOrEqual(TEXT_CONTRAST);
        }
      });

      it('a primary button, a checked box, a focus ring: 3:1 against the page (1.4.11), so large text too', () => {
        for (const surface of brandSurfaces(brand)) {
          expect(contrastRatio(c.primary, surface)).toBeGreaterThanOrEqual(Math.max(UI_CONTRAST, LARGE_TEXT_CONTRAST));
        }
      });

      it("is still the brand's colour: its hue, darkened only when the brand's own colour does not read", () => {
        expect(Math.abs(hueOf(c.primary) - hueOf(brand.primaryColor))).toBeLessThan(3);
        const brandReads = brandSurfaces(brand).every((s) => contrastRatio(brand.primaryColor, s) >= TEXT_CONTRAST);
        if (brandReads) expect(c.primary).toBe(brand.primaryColor);
        else expect(c.primary).not.toBe(brand.primaryColor);
        expect(c.brand).toBe(brand.primaryColor);
      });
    });
  }

  it('the derivation darkens the brands whose colour reads below 4.5:1 (TikiPay, CoinRail, SakuraPay among them)', () => {
    const darkened = BRANDS.filter((b) => brandColours(b).primary !== b.primaryColor).map((b) => b.value);
    expect(darkened).toEqual(expect.arrayContaining(['tikipay', 'coinrail', 'sakurapay']));
    // CoinRail's amber carries white text at 3.2:1: that was its sign-in button
    expect(contrastRatio('#ffffff', brandColours(BRANDS.find((b) => b.value === 'coinrail')!).brand)).toBeLessThan(TEXT_CONTRAST);
  });
});
