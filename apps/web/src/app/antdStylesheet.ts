import urls from 'virtual:antd-styles';
import { ANTD_STYLESHEET_WAIT_MS, type Brand } from '@mg/domain';

/**
 * Loads the brand's antd stylesheet (build/antd-styles-plugin.ts) before the app first renders: antd reads the
 * list of styles the file holds once, at its first style, so a file that arrived later would be ignored for the
 * page's life. Resolves when the file has loaded or failed, or after ANTD_STYLESHEET_WAIT_MS; without it antd styles
 * the page itself, as in dev (a file that arrives after that adds the same rules again, harmlessly).
 *
 * The link goes first in <head>, where antd puts the styles it builds: the app's own stylesheet comes after both
 * and wins where specificity ties, as it always has.
 */
export function loadAntdStylesheet(brand: Pick<Brand, 'value'>, stylesheets: Readonly<Record<string, string>> = urls): Promise<void> {
  const href = stylesheets[brand.value];
  if (!href) return Promise.resolve();
  return new Promise((resolve) => {
    const link = document.createElement('link');
    link.rel = 'stylesheet';
    link.href = href;
    link.dataset.antdStyles = brand.value;
    link.addEventListener('load', () => resolve());
    link.addEventListener('error', () => resolve());
    setTimeout(resolve, ANTD_STYLESHEET_WAIT_MS);
    document.head.prepend(link);
  });
}
