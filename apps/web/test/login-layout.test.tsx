import { beforeEach, describe, expect, it } from 'vitest';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { findBrand, type Brand } from '@mg/domain';
import { AppProviders } from '../src/app/AppProviders';
import { buildRoutes } from '../src/app/router';
import { bootstrapLocale } from '../src/i18n/bootstrap';
import { setToken } from '../src/session/storage';
import { setViewportWidth } from './setup';

const brand = (value: string) => findBrand(value) as Brand;

async function renderAt(brandValue: string, path: string) {
  const b = brand(brandValue);
  const locale = await bootstrapLocale(b);
  const router = createMemoryRouter(buildRoutes(b), { initialEntries: [path] });
  const view = render(
    <AppProviders brand={b} locale={locale}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { router, view };
}

/** The options of the open switcher (the sign-in layout's light Picker). */
function optionLabels(): string[] {
  return Array.from(document.querySelectorAll('.mg-picker__option')).map((el) => el.textContent ?? '');
}

function openPicker(picker: HTMLElement) {
  fireEvent.click(picker.querySelector('button') as Element);
}

beforeEach(() => {
  setViewportWidth(1280);
});

describe('sign-in layout', () => {
  it('lumipay (new routes, en-US): logo, title, country and language switchers with the brand offer', async () => {
    await renderAt('lumipay', '/login');
    expect(await screen.findByTestId('page-title')).toHaveProperty('textContent', 'Sign in');
    expect(screen.getByTestId('brand-logo').getAttribute('alt')).toBe('LumiPay');
    await waitFor(() => expect(document.title).toBe('Sign in - LumiPay Dashboard'));
    expect(document.documentElement.lang).toBe('en-US');
    expect(screen.getByTestId('footer').textContent).toContain('© 2025 LumiPay');
    expect(document.querySelector('[data-layout="wide"]')).not.toBeNull();

    // no country chosen yet: the sign-in takes the account's home country, and the switcher says so
    const country = screen.getByTestId('country-switcher');
    expect(country.textContent).toContain("Account's home country");
    expect(country.textContent).not.toContain('IDR');

    const language = screen.getByTestId('language-switcher');
    openPicker(language);
    await waitFor(() => expect(optionLabels().length).toBeGreaterThan(0));
    expect(optionLabels()).toEqual(['简体中文', 'English', 'Bahasa Indonesia', 'ไทย', 'Bahasa Melayu']);
  });

  it('switching the language re-renders the page, the window title, <html lang> and antd texts', async () => {
    await renderAt('lumipay', '/login');
    await screen.findByTestId('page-title');
    const language = screen.getByTestId('language-switcher');
    openPicker(language);
    await waitFor(() => expect(optionLabels()).toContain('Bahasa Indonesia'));
    const option = Array.from(document.querySelectorAll('.mg-picker__option')).find((el) => el.textContent === 'Bahasa Indonesia') as Element;
    await act(async () => {
      fireEvent.click(option);
    });
    await waitFor(() => expect(screen.getByTestId('page-title').textContent).toBe('Masuk'));
    await waitFor(() => expect(document.title).toBe('Masuk - LumiPay Dashboard'));
    expect(document.documentElement.lang).toBe('id-ID');
    expect(window.localStorage.getItem('LANGUAGE:lumipay')).toBe('id-ID');

    // antd's locale follows: the searchable switcher's empty state is antd's "No data" in Indonesian.
    openPicker(language);
    fireEvent.change(language.querySelector('.mg-picker__search') as HTMLInputElement, { target: { value: 'zzzz' } });
    await waitFor(() => expect(document.body.textContent).toContain('Tidak ada data'));
  });

  it('siampay (legacy, needHide, one country): no language or country switcher, zh-CN', async () => {
    await renderAt('siampay', '/user/login');
    expect((await screen.findByTestId('page-title')).textContent).toBe('登录');
    expect(screen.getByTestId('brand-logo').getAttribute('alt')).toBe('SiamPay');
    expect(screen.queryByTestId('language-switcher')).toBeNull();
    expect(screen.queryByTestId('country-switcher')).toBeNull();
    await waitFor(() => expect(document.title).toBe('登录 - SiamPay Merchant'));
    expect(document.documentElement.lang).toBe('zh-CN');
  });

  it('pagoverde (one country, pt-BR): language switcher offers zh-CN, en-US, pt-BR; no country switcher', async () => {
    await renderAt('pagoverde', '/login');
    expect((await screen.findByTestId('page-title')).textContent).toBe('Entrar');
    expect(screen.queryByTestId('country-switcher')).toBeNull();
    const language = screen.getByTestId('language-switcher');
    openPicker(language);
    await waitFor(() => expect(optionLabels()).toEqual(['简体中文', 'English', 'Português (Brasil)']));
  });

  it('single column below 800 px', async () => {
    setViewportWidth(640);
    await renderAt('lumipay', '/login');
    await screen.findByTestId('page-title');
    expect(document.querySelector('[data-layout="narrow"]')).not.toBeNull();
    expect(document.querySelector('.mg-user__panel')).toBeNull();
  });
});

describe('routes', () => {
  it('a route of the other style goes to the brand equivalent, keeping the query', async () => {
    const { router } = await renderAt('lumipay', '/user/register?x=1');
    await screen.findByTestId('page-title');
    expect(router.state.location.pathname).toBe('/register');
    expect(router.state.location.search).toBe('?x=1');
    expect(screen.getByTestId('page-title').textContent).toBe('Create account');
  });

  it('legacy brand: /login -> /user/login; /common/productList is public', async () => {
    const first = await renderAt('tikipay', '/login');
    await screen.findByTestId('page-title');
    expect(first.router.state.location.pathname).toBe('/user/login');
    first.view.unmount();
    const second = await renderAt('tikipay', '/common/productList');
    expect((await screen.findByTestId('page-title')).textContent).toBe('产品列表');
    expect(second.router.state.location.pathname).toBe('/common/productList');
  });

  it('"/" without a session goes to the login route with ?redirect= the home path', async () => {
    const { router } = await renderAt('lumipay', '/');
    await screen.findByTestId('page-title');
    expect(router.state.location.pathname).toBe('/login');
    expect(new URLSearchParams(router.state.location.search).get('redirect')).toBe('/dashboard/home');
  });

  it('legacy "/" -> /dashboard/analysis -> /user/login?redirect=; /document -> /document/document', async () => {
    const a = await renderAt('relaypay', '/');
    await screen.findByTestId('page-title');
    expect(new URLSearchParams(a.router.state.location.search).get('redirect')).toBe('/dashboard/analysis');
    a.view.unmount();
    const b = await renderAt('relaypay', '/document');
    await screen.findByTestId('page-title');
    expect(b.router.state.location.pathname).toBe('/user/login');
    expect(new URLSearchParams(b.router.state.location.search).get('redirect')).toBe('/document/document');
  });

  it('with a session the login route goes home (the shell takes over)', async () => {
    setToken('tok');
    const { router } = await renderAt('lumipay', '/login');
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/home'));
    // No server here: the session load gets no answer, so the session is kept and a retry is offered.
    await screen.findByRole('button', { name: 'Refresh' });
    expect(window.localStorage.getItem('ACCESS_TOKEN')).not.toBeNull();
  });

  it('unknown paths -> /404, a branded page with a way home', async () => {
    const { router } = await renderAt('pagoverde', '/no/such/page');
    expect((await screen.findByTestId('page-title')).textContent).toBe('Página não encontrada');
    expect(router.state.location.pathname).toBe('/404');
    expect(screen.getByTestId('brand-logo')).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Página não encontrada - PagoVerde Portal'));
    await act(async () => {
      fireEvent.click(screen.getByTestId('back-home'));
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });
});
