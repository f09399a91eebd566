// `npm test`: every layer, in order of cost, with one closing line "N passed, N failed".
//   node scripts/test.mjs                 all steps
//   node scripts/test.mjs --only=a,b      some steps (typecheck, lint, structure, domain, web, server, build, e2e)
// Browser tests need Chromium (/usr/bin/chromium). Without it they are skipped, unless CI=true: then it fails.
import { spawn, spawnSync } from 'node:child_process';
import { Buffer } from 'node:buffer';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import path from 'node:path';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const resultsDir = path.join(root, '.tmp/results');
const onlyArg = process.argv.find((a) => a.startsWith('--only='));
const only = onlyArg ? new Set(onlyArg.slice('--only='.length).split(',')) : null;
const ci = process.env.CI === 'true';
const label = process.env.DATABASE_URL ? ' (DATABASE_URL)' : '';

const CHROMIUM_PATHS = ['/usr/bin/chromium', '/usr/lib/chromium/chromium'];
const chromium = process.env.CHROMIUM_PATH || CHROMIUM_PATHS.find((p) => existsSync(p));

let passed = 0;
let failed = 0;
const failures = [];

function run(name, cmd, args, env = {}) {
  console.log(`\n=== ${name} ===`);
  const t0 = Date.now();
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  console.log(
    `--- ${name}: ${r.status === 0 ? 'ok' : 'FAILED'} in ${((Date.now() - t0) / 1000).toFixed(1)} s`,
  );
  return r.status === 0;
}

/** Several commands at once, each one's output printed whole when it ends (single-threaded tools on spare cores). */
async function runTogether(jobs) {
  const results = await Promise.all(
    jobs.map(
      ({ name, cmd, args }) =>
        new Promise((resolve) => {
          const t0 = Date.now();
          const child = spawn(cmd, args, { cwd: root, env: process.env, stdio: ['ignore', 'pipe', 'pipe'] });
          const out = [];
          child.stdout.on('data', (d) => out.push(d));
          child.stderr.on('data', (d) => out.push(d));
          child.on('close', (code) =>
            resolve({
              name,
              ok: code === 0,
              out: Buffer.concat(out).toString(),
              secs: (Date.now() - t0) / 1000,
            }),
          );
        }),
    ),
  );
  for (const r of results) {
    console.log(`\n=== ${r.name} ===`);
    process.stdout.write(r.out);
    console.log(`--- ${r.name}: ${r.ok ? 'ok' : 'FAILED'} in ${r.secs.toFixed(1)} s`);
    if (!r.ok) failures.push(r.name);
  }
}

function vitest(name, dir, env = {}) {
  const out = path.join(resultsDir, `${name}.json`);
  rmSync(out, { force: true });
  const ok = run(
    `${name} tests${label}`,
    'npx',
    [
      'vitest',
      'run',
      '--root',
      dir,
      '--configLoader',
      'runner',
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${out}`,
    ],
    env,
  );
  if (existsSync(out)) {
    const r = JSON.parse(readFileSync(out, 'utf8'));
    passed += r.numPassedTests;
    failed += r.numFailedTests;
    if (!ok && r.numFailedTests === 0) failures.push(`${name} (suite error)`);
    else if (r.numFailedTests > 0) failures.push(`${name} (${r.numFailedTests} failed)`);
    if (r.numTotalTests === 0) failures.push(`${name} (no tests ran)`);
  } else if (!ok) {
    failures.push(`${name} (did not run)`);
  }
}

function step(name, fn) {
  if (only && !only.has(name)) return;
  fn();
}

mkdirSync(resultsDir, { recursive: true });

// tsc and eslint each use one core: side by side.
await runTogether(
  [
    { name: 'typecheck', cmd: 'npx', args: ['tsc', '-b', 'tsconfig.json'] },
    { name: 'lint', cmd: 'npx', args: ['eslint', '.', '--max-warnings=0'] },
  ].filter((j) => !only || only.has(j.name)),
);
step('structure', () => vitest('structure', 'test'));
step('domain', () => vitest('domain', 'packages/domain'));
step('web', () => vitest('web', 'apps/web'));
step('server', () => vitest('server', 'apps/server'));
step('build', () => {
  if (!run('web build', 'npm', ['run', 'build', '-w', '@mg/web'])) failures.push('web build');
  if (!run('server build', 'npm', ['run', 'build', '-w', '@mg/server'])) failures.push('server build');
});
step('e2e', () => {
  if (!chromium) {
    if (ci) {
      failures.push('e2e (CI=true but no Chromium at ' + CHROMIUM_PATHS.join(' or ') + ')');
    } else {
      console.log(
        '\n=== e2e: SKIPPED (no Chromium; `apt-get install -y chromium fonts-noto-cjk fonts-thai-tlwg`) ===',
      );
    }
    return;
  }
  vitest('e2e', 'e2e', { CHROMIUM_PATH: chromium });
});

console.log('');
if (failures.length) console.log(`Failed: ${failures.join('; ')}`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failures.length || failed ? 1 : 0);
