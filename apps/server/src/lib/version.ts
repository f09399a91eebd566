import fs from 'node:fs';

/** apps/server/package.json version. */
export const SERVER_VERSION: string = (
  JSON.parse(fs.readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }
).version;
