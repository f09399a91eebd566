import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { messagesPlugin } from './build/messages-plugin';

const root = fileURLToPath(new URL('.', import.meta.url));

/**
 * The built app runs under a strict CSP: scripts only from 'self' (no inline script, no eval); inline styles are
 * allowed (antd's CSS-in-JS). `vite preview` serves with this header so a browser check exercises it.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self' ws: wss:",
  "object-src 'none'",
  "base-uri 'self'",
  "frame-ancestors 'none'",
].join('; ');

const API_TARGET = process.env.MG_API_TARGET ?? 'http://127.0.0.1:8080';

/** Vendor groups: react, antd (+ rc-* and icons), pro-components, i18n, query. Locale modules stay in their lazy chunks. */
const isLocaleModule = (id: string) => /[\\/]locale[\\/]/.test(id);
const VENDOR_GROUPS = [
  { name: 'react', test: /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|cookie|set-cookie-parser)[\\/]/, priority: 40 },
  { name: 'pro-components', test: (id: string) => /[\\/]node_modules[\\/]@ant-design[\\/]pro-/.test(id) && !isLocaleModule(id), priority: 30 },
  {
    name: 'antd',
    test: (id: string) =>
      /[\\/]node_modules[\\/](antd|@ant-design|@rc-component|rc-[^\\/]+|@babel[\\/]runtime|classnames|@emotion|stylis|dayjs|throttle-debounce|scroll-into-view-if-needed|compute-scroll-into-view|copy-to-clipboard|toggle-selection|json2mq|resize-observer-polyfill)[\\/]/.test(id) &&
      !isLocaleModule(id),
    priority: 20,
  },
  { name: 'i18n', test: /[\\/]node_modules[\\/](i18next|react-i18next|html-parse-stringify|void-elements)[\\/]/, priority: 10 },
  { name: 'query', test: /[\\/]node_modules[\\/]@tanstack[\\/]/, priority: 10 },
];

export default defineConfig({
  root,
  base: '/',
  plugins: [react(), messagesPlugin()],
  server: {
    port: 5173,
    proxy: { '/api': { target: API_TARGET, ws: true, changeOrigin: false } },
  },
  preview: {
    headers: { 'Content-Security-Policy': CONTENT_SECURITY_POLICY },
  },
  build: {
    outDir: fileURLToPath(new URL('./dist', import.meta.url)),
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: false,
    chunkSizeWarningLimit: 1500,
    // Vite 8 (Rolldown): `codeSplitting.groups` is the successor of Rollup's manualChunks.
    rolldownOptions: {
      output: {
        codeSplitting: { groups: VENDOR_GROUPS },
      },
    },
  },
});
