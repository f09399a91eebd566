import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * apps/server: the nearest folder above this module that holds a package.json. Found rather than counted, because
 * this module runs from src/lib (tsx, vitest) and from the bundle in dist/ (`npm start`), at different depths.
 */
function findServerDir(from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    if (fs.existsSync(path.join(dir, 'package.json'))) return dir;
    if (path.dirname(dir) === dir) throw new Error(`no package.json above ${from}`);
  }
}

export const SERVER_DIR = findServerDir(path.dirname(fileURLToPath(import.meta.url)));
