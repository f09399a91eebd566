/**
 * WCAG 2.2 colour contrast (success criteria 1.4.3 and 1.4.11), for the brands' themes: a brand's colour is data,
 * and the shades that carry text are derived from it by the rule here (docs/decisions.md "Contrast"), never picked
 * by hand per brand.
 */

/** 1.4.3: body text against its background. */
export const TEXT_CONTRAST = 4.5;
/** 1.4.3 large text (18pt, or 14pt bold) and 1.4.11 user-interface components and graphics. */
export const LARGE_TEXT_CONTRAST = 3;
export const UI_CONTRAST = 3;

export interface Rgb {
  r: number;
  g: number;
  b: number;
}

/** `#rgb` or `#rrggbb`. */
export function parseHex(hex: string): Rgb {
  const m = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(hex.trim());
  if (!m) throw new Error(`not a hex colour: ${hex}`);
  const digits = m[1] ?? '';
  const h = digits.length === 3 ? [...digits].map((c) => c + c).join('') : digits;
  const n = Number.parseInt(h, 16);
  return { r: (n >> 16) & 255, g: (n >> 8) & 255, b: n & 255 };
}

export function toHex({ r, g, b }: Rgb): string {
  const part = (v: number) => Math.round(Math.min(255, Math.max(0, v))).toString(16).padStart(2, '0');
  return `#${part(r)}${part(g)}${part(b)}`;
}

/** `color-mix(in srgb, a share, b)`: the share of `a` mixed into `b`, as the stylesheets tint with the brand. */
export function mix(a: string, share: number, b: string): string {
  const x = parseHex(a);
  const y = parseHex(b);
  return toHex({ r: x.r * share + y.r * (1 - share), g: x.g * share + y.g * (1 - share), b: x.b * share + y.b * (1 - share) });
}

/** WCAG relative luminance. */
export function luminance(hex: string): number {
  const { r, g, b } = parseHex(hex);
  const lin = (v: number) => {
    const c = v / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
}

/**
 * `fg` as it shows over the opaque `bg`: an `rgba(r, g, b, a)` colour (antd's text tokens are black at an alpha)
 * composited over it; a hex colour as it is.
 */
export function over(fg: string, bg: string): string {
  const m = /^rgba?\(\s*(\d+)\s*,\s*(\d+)\s*,\s*(\d+)\s*(?:,\s*([\d.]+)\s*)?\)$/i.exec(fg.trim());
  if (!m) return toHex(parseHex(fg));
  const alpha = m[4] === undefined ? 1 : Number(m[4]);
  const base = parseHex(bg);
  const part = (v: string | undefined, b: number) => Number(v) * alpha + b * (1 - alpha);
  return toHex({ r: part(m[1], base.r), g: part(m[2], base.g), b: part(m[3], base.b) });
}

/** WCAG contrast ratio, 1 to 21, of a text (or component) colour on an opaque background. */
export function contrastRatio(fg: string, bg: string): number {
  const x = luminance(over(fg, bg));
  const y = luminance(bg);
  return (Math.max(x, y) + 0.05) / (Math.min(x, y) + 0.05);
}

function toHsl({ r, g, b }: Rgb): { h: number; s: number; l: number } {
  const [R, G, B] = [r / 255, g / 255, b / 255];
  const max = Math.max(R, G, B);
  const min = Math.min(R, G, B);
  const l = (max + min) / 2;
  if (max === min) return { h: 0, s: 0, l };
  const d = max - min;
  const s = l > 0.5 ? d / (2 - max - min) : d / (max + min);
  const h = max === R ? (G - B) / d + (G < B ? 6 : 0) : max === G ? (B - R) / d + 2 : (R - G) / d + 4;
  return { h: h / 6, s, l };
}

function fromHsl(h: number, s: number, l: number): Rgb {
  if (s === 0) return { r: l * 255, g: l * 255, b: l * 255 };
  const q = l < 0.5 ? l * (1 + s) : l + s - l * s;
  const p = 2 * l - q;
  const channel = (t: number) => {
    const u = t < 0 ? t + 1 : t > 1 ? t - 1 : t;
    if (u < 1 / 6) return p + (q - p) * 6 * u;
    if (u < 1 / 2) return q;
    if (u < 2 / 3) return p + (q - p) * (2 / 3 - u) * 6;
    return p;
  };
  return { r: channel(h + 1 / 3) * 255, g: channel(h) * 255, b: channel(h - 1 / 3) * 255 };
}

/** The colour with its HSL lightness lowered by `by` (0-1): same hue and saturation, darker. */
export function darken(hex: string, by: number): string {
  const { h, s, l } = toHsl(parseHex(hex));
  return toHex(fromHsl(h, s, Math.max(0, l - by)));
}

/**
 * The lightest shade of `hex` (same hue and saturation, lightness lowered in 0.5 % steps) that reaches `min` against
 * every one of `backgrounds`: the colour itself when it already does. Darkening keeps the hue a person knows the
 * brand by; only as much is taken as the contrast needs.
 */
export function shadeFor(hex: string, backgrounds: readonly string[], min: number = TEXT_CONTRAST): string {
  const { h, s, l } = toHsl(parseHex(hex));
  for (let step = 0; step <= 200; step++) {
    const shade = step === 0 ? toHex(parseHex(hex)) : toHex(fromHsl(h, s, Math.max(0, l - step * 0.005)));
    if (backgrounds.every((bg) => contrastRatio(shade, bg) >= min)) return shade;
  }
  return '#000000';
}
