import fs from 'node:fs';
import path from 'node:path';
import { SERVER_DIR } from './server-dir';

/** apps/server/package.json version. */
export const SERVER_VERSION: string = (
  JSON.parse(fs.readFileSync(path.join(SERVER_DIR, 'package.json'), 'utf8')) as { version: string }
).version;
