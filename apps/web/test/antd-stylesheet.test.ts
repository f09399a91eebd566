import { afterEach, describe, expect, it, vi } from 'vitest';
import { ANTD_STYLESHEET_WAIT_MS } from '@mg/domain';
import { loadAntdStylesheet } from '../src/app/antdStylesheet';

const SHEETS = { tikipay: '/assets/antd-tikipay-abc.css' };

afterEach(() => {
  vi.useRealTimers();
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

  it('does not hold the page for a file that is slow to come', async () => {
    vi.useFakeTimers();
    let done = false;
    const loaded = loadAntdStylesheet({ value: 'tikipay' }, SHEETS).then(() => {
      done = true;
    });
    await vi.advanceTimersByTimeAsync(ANTD_STYLESHEET_WAIT_MS - 1);
    expect(done).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await loaded;
    expect(done).toBe(true);
  });

  it('adds nothing for a brand the build wrote no file for, as in dev and tests', async () => {
    await loadAntdStylesheet({ value: 'lumipay' }, SHEETS);
    await loadAntdStylesheet({ value: 'tikipay' });
    expect(antdLink()).toBeNull();
  });
});
