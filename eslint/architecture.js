/**
 * The layering of ../shared/DESIGN.md §2 as lint rules (a local ESLint plugin), so `npm test` fails on a wrong import:
 *
 *   architecture/layers       which layer may import which (the table below);
 *   architecture/sql-in-queries  SQL only in an area's queries.ts / repository.ts (or its queries/ folder): other
 *                             files of apps/server/src/modules may not import table definitions or drizzle's query
 *                             builders (types are fine), nor run `db.query.*`.
 *
 * Import cycles between area folders are checked by test/architecture.test.ts (a whole-graph property).
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The layer of a file (repo-relative, forward slashes), or null for files the rules do not govern. */
export function layerOf(rel) {
  const rules = [
    [/^packages\/domain\/src\//, 'domain'],
    [/^packages\/domain\/tools\//, 'domain-tools'],
    // The seed and the migration command are programs that use the areas, not the database layer.
    [/^apps\/server\/src\/db\/(seed|migrate-cli)\.ts$/, 'server-app'],
    [/^apps\/server\/src\/db\//, 'server-db'],
    [/^apps\/server\/src\/(lib\/|config\.ts$)/, 'server-lib'],
    [/^apps\/server\/src\/modules\/auth\//, 'server-auth'],
    [/^apps\/server\/src\/modules\//, 'server-module'],
    [/^apps\/server\/src\//, 'server-app'],
    [/^apps\/web\/src\/features\/registry\.ts$/, 'web-registry'],
    [/^apps\/web\/src\/features\//, 'web-feature'],
    [/^apps\/web\/src\/components\//, 'web-component'],
    [/^apps\/web\/src\/(api|session|i18n|brands)\//, 'web-core'],
    [/^apps\/web\/src\/(app\/|main\.tsx$)/, 'web-app'],
    [/^apps\/web\/src\//, 'web-core'],
  ];
  for (const [re, layer] of rules) if (re.test(rel)) return layer;
  return null;
}

/**
 * Who may import whom. The domain is pure (no I/O, no app); the server's library and database layers do not reach
 * into areas (except the auth area's scope, which every read depends on); the web's shared components and core never
 * import a feature; the app reaches features only through the screen registry and the pages it routes itself.
 */
const ALLOWED = {
  domain: ['domain'],
  'domain-tools': ['domain', 'domain-tools'],
  'server-db': ['domain', 'server-db', 'server-lib'],
  'server-lib': ['domain', 'domain-tools', 'server-db', 'server-lib', 'server-auth'],
  'server-auth': ['domain', 'server-db', 'server-lib', 'server-auth', 'server-module'],
  'server-module': ['domain', 'server-db', 'server-lib', 'server-auth', 'server-module'],
  'server-app': ['domain', 'domain-tools', 'server-db', 'server-lib', 'server-auth', 'server-module', 'server-app'],
  'web-core': ['domain', 'web-core'],
  'web-component': ['domain', 'web-core', 'web-component'],
  'web-feature': ['domain', 'web-core', 'web-component', 'web-feature', 'web-app'],
  'web-registry': ['web-feature'],
  'web-app': ['domain', 'web-core', 'web-component', 'web-app', 'web-registry'],
};

/**
 * Pages the app routes itself (sign-in, public products, the cashier, the sandbox explorer, the onboarding flow and
 * its landing), outside the menu registry.
 */
const APP_ROUTED = /^apps\/web\/src\/features\/(auth|cashier)\/|^apps\/web\/src\/features\/products\/PublicProducts\.tsx$|^apps\/web\/src\/features\/crypto\/ChainExplorer\.tsx$|^apps\/web\/src\/features\/onboarding\/flow\/(OnboardingFlow|landing)\.tsx$/;

function targetOf(fromFile, source) {
  if (source === '@mg/domain' || source.startsWith('@mg/domain/')) {
    return source === '@mg/domain/tools/resources' ? 'packages/domain/tools/resources.node.ts' : 'packages/domain/src/index.ts';
  }
  if (!source.startsWith('.')) return null;
  const abs = path.resolve(path.dirname(fromFile), source);
  const found = [abs, `${abs}.ts`, `${abs}.tsx`, path.join(abs, 'index.ts'), path.join(abs, 'index.tsx')].find((p) => fs.existsSync(p) && fs.statSync(p).isFile());
  return path.relative(ROOT, found ?? abs).split(path.sep).join('/');
}

const layers = {
  meta: { type: 'problem', docs: { description: 'imports follow the layering of DESIGN §2' }, schema: [] },
  create(context) {
    const file = context.filename ?? context.getFilename();
    const rel = path.relative(ROOT, file).split(path.sep).join('/');
    const from = layerOf(rel);
    if (!from) return {};
    const check = (node, source) => {
      if (typeof source !== 'string') return;
      if (from === 'domain' && (source.startsWith('node:') || ['fs', 'path', 'pg', 'fastify', 'react'].includes(source))) {
        context.report({ node, message: `the domain is pure: no ${source} (I/O, servers and screens live in the apps)` });
        return;
      }
      const target = targetOf(file, source);
      if (!target) return;
      const to = layerOf(target);
      if (!to) return;
      if (from === 'web-app' && to === 'web-feature' && APP_ROUTED.test(target)) return;
      if (!(ALLOWED[from] ?? []).includes(to)) {
        context.report({ node, message: `${from} may not import ${to} (${source}); see eslint/architecture.js` });
      }
    };
    return {
      ImportDeclaration: (node) => check(node, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node, node.source.value),
      ExportAllDeclaration: (node) => check(node, node.source.value),
      ImportExpression: (node) => node.source.type === 'Literal' && check(node, node.source.value),
    };
  },
};

const QUERY_FILE = /\/(queries|repository)\.ts$|\/queries\/|\/modules\/auth\/scope\.ts$/;

/**
 * Files allowed to hold SQL outside queries.ts while they move (issue 9 moved every one; the list is empty and
 * test/architecture.test.ts fails when it names a file that no longer needs it). Keep it empty.
 */
export const PENDING_SQL_MOVES = new Set([
]);
const QUERY_BUILDERS = new Set(['sql', 'eq', 'ne', 'and', 'or', 'not', 'inArray', 'notInArray', 'gt', 'gte', 'lt', 'lte', 'like', 'ilike', 'isNull', 'isNotNull', 'asc', 'desc', 'count', 'sum', 'exists', 'between']);

const sqlInQueries = {
  meta: { type: 'problem', docs: { description: "SQL only in an area's queries.ts or repository.ts" }, schema: [] },
  create(context) {
    const file = context.filename ?? context.getFilename();
    const rel = path.relative(ROOT, file).split(path.sep).join('/');
    if (!/^apps\/server\/src\/modules\//.test(rel) || QUERY_FILE.test(rel) || PENDING_SQL_MOVES.has(rel)) return {};
    const message = "SQL belongs in the area's queries.ts (or repository.ts); call a function from there";
    return {
      ImportDeclaration(node) {
        const source = node.source.value;
        if (node.importKind === 'type') return;
        if (typeof source === 'string' && /\/db\/schema$/.test(source)) context.report({ node, message: `${message} (tables of db/schema)` });
        if (source === 'drizzle-orm' || (typeof source === 'string' && source.startsWith('drizzle-orm/'))) {
          const values = node.specifiers.filter((s) => s.importKind !== 'type' && QUERY_BUILDERS.has(s.imported?.name ?? ''));
          if (values.length > 0) context.report({ node, message: `${message} (${values.map((s) => s.imported.name).join(', ')} of drizzle-orm)` });
        }
      },
      MemberExpression(node) {
        // db.query.<table>, app.db.query.<table>, tx.query.<table>: drizzle's relational queries.
        if (node.property.type === 'Identifier' && node.property.name === 'query') {
          const obj = node.object;
          const name = obj.type === 'Identifier' ? obj.name : obj.type === 'MemberExpression' && obj.property.type === 'Identifier' ? obj.property.name : '';
          if (name === 'db' || name === 'tx') context.report({ node, message: `${message} (${name}.query)` });
        }
      },
    };
  },
};

export default { rules: { layers, 'sql-in-queries': sqlInQueries } };
