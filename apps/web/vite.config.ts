import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { antdStylesPlugin } from './build/antd-styles-plugin';
import { compressPlugin } from './build/compress-plugin';
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

export default defineConfig({
  root,
  base: '/',
  plugins: [react(), messagesPlugin(), antdStylesPlugin(), compressPlugin()],
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
    sourcemap: process.env.MG_SOURCEMAP === "1",
    // No vendor groups: a group is one chunk wherever its modules are used, so antd grouped with pro-components
    // put 536 KiB on the sign-in page. Rolldown's own split loads each library with the first route that needs it.
    chunkSizeWarningLimit: 1500,
    rolldownOptions: {
      treeshake: {
        // antd's own rc-* packages declare no `sideEffects`, so every module of one is kept once any is imported:
        // antd's ConfigProvider alone brought all of rc-field-form (form state, async-validator) to the sign-in
        // page. Their modules only define components and helpers (issue 10).
        moduleSideEffects: [{ test: /[\\/]node_modules[\\/](rc-[^\\/]+|@rc-component[\\/][^\\/]+)[\\/]/, sideEffects: false }],
      },
    },
  },
});
