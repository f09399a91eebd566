import { afterEach, describe, expect, it } from 'vitest';
import { loadAntdStylesheet } from '../src/app/antdStylesheet';

const SHEETS = { tikipay: '/assets/antd-tikipay-abc.css' };

afterEach(() => {
  document.head.innerHTML = '';
});

function antdLink(): HTMLLinkElement | null {
  return document.head.querySelector('link[data-antd-styles]');
}

describe('the brand antd stylesheet', () => {
  it('goes first in <head>, before the app stylesheet, so the app still wins ties', async () => {
    document.head.innerHTML = '<link rel="stylesheet" href="/assets/index.css">';
    const loaded = loadAntdStylesheet({ value: 'tikipay' }, SHEETS);
    const link = antdLink();
    expect(link?.getAttribute('href')).toBe('/assets/antd-tikipay-abc.css');
    expect(document.head.firstElementChild).toBe(link);
    link!.dispatchEvent(new Event('load'));
    await expect(loaded).resolves.toBeUndefined();
  });

  it('lets the app start when the file fails to load (antd then styles the page itself)', async () => {
    const loaded = loadAntdStylesheet({ value: 'tikipay' }, SHEETS);
    antdLink()!.dispatchEvent(new Event('error'));
    await expect(loaded).resolves.toBeUndefined();
  });

  it('adds nothing for a brand the build wrote no file for, as in dev and tests', async () => {
    await loadAntdStylesheet({ value: 'lumipay' }, SHEETS);
    await loadAntdStylesheet({ value: 'tikipay' });
    expect(antdLink()).toBeNull();
  });
});
