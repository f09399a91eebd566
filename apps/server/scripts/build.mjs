// Bundles the server's TypeScript into apps/server/dist, so that `npm start` runs plain JavaScript on Node. Running
// the sources through tsx kept its module-loader thread (a second V8 heap of ~29 MB) and an esbuild process alive
// for the server's whole life (docs/decisions.md, "The server runs from a bundle"). Packages stay imports from
// node_modules; the workspace's own TypeScript (@mg/domain) is bundled in. Takes well under a second.
//   node apps/server/scripts/build.mjs [--outdir=dist]   (a folder under apps/server: the bundle finds its package from there)
import { build } from 'esbuild';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import path from 'node:path';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const outdir = process.argv.find((a) => a.startsWith('--outdir='))?.slice('--outdir='.length) ?? 'dist';

/** Every bare import but the workspace's own packages is left to Node's resolution at run time. */
const packagesStayExternal = {
  name: 'packages-stay-external',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith('@mg/') ? undefined : { path: args.path, external: true }));
  },
};

/**
 * The domain package's Node tools find files beside their source (the translation resources in packages/domain/src)
 * from their own import.meta.url: in the bundle it still names the file they came from (relative to the bundle, so
 * the checkout can move). The server's own
 * modules do not need it (lib/server-dir.ts finds apps/server from src/ and from dist/).
 */
const domainKeepsItsLocation = {
  name: 'domain-keeps-its-location',
  setup(b) {
    b.onLoad({ filter: /[\\/]packages[\\/]domain[\\/].*\.ts$/ }, async (args) => {
      const text = await readFile(args.path, 'utf8');
      const fromBundle = path.relative(path.resolve(serverDir, outdir), args.path).split(path.sep).join('/');
      return { contents: text.replaceAll('import.meta.url', `new URL(${JSON.stringify(fromBundle)}, import.meta.url).href`), loader: 'ts' };
    });
  },
};

await build({
  absWorkingDir: serverDir,
  // The server and the export job's child process (forked by modules/exports/run-in-process.ts).
  entryPoints: { main: 'src/main.ts', 'job-process': 'src/modules/exports/job-process.ts' },
  outdir,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  plugins: [packagesStayExternal, domainKeepsItsLocation],
  logLevel: 'warning',
});
