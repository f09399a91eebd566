import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { DownOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useLocale } from '../i18n/LocaleProvider';

export interface PickerOption<V extends string> {
  value: V;
  label: string;
}

interface PickerProps<V extends string> {
  value: V | undefined;
  options: readonly PickerOption<V>[];
  onChange: (value: V) => void;
  placeholder?: string;
  prefix?: ReactNode;
  /** Shown when the search matches nothing; antd's own "No data" of the page's language by default. */
  emptyText?: string;
  'aria-label': string;
  'data-testid'?: string;
  className?: string;
}

/**
 * A small searchable select drawn like antd's filled Select, for the sign-in layout's switchers: antd's Select with
 * its trigger, virtual list and motion is a sixth of that page's JavaScript (issue 10). Click opens it with the
 * search focused; typing filters; arrows move; Enter picks the highlighted option (the first match by default);
 * Escape or a click outside closes it.
 */
export function Picker<V extends string>({ value, options, onChange, placeholder, prefix, emptyText, className, ...aria }: PickerProps<V>) {
  const { t } = useTranslation();
  const { antdLocale } = useLocale();
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const root = useRef<HTMLDivElement>(null);
  const trigger = useRef<HTMLButtonElement>(null);
  const listId = useId();

  const shown = useMemo(() => {
    const q = query.trim().toLowerCase();
    return q ? options.filter((o) => o.label.toLowerCase().includes(q)) : options;
  }, [options, query]);
  const current = options.find((o) => o.value === value);

  useEffect(() => {
    if (!open) return;
    const onDown = (e: MouseEvent) => {
      if (root.current && !root.current.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', onDown);
    return () => document.removeEventListener('mousedown', onDown);
  }, [open]);

  const show = () => {
    setQuery('');
    setActive(Math.max(0, options.findIndex((o) => o.value === value)));
    setOpen(true);
  };
  const close = (focusTrigger: boolean) => {
    setOpen(false);
    if (focusTrigger) trigger.current?.focus();
  };
  const pick = (option: PickerOption<V> | undefined) => {
    if (!option) return;
    close(true);
    if (option.value !== value) onChange(option.value);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      const step = e.key === 'ArrowDown' ? 1 : -1;
      setActive((a) => (shown.length ? (a + step + shown.length) % shown.length : 0));
    } else if (e.key === 'Enter') {
      e.preventDefault();
      pick(shown[active] ?? shown[0]);
    } else if (e.key === 'Escape') {
      e.preventDefault();
      close(true);
    } else if (e.key === 'Tab') close(false);
  };

  return (
    <div ref={root} className={`mg-picker${open ? ' mg-picker--open' : ''}${className ? ` ${className}` : ''}`} data-testid={aria['data-testid']}>
      <button
        ref={trigger}
        type="button"
        className="mg-picker__trigger"
        aria-haspopup="listbox"
        aria-expanded={open}
        // The name holds what the button shows (WCAG 2.5.3 Label in Name): "Country: Indonesia · IDR", not "Country".
        aria-label={`${aria['aria-label']}: ${current ? current.label : (placeholder ?? '')}`}
        onClick={() => (open ? close(false) : show())}
      >
        {prefix && <span className="mg-picker__prefix">{prefix}</span>}
        <span className={current ? 'mg-picker__value' : 'mg-picker__placeholder'}>{current ? current.label : placeholder}</span>
        <DownOutlined className="mg-picker__arrow" aria-hidden />
      </button>
      {open && (
        <div className="mg-picker__popup">
          <input
            className="mg-picker__search"
            autoFocus
            role="combobox"
            aria-label={aria['aria-label']}
            aria-expanded
            aria-controls={listId}
            aria-activedescendant={shown[active] ? `${listId}-${active}` : undefined}
            value={query}
            onChange={(e) => {
              setQuery(e.target.value);
              setActive(0);
            }}
            onKeyDown={onKeyDown}
          />
          <ul className="mg-picker__list" role="listbox" id={listId} aria-label={aria['aria-label']}>
            {shown.map((o, i) => (
              <li
                key={o.value}
                id={`${listId}-${i}`}
                role="option"
                aria-selected={o.value === value}
                className={`mg-picker__option${i === active ? ' mg-picker__option--active' : ''}${o.value === value ? ' mg-picker__option--selected' : ''}`}
                onMouseEnter={() => setActive(i)}
                onMouseDown={(e) => e.preventDefault()}
                onClick={() => pick(o)}
              >
                {o.label}
              </li>
            ))}
          </ul>
          {shown.length === 0 && <div className="mg-picker__empty">{emptyText ?? antdLocale.Empty?.description ?? t('common.messages.noRecords')}</div>}
        </div>
      )}
    </div>
  );
}
