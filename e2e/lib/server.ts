import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
/** What `npm start` runs: the server's bundle (`npm run build`). */
const SERVER_BUNDLE = 'apps/server/dist/main.js';

export interface RunningServer {
  port: number;
  dataDir: string;
  stop(): Promise<void>;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.unref();
    s.on('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const addr = s.address();
      const port = typeof addr === 'object' && addr ? addr.port : 0;
      s.close(() => resolve(port));
    });
  });
}

/**
 * The real server, as `npm start` runs it, on a fresh embedded database in a temp dir; with DATABASE_URL in
 * `extraEnv`, a further instance on that database (PORT there fixes its port, to start it again where it was).
 */
export async function startServer(extraEnv: Record<string, string> = {}): Promise<RunningServer> {
  if (!existsSync(path.join(repoRoot, 'apps/web/dist/index.html')) || !existsSync(path.join(repoRoot, SERVER_BUNDLE))) {
    throw new Error('apps/web/dist or apps/server/dist is missing: run `npm run build` before the browser tests');
  }
  const port = extraEnv.PORT ? Number(extraEnv.PORT) : await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'mg-e2e-'));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    CAPTCHA: 'off',
    // one test client does the work of many users from one address
    RATE_LIMIT_PER_MINUTE: '100000',
    NODE_ENV: 'development',
    ...extraEnv,
  };
  // Browser tests run on their own embedded database, never on one the environment names.
  if (!extraEnv.DATABASE_URL) delete env.DATABASE_URL;
  const child: ChildProcess = spawn(process.execPath, [SERVER_BUNDLE], {
    cwd: repoRoot,
    env,
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  let exited = false;
  child.on('exit', () => (exited = true));

  const deadline = Date.now() + 90_000;
  for (;;) {
    if (exited) throw new Error('the server exited before it answered /api/health');
    try {
      const r = await fetch(`http://127.0.0.1:${port}/api/health`);
      if (r.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error('the server did not answer /api/health within 90 s');
    }
    await new Promise((r) => setTimeout(r, 250));
  }

  return {
    port,
    dataDir,
    async stop() {
      if (!exited) {
        const done = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        let timer: NodeJS.Timeout | undefined;
        await Promise.race([done, new Promise((r) => (timer = setTimeout(r, 15_000)))]);
        clearTimeout(timer);
        if (!exited) child.kill('SIGKILL');
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
