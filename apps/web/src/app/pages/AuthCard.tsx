import type { ReactNode } from 'react';
import { BrandLogo } from '../../brands';

/** The card every sign-in page sits in: brand logo, page title (h1, `data-testid="page-title"`), subtitle, body. */
export function AuthCard({ title, subtitle, children }: { title: string; subtitle?: ReactNode; children?: ReactNode }) {
  return (
    <section className="mg-card" aria-labelledby="mg-page-title">
      <div className="mg-card__logo">
        <BrandLogo height={40} />
      </div>
      <h1 id="mg-page-title" className="mg-card__title" data-testid="page-title">
        {title}
      </h1>
      {subtitle && <p className="mg-card__subtitle">{subtitle}</p>}
      {children}
    </section>
  );
}
