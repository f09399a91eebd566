import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { initBrand } from './brands';
import { loadApiBases } from './api/servers';
import { bootstrapLocale } from './i18n/bootstrap';
import { App } from './app/App';
import { loadAntdStylesheet } from './app/antdStylesheet';
import { keepBackgroundInert } from './components/dialogBackground';
import { keepAntdAriaValid } from './components/antdAria';
import './app/styles.css';

const brand = initBrand();
document.title = brand.title;

// The regional map first of all calls: the sign-in page's first call already goes to the server of its country.
void Promise.all([bootstrapLocale(brand), loadAntdStylesheet(brand), loadApiBases(brand)]).then(([locale]) => {
  const container = document.getElementById('root');
  if (!container) throw new Error('#root missing');
  // The page behind an open dialog is out of reach of screen readers and the keyboard (components/dialogBackground.ts).
  keepBackgroundInert(container);
  // ARIA faults of antd's Select and tab bar that no prop avoids (components/antdAria.ts).
  keepAntdAriaValid(document.body);
  createRoot(container).render(
    <StrictMode>
      <App brand={brand} locale={locale} />
    </StrictMode>,
  );
});
