import type { ThemeConfig } from 'antd';
import type { Brand } from '@mg/domain';

const FONT_FAMILY =
  "Inter, -apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', 'Noto Sans Thai', 'PingFang SC', 'Microsoft YaHei', sans-serif";

/**
 * antd's theme of a brand, declared once: the app renders with it, and the build renders every antd component with
 * it to write the brand's stylesheet (build/antd-styles-plugin.ts). A theme the two did not share would leave the
 * stylesheet unused (its rules are keyed by the theme's token hash) and the page would style itself at run time.
 * antd's default algorithm applies when none is named.
 */
export function antdThemeOf(brand: Pick<Brand, 'primaryColor'>): ThemeConfig {
  return {
    token: { colorPrimary: brand.primaryColor, colorLink: brand.primaryColor, borderRadius: 8, fontFamily: FONT_FAMILY },
    components: { Button: { controlHeightLG: 44 }, Input: { controlHeightLG: 44 }, Select: { controlHeightLG: 44 } },
  };
}
