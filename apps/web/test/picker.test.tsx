import { beforeAll, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { findBrand } from '@mg/domain';
import { AppProviders } from '../src/app/AppProviders';
import { Picker } from '../src/components/Picker';
import type { ActiveLocale } from '../src/i18n';
import { bootstrapLocale } from '../src/i18n/bootstrap';

const brand = findBrand('lumipay')!;
let locale: ActiveLocale;
beforeAll(async () => {
  locale = await bootstrapLocale(brand);
});

const OPTIONS = [
  { value: 'IDR', label: 'Indonesia · IDR' },
  { value: 'THB', label: 'Thailand · THB' },
  { value: 'PHP', label: 'Philippines · PHP' },
];

function setup(value: string | undefined) {
  const onChange = vi.fn();
  render(
    <AppProviders brand={brand} locale={locale}>
      <Picker value={value} options={OPTIONS} onChange={onChange} placeholder="Home country" aria-label="Country" data-testid="picker" />
      <p data-testid="outside">outside</p>
    </AppProviders>,
  );
  const trigger = screen.getByRole('button', { name: /^Country: / });
  const open = () => {
    fireEvent.click(trigger);
    return screen.getByRole('combobox');
  };
  return { onChange, trigger, open };
}

describe('Picker (the sign-in switchers)', () => {
  it('shows the chosen label', () => {
    setup('THB');
    expect(screen.getByTestId('picker').textContent).toContain('Thailand · THB');
  });

  it('is named by its label and what it shows (WCAG 2.5.3: the visible text is part of the name)', () => {
    const { trigger } = setup('THB');
    expect(trigger.getAttribute('aria-label')).toBe('Country: Thailand · THB');
  });

  it('shows the placeholder when nothing is chosen', () => {
    const { trigger } = setup(undefined);
    expect(screen.getByTestId('picker').textContent).toContain('Home country');
    expect(trigger.getAttribute('aria-label')).toBe('Country: Home country');
  });

  it('typing filters, Enter picks the first match and closes', () => {
    const { onChange, open } = setup('IDR');
    const search = open();
    expect(document.activeElement).toBe(search);
    fireEvent.change(search, { target: { value: 'phil' } });
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Philippines · PHP']);
    fireEvent.keyDown(search, { key: 'Enter' });
    expect(onChange).toHaveBeenCalledWith('PHP');
    expect(screen.queryByRole('listbox')).toBeNull();
  });

  it('arrows move from the chosen option; Enter picks the highlighted one', () => {
    const { onChange, open } = setup('IDR');
    const search = open();
    fireEvent.keyDown(search, { key: 'ArrowDown' });
    fireEvent.keyDown(search, { key: 'ArrowDown' });
    expect(screen.getAllByRole('option')[2]?.className).toContain('mg-picker__option--active');
    fireEvent.keyDown(search, { key: 'ArrowDown' }); // wraps to the first
    fireEvent.keyDown(search, { key: 'ArrowUp' }); // and back to the last
    fireEvent.keyDown(search, { key: 'Enter' });
    expect(onChange).toHaveBeenCalledWith('PHP');
  });

  it('picking the chosen option again changes nothing', () => {
    const { onChange, open } = setup('IDR');
    open();
    fireEvent.click(screen.getByRole('option', { name: 'Indonesia · IDR' }));
    expect(onChange).not.toHaveBeenCalled();
  });

  it('no match: antd\'s empty text of the page\'s language; Escape and a click outside close without a change', () => {
    const { onChange, open, trigger } = setup('IDR');
    const search = open();
    fireEvent.change(search, { target: { value: 'zzzz' } });
    expect(screen.getByTestId('picker').textContent).toContain('No data');
    fireEvent.keyDown(search, { key: 'Enter' });
    expect(onChange).not.toHaveBeenCalled();
    fireEvent.keyDown(search, { key: 'Escape' });
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(document.activeElement).toBe(trigger);
    open();
    fireEvent.mouseDown(screen.getByTestId('outside'));
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(onChange).not.toHaveBeenCalled();
  });
});
