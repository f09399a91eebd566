/**
 * The sign-in page paints from the first part of the translations alone (src/i18n/parts.ts): every key it, its
 * layout and its form's checks ask for is there, in every brand style, so the screens' part can load later.
 */
import { describe, expect, it } from 'vitest';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { findBrand, LANGUAGES, type Brand } from '@mg/domain';
import { AppProviders } from '../src/app/AppProviders';
import { buildRoutes } from '../src/app/router';
import { i18n } from '../src/i18n';
import { loadMessages } from '../src/i18n/bundles';
import { bootstrapLocale } from '../src/i18n/bootstrap';
import { partOfKey } from '../src/i18n/parts';

/** Keys asked for and not found, recorded by i18next while the page renders. */
const missing = new Set<string>();

async function signInPage(brandValue: string, path: string) {
  const brand = findBrand(brandValue) as Brand;
  const locale = await bootstrapLocale(brand);
  i18n.options.saveMissing = true;
  i18n.options.missingKeyHandler = (_lngs, _ns, key) => missing.add(key);
  const router = createMemoryRouter(buildRoutes(brand), { initialEntries: [path] });
  render(
    <AppProviders brand={brand} locale={locale}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  await screen.findByTestId('login-form');
}

describe('the first part of the translations', () => {
  it('is only the first part until a lazy page asks for the rest', async () => {
    for (const lang of LANGUAGES) {
      const first = await loadMessages(lang, ['first']);
      const screens = await loadMessages(lang, ['screens']);
      expect(Object.keys(first).length).toBeGreaterThan(0);
      expect(Object.keys(screens).every((key) => partOfKey(key) === 'screens')).toBe(true);
      expect(Object.keys(first).some((key) => key in screens)).toBe(false);
    }
  });

  it('holds every key of the sign-in page, its layout, its pickers and its form checks', async () => {
    for (const [brand, path] of [
      ['lumipay', '/login'],
      ['siampay', '/user/login'],
      ['pagoverde', '/login'],
    ] as const) {
      await signInPage(brand, path);
      // The screens' part is not there: a key from it would be recorded as missing.
      expect(i18n.exists('settlements.title')).toBe(false);
      for (const id of ['language-switcher', 'country-switcher']) {
        const picker = screen.queryByTestId(id);
        if (picker) fireEvent.click(picker.querySelector('button') as Element);
      }
      await act(async () => {
        fireEvent.click(screen.getByTestId('login-submit'));
      });
      await waitFor(() => expect(document.querySelector('.mg-field__error, [role="alert"]')).not.toBeNull());
      document.body.innerHTML = '';
    }
    expect([...missing]).toEqual([]);
  });
});
