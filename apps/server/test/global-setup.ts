/**
 * One PostgreSQL for the whole run and one migrated, seeded template database; each test file then creates its
 * own database from the template (test/helpers/db.ts), which takes a few milliseconds.
 *   DATABASE_URL unset: embedded PostgreSQL in .tmp/test-pg (fresh each run).
 *   DATABASE_URL set:   that server; a uniquely named template, dropped afterwards with every test database.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { REPO_ROOT } from '../src/config';
import { recoverOrphan, startEmbeddedPostgres, type EmbeddedPostgres } from '../src/db/embedded';
import { seedAsTemplate } from './helpers/template';

declare module 'vitest' {
  export interface ProvidedContext {
    pgAdminUrl: string;
    pgTemplate: string;
  }
}

export function withDatabase(url: string, db: string): string {
  const u = new URL(url);
  u.pathname = `/${db}`;
  return u.toString();
}

async function admin<T>(url: string, fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end();
  }
}

export default async function setup(project: TestProject) {
  let embedded: EmbeddedPostgres | undefined;
  let adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) {
    const dir = path.join(REPO_ROOT, '.tmp', 'test-pg');
    await recoverOrphan(path.join(dir, 'pg')); // a previous run killed hard
    await fs.rm(dir, { recursive: true, force: true });
    embedded = await startEmbeddedPostgres({ dataDir: dir, fast: true });
    adminUrl = embedded.url;
  }
  const template = `mg_tpl_${randomBytes(4).toString('hex')}`;
  await admin(adminUrl, (c) => c.query(`CREATE DATABASE ${c.escapeIdentifier(template)}`));
  const pool = new pg.Pool({ connectionString: withDatabase(adminUrl, template), max: 2 });
  try {
    await seedAsTemplate(pool);
  } finally {
    await pool.end();
  }
  project.provide('pgAdminUrl', adminUrl);
  project.provide('pgTemplate', template);

  return async () => {
    if (embedded) {
      await embedded.stop();
      return;
    }
    await admin(adminUrl, async (c) => {
      const { rows } = await c.query<{ datname: string }>('select datname from pg_database where datname = $1 or datname like $2', [
        template,
        `${template}\\_%`,
      ]);
      for (const r of rows) await c.query(`DROP DATABASE IF EXISTS ${c.escapeIdentifier(r.datname)} WITH (FORCE)`);
    });
  };
}
