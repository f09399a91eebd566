/**
 * `virtual:antd-styles`: the URL of each brand's antd stylesheet, `{ [brand]: url }` (issue 10).
 *
 * antd styles itself at run time: each component's first render builds its CSS from the theme's tokens and inserts
 * it, which was the largest part of a page's script time (669 ms of a 2.4 s list page load in a CPU profile). The
 * build renders every antd component once per brand theme (./antd-styles/catalogue.tsx) and writes what that
 * generated as a hashed, precompressed stylesheet. antd's CSS-in-JS reads the list of styles the file holds (its
 * `.data-ant-cssinjs-cache-path` rule) the first time it styles something, and from then on skips building them;
 * anything the file lacks (a theme it was not built with, a part no catalogue entry renders) is built at run time as
 * before. src/app/antdStylesheet.ts loads the brand's file before the first render.
 *
 * Only in the production build: the dev server's class names differ (`css-dev-only-...`), so there the module is
 * empty and antd styles everything at run time.
 */
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { Plugin } from 'vite';

const ID = 'virtual:antd-styles';
const RESOLVED = `\0${ID}`;
const WEB_ROOT = fileURLToPath(new URL('..', import.meta.url));
const CATALOGUE = fileURLToPath(new URL('./antd-styles/catalogue.tsx', import.meta.url));

/** `{ [brand]: css }`, rendered in a process of its own: production React and antd, the web app's JSX settings. */
async function renderStylesheets(): Promise<Record<string, string>> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'mg-antd-styles-'));
  try {
    const out = path.join(dir, 'sheets.json');
    await promisify(execFile)(process.execPath, ['--import', 'tsx', CATALOGUE, out], {
      cwd: WEB_ROOT,
      env: { ...process.env, NODE_ENV: 'production' },
      maxBuffer: 16 * 1024 * 1024,
    });
    return JSON.parse(await readFile(out, 'utf8')) as Record<string, string>;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

export function antdStylesPlugin(): Plugin {
  let building = false;
  let base = '/';
  let assetsDir = 'assets';
  let urls: Record<string, string> = {};
  return {
    name: 'mg-antd-styles',
    configResolved(config) {
      building = config.command === 'build' && !config.build.ssr;
      base = config.base;
      assetsDir = config.build.assetsDir;
    },
    async buildStart() {
      if (!building) return;
      urls = {};
      for (const [brand, css] of Object.entries(await renderStylesheets())) {
        const hash = createHash('sha256').update(css).digest('base64url').slice(0, 10);
        const fileName = `${assetsDir}/antd-${brand}-${hash}.css`;
        this.emitFile({ type: 'asset', fileName, source: css });
        urls[brand] = `${base}${fileName}`;
      }
    },
    resolveId: (id) => (id === ID ? RESOLVED : undefined),
    load: (id) => (id === RESOLVED ? `export default ${JSON.stringify(urls)};` : undefined),
  };
}
