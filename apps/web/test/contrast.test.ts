/**
 * Issue 40 "Accessibility": WCAG 2.2 AA contrast in every brand's antd theme and in the app's stylesheet. antd derives
 * its tokens from the theme (theme.getDesignToken runs the same algorithm the app and the build's stylesheets do), so
 * what is checked here is what the pages draw with.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { theme } from 'antd';
import { presetPalettes } from '@ant-design/colors';
import { PresetColors } from 'antd/es/theme/interface/presetColors';
import { BRANDS, SHELL_BACKGROUND, TEXT_CONTRAST, brandColours, contrastRatio } from '@mg/domain';
import { antdThemeOf } from '../src/app/antdTheme';
import { brandStyle } from '../src/brands';

/** antd's filled inputs and table headers: black at 4 % and #fafafa over white. */
const FILLED = '#f5f5f5';
const TABLE_HEADER = '#fafafa';
const BODY = '#f6f7fb';

function expectReads(fg: string, backgrounds: readonly string[], what: string) {
  for (const bg of backgrounds) {
    expect(contrastRatio(fg, bg), `${what}: ${fg} on ${bg}`).toBeGreaterThanOrEqual(TEXT_CONTRAST);
  }
}

type Tokens = Record<string, string>;

describe("each brand's antd theme", () => {
  for (const brand of BRANDS) {
    describe(brand.value, () => {
      const config = antdThemeOf(brand);
      const token = theme.getDesignToken(config) as unknown as Tokens;
      const t = (name: string) => {
        const v = token[name];
        if (typeof v !== 'string') throw new Error(`no token ${name}`);
        return v;
      };
      const neutral = ['#ffffff', SHELL_BACKGROUND, BODY, FILLED, TABLE_HEADER];
      const panels = ['colorPrimaryBg', 'colorPrimaryBgHover', 'colorInfoBg', 'colorSuccessBg', 'colorWarningBg', 'colorErrorBg'].map(t);

      it('body, secondary, muted and placeholder text read on every surface and pale panel', () => {
        for (const name of ['colorText', 'colorTextSecondary', 'colorTextTertiary', 'colorTextDescription', 'colorTextPlaceholder', 'colorTextHeading', 'colorTextLabel']) {
          expectReads(t(name), [...neutral, ...panels], name);
        }
      });

      it('links and the primary colour as text (menus, tabs, link buttons) read on white, the shell and the selected tints', () => {
        for (const name of ['colorLink', 'colorLinkHover', 'colorLinkActive', 'colorPrimary', 'colorPrimaryHover', 'colorPrimaryActive', 'colorPrimaryText', 'colorPrimaryTextHover']) {
          expectReads(t(name), [...neutral, t('colorPrimaryBg'), t('colorPrimaryBgHover')], name);
        }
        // the stylesheets' brand-coloured text is the same shade as antd's links
        expect((brandStyle(brand) as Record<string, string>)['--mg-brand-text']).toBe(t('colorLink'));
        expect(t('colorPrimary')).toBe(brandColours(brand).primary);
      });

      it("primary and danger buttons' labels read on their fills, hovered and pressed", () => {
        for (const fill of ['colorPrimary', 'colorPrimaryHover', 'colorPrimaryActive', 'colorError', 'colorErrorHover', 'colorErrorActive']) {
          expectReads(t('colorTextLightSolid'), [t(fill)], `label on ${fill}`);
        }
      });

      it('error and info text (form errors, danger links, processing tags) read on white, the shell and their panels', () => {
        expectReads(t('colorError'), [...neutral, t('colorErrorBg')], 'colorError');
        expectReads(t('colorErrorText'), [...neutral, t('colorErrorBg')], 'colorErrorText');
        expectReads(t('colorInfo'), [...neutral, t('colorInfoBg')], 'colorInfo');
      });

      it('tags, typography and form hints write success and warning in shades that read', () => {
        const components = config.components as Record<string, Tokens>;
        for (const component of ['Tag', 'Typography', 'Form']) {
          expectReads(components[component]!.colorSuccess!, ['#ffffff', SHELL_BACKGROUND, t('colorSuccessBg')], `${component} success`);
          expectReads(components[component]!.colorWarning!, ['#ffffff', SHELL_BACKGROUND, t('colorWarningBg')], `${component} warning`);
        }
        // <Tag color="green">: text in the 7th shade (as overridden) on the palette's 1st
        for (const color of PresetColors) {
          const palette = presetPalettes[color === 'pink' ? 'magenta' : color]!;
          expectReads(components.Tag![`${color}7`]!, [palette[0]!, '#ffffff'], `Tag ${color}`);
          // a ribbon or an inverse tag: white on the 6th shade (as overridden)
          expectReads('#ffffff', [components.Badge![`${color}6`]!], `Badge ${color}`);
        }
      });
    });
  }
});

describe("the app stylesheet's text colours", () => {
  const css = readFileSync(path.resolve(__dirname, '../src/app/styles.css'), 'utf8');
  const root = /:root\s*\{([^}]*)\}/.exec(css)?.[1] ?? '';
  const vars: Record<string, string> = Object.fromEntries([...root.matchAll(/(--mg-[a-z-]+):\s*([^;]+);/g)].map((m) => [m[1]!, m[2]!.trim()]));

  it('declares the text colours once, in :root', () => {
    expect(Object.keys(vars)).toEqual(expect.arrayContaining(['--mg-text-muted', '--mg-success-text', '--mg-warning-text', '--mg-error-text']));
  });

  it('each reads on white, the shell, the body and slate-50; muted text on every brand tint too', () => {
    for (const [name, value] of Object.entries(vars)) expectReads(value, ['#ffffff', SHELL_BACKGROUND, BODY, '#f8fafc'], name);
    const tints = BRANDS.flatMap((b) => [brandColours(b).selectedBg, brandColours(b).selectedBgHover]);
    expectReads(vars['--mg-text-muted']!, tints, '--mg-text-muted');
  });

  it('writes no text in the raw brand colour, which may read below 4.5:1 (--mg-brand-text is its text shade)', () => {
    const sheets = ['../src/app/styles.css', '../src/features/cashier/cashier.css', '../src/features/onboarding/flow/onboarding.css'];
    for (const sheet of sheets) {
      const text = readFileSync(path.resolve(__dirname, sheet), 'utf8');
      // every rule that sets `color: var(--mg-brand)` colours an icon or an illustration, never words
      for (const rule of text.matchAll(/([^{}]+)\{[^}]*[^-]color:\s*var\(--mg-brand[,)][^}]*\}/g)) {
        expect(rule[1]!.trim(), `${sheet}: ${rule[1]!.trim()}`).toMatch(/anticon|icon|__art|avatar/);
      }
    }
  });
});
