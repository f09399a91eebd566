import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { initBrand } from './brands';
import { bootstrapLocale } from './i18n/bootstrap';
import { App } from './app/App';
import { loadAntdStylesheet } from './app/antdStylesheet';
import './app/styles.css';

const brand = initBrand();
document.title = brand.title;

void Promise.all([bootstrapLocale(brand), loadAntdStylesheet(brand)]).then(([locale]) => {
  const container = document.getElementById('root');
  if (!container) throw new Error('#root missing');
  createRoot(container).render(
    <StrictMode>
      <App brand={brand} locale={locale} />
    </StrictMode>,
  );
});
