// `npm start`: build the web app if it is missing, bundle the server (always: it takes half a second, and a bundle
// older than its sources would run old code), then run it (it starts its embedded PostgreSQL, migrates and seeds
// when DATABASE_URL is unset). Signals are forwarded so Ctrl-C stops cleanly.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import path from 'node:path';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const webIndex = path.join(root, 'apps/web/dist/index.html');

if (!existsSync(webIndex) || process.env.REBUILD_WEB === 'true') {
  console.log('[start] building the web app (apps/web/dist)…');
  const build = spawnSync('npm', ['run', 'build', '-w', '@mg/web'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
const bundle = spawnSync(process.execPath, ['apps/server/scripts/build.mjs'], { cwd: root, stdio: 'inherit' });
if (bundle.status !== 0) process.exit(bundle.status ?? 1);

// A young generation of 8 MB semi-spaces (V8's default is 16): under a list load the heap then grows less between
// collections, at the same throughput (docs/benchmarks.md, bench:memory: peak 306-311 -> 289 MB).
// No allocation-site pretenuring: under concurrent requests V8 saw a request's objects outlive a scavenge and began
// allocating them straight in the old generation, where they piled up as garbage until a full collection (heap
// 57 MB live, 230 MB used). Without it: bench:memory peak 328-354 -> 191 MB, list calls/s 132 -> 152.
const V8_FLAGS = ['--max-semi-space-size=8', '--no-allocation-site-pretenuring'];
const server = spawn(process.execPath, [...V8_FLAGS, 'apps/server/dist/main.js'], {
  cwd: root,
  stdio: 'inherit',
  env: process.env,
});
for (const sig of ['SIGINT', 'SIGTERM']) {
  process.on(sig, () => server.kill(sig));
}
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
