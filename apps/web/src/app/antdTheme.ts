import type { ThemeConfig } from 'antd';
import { generate, presetPalettes } from '@ant-design/colors';
import { PresetColors } from 'antd/es/theme/interface/presetColors';
import { SHELL_BACKGROUND, TEXT_CONTRAST, brandColours, contrastRatio, darken, type Brand } from '@mg/domain';

const FONT_FAMILY =
  "Inter, -apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', 'Noto Sans Thai', 'PingFang SC', 'Microsoft YaHei', sans-serif";

/**
 * Muted text (antd's tertiary and description text: descriptions' labels, the breadcrumb, empty states, form
 * hints, step titles) and placeholders. antd's defaults (black at 45 % and 25 %) read at 3.4:1 and 1.8:1 on white;
 * these reach 4.5:1 on white, on the shell's background and on antd's palest tinted panels (docs/decisions.md
 * "Contrast in every brand").
 */
export const MUTED_TEXT = 'rgba(0, 0, 0, 0.58)';
export const PLACEHOLDER_TEXT = 'rgba(0, 0, 0, 0.56)';

/** antd's seed status colours. */
const STATUS_SEEDS = { error: '#ff4d4f', info: '#1677ff', success: '#52c41a', warning: '#faad14' } as const;

/**
 * The first shade of an antd palette, from `from` on towards the dark end, that reads at 4.5:1 on every one of
 * `backgrounds`: antd's own darker shades of the colour rather than a colour of ours.
 */
function readableShade(palette: readonly string[], from: number, backgrounds: readonly string[]): string {
  const found = palette.slice(from).find((shade) => backgrounds.every((bg) => contrastRatio(shade, bg) >= TEXT_CONTRAST));
  if (!found) throw new Error(`no shade of ${palette[5] ?? '?'} reads on ${backgrounds.join(', ')}`);
  return found;
}

/**
 * A status colour as text: the shade of its palette (antd's, from its seed) that reads on white, on the shell's
 * background and on the status's own pale panel (a status tag, an alert).
 */
export function statusText(status: keyof typeof STATUS_SEEDS): string {
  const palette = generate(STATUS_SEEDS[status]);
  return readableShade(palette, 5, ['#ffffff', SHELL_BACKGROUND, palette[0] ?? '#ffffff']);
}

/** antd's palette of a preset colour (`pink` is its alias of magenta). */
function presetPalette(color: string): readonly string[] {
  const palette = presetPalettes[color === 'pink' ? 'magenta' : color];
  if (!palette) throw new Error(`no preset colour ${color}`);
  return palette;
}

/**
 * A preset tag colour's text (antd draws `<Tag color="green">` in its palette's 7th shade on its 1st): the first
 * shade from the 7th on that reads on the 1st.
 */
export function presetTagText(color: string): string {
  const palette = presetPalette(color);
  return readableShade(palette, 6, [palette[0] ?? '#ffffff', '#ffffff']);
}

const TAG_TEXT = Object.fromEntries(PresetColors.map((c) => [`${c}7`, presetTagText(c)]));

/**
 * A preset colour as a fill under white text (a badge's ribbon: antd draws it in the palette's 6th shade): the
 * first shade from the 6th on that white reads on.
 */
export function presetFill(color: string): string {
  return readableShade(presetPalette(color), 5, ['#ffffff']);
}

const BADGE_FILL = Object.fromEntries(PresetColors.map((c) => [`${c}6`, presetFill(c)]));

/**
 * antd's theme of a brand, declared once: the app renders with it, and the build renders every antd component with
 * it to write the brand's stylesheet (build/antd-styles-plugin.ts). A theme the two did not share would leave the
 * stylesheet unused (its rules are keyed by the theme's token hash) and the page would style itself at run time.
 * antd's default algorithm applies when none is named.
 *
 * Colours carry text at WCAG 2.2 AA (4.5:1): the primary is the brand's colour darkened only as far as needed
 * (domain brandColours), its hover and pressed shades are darker, never lighter, and status colours are the text
 * shades of antd's palettes: globally for error and info (form errors, danger buttons, processing tags), and for the
 * components that write success and warning as text (tags, typography, form hints); icons and alerts keep antd's
 * brighter success and warning.
 */
export function antdThemeOf(brand: Pick<Brand, 'primaryColor'>): ThemeConfig {
  const c = brandColours(brand);
  const error = statusText('error');
  const statusAsText = { colorSuccess: statusText('success'), colorWarning: statusText('warning') };
  return {
    token: {
      colorPrimary: c.primary,
      colorPrimaryHover: c.hover,
      colorPrimaryActive: c.active,
      colorLink: c.primary,
      colorLinkHover: c.hover,
      colorLinkActive: c.active,
      colorPrimaryText: c.primary,
      colorPrimaryTextHover: c.hover,
      colorPrimaryTextActive: c.active,
      colorPrimaryBg: c.selectedBg,
      colorPrimaryBgHover: c.selectedBgHover,
      colorTextLightSolid: c.onPrimary,
      colorInfo: statusText('info'),
      colorError: error,
      colorErrorHover: darken(error, 0.05),
      colorErrorActive: darken(error, 0.1),
      colorTextTertiary: MUTED_TEXT,
      colorTextDescription: MUTED_TEXT,
      colorTextPlaceholder: PLACEHOLDER_TEXT,
      borderRadius: 8,
      fontFamily: FONT_FAMILY,
    },
    components: {
      Button: { controlHeightLG: 44 },
      Input: { controlHeightLG: 44 },
      Select: { controlHeightLG: 44 },
      Tag: { ...TAG_TEXT, ...statusAsText },
      Badge: BADGE_FILL,
      Typography: statusAsText,
      Form: statusAsText,
    },
  };
}
