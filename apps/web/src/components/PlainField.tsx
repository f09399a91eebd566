import type { ReactNode } from 'react';

/** A labelled field with its message below, styled like antd's vertical Form.Item (for forms without antd's Form). */
export function PlainField({ id, label, error, children }: { id: string; label: ReactNode; error?: string; children: ReactNode }) {
  return (
    <div className={`mg-field${error ? ' mg-field--error' : ''}`}>
      <label className="mg-field__label" htmlFor={id}>
        {label}
      </label>
      {children}
      {error && (
        <div className="mg-field__error" id={`${id}-error`} role="alert">
          {error}
        </div>
      )}
    </div>
  );
}

/** The input props that tie an input to its PlainField's message. */
export function fieldAria(id: string, error: string | undefined) {
  return { id, status: error ? ('error' as const) : undefined, 'aria-invalid': error ? true : undefined, 'aria-describedby': error ? `${id}-error` : undefined };
}
