import type { ReactNode } from 'react';

/** A one-line warning or error above a form, like antd's Alert with an icon (the sign-in page loads no antd Alert). */
export function Notice({ type, children, testId }: { type: 'error' | 'warning'; children: ReactNode; testId?: string }) {
  return (
    <div className={`mg-notice mg-notice--${type}`} role={type === 'error' ? 'alert' : 'status'} data-testid={testId}>
      <span className="mg-notice__icon" aria-hidden>
        {type === 'error' ? '×' : '!'}
      </span>
      <span className="mg-notice__text">{children}</span>
    </div>
  );
}
