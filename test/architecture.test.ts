/**
 * The structure rules of issue 9 that need the whole tree (eslint/architecture.js checks imports file by file):
 * - no import cycle between area folders (domain areas, server modules, web features);
 * - no hand-written source file over 400 lines without a comment at its top saying why it is long;
 * - the list of files still allowed to hold SQL outside queries.ts only names files that still need it;
 * - an area has one name on every side.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { AREAS, flattenMenu } from '@mg/domain';
import { PENDING_SQL_MOVES } from '../eslint/architecture.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const FILES = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], { cwd: ROOT, encoding: 'utf8' })
  .split('\n')
  .filter((f) => f && fs.existsSync(path.join(ROOT, f)));

/** Area folders: `<side>/<area>` for the three sides. */
const AREA_ROOTS = ['packages/domain/src', 'apps/server/src/modules', 'apps/web/src/features'];
/** Folders under those roots that are kits or shared code, not areas. */
const NOT_AREAS = new Set(['packages/domain/src/i18n', 'packages/domain/src/lists', 'packages/domain/src/areas']);

function areaOf(file: string): string | null {
  for (const root of AREA_ROOTS) {
    if (!file.startsWith(`${root}/`)) continue;
    const rest = file.slice(root.length + 1).split('/');
    if (rest.length < 2) return null;
    const folder = `${root}/${rest[0]}`;
    return NOT_AREAS.has(folder) ? null : folder;
  }
  return null;
}

function importsOf(file: string): string[] {
  const text = fs.readFileSync(path.join(ROOT, file), 'utf8');
  const out: string[] = [];
  for (const m of text.matchAll(/(?:from\s+|import\s*\(\s*|import\s+)['"](\.[^'"]+)['"]/g)) {
    const abs = path.resolve(path.dirname(path.join(ROOT, file)), m[1] as string);
    const found = [`${abs}.ts`, `${abs}.tsx`, abs, path.join(abs, 'index.ts'), path.join(abs, 'index.tsx')].find((p) => fs.existsSync(p) && fs.statSync(p).isFile());
    if (found) out.push(path.relative(ROOT, found).split(path.sep).join('/'));
  }
  return out;
}

/** Strongly connected components of a graph (Tarjan). */
function cycles(graph: Map<string, Set<string>>): string[][] {
  let index = 0;
  const stack: string[] = [];
  const on = new Set<string>();
  const idx = new Map<string, number>();
  const low = new Map<string, number>();
  const out: string[][] = [];
  const visit = (v: string) => {
    idx.set(v, index);
    low.set(v, index++);
    stack.push(v);
    on.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!idx.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (on.has(w)) low.set(v, Math.min(low.get(v)!, idx.get(w)!));
    }
    if (low.get(v) === idx.get(v)) {
      const comp: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        on.delete(w);
        comp.push(w);
      } while (w !== v);
      if (comp.length > 1) out.push(comp.sort());
    }
  };
  for (const v of graph.keys()) if (!idx.has(v)) visit(v);
  return out;
}

const SOURCE = /\.(ts|tsx|mjs|js|css)$/;
const GENERATED = /^apps\/server\/drizzle\/|\/i18n\/[a-z]{2}-[A-Z]{2}\.ts$|^package-lock\.json$/;

describe('structure', () => {
  it('no import cycle between area folders', () => {
    const graph = new Map<string, Set<string>>();
    for (const file of FILES.filter((f) => /\.(ts|tsx)$/.test(f))) {
      const from = areaOf(file);
      if (!from) continue;
      for (const target of importsOf(file)) {
        const to = areaOf(target);
        if (!to || to === from) continue;
        if (!graph.has(from)) graph.set(from, new Set());
        graph.get(from)!.add(to);
      }
    }
    expect(graph.size).toBeGreaterThan(10);
    expect(cycles(graph)).toEqual([]);
  });

  it('no hand-written source file over 400 lines without a comment at its top saying why', () => {
    const long = FILES.filter((f) => SOURCE.test(f) && !GENERATED.test(f)).filter((f) => fs.readFileSync(path.join(ROOT, f), 'utf8').split('\n').length > 400);
    const unexplained = long.filter((f) => !/^(\/\*\*?|\/\/)[\s\S]{0,1200}?Long file:/.test(fs.readFileSync(path.join(ROOT, f), 'utf8')));
    expect(unexplained).toEqual([]);
  });

  it('the files allowed to hold SQL outside queries.ts still hold some (the list only shrinks)', () => {
    const stale = [...PENDING_SQL_MOVES].filter((f) => {
      if (!fs.existsSync(path.join(ROOT, f))) return true;
      const text = fs.readFileSync(path.join(ROOT, f), 'utf8');
      return !/from '[./]*db\/schema'|from 'drizzle-orm'|\b(db|tx)\.query\b/.test(text);
    });
    expect(stale).toEqual([]);
  });

  it('an area has one name: its pages, codes and lists carry it, and its folders exist on every side it has', () => {
    for (const area of AREAS) {
      expect(fs.existsSync(path.join(ROOT, 'packages/domain/src', area.name)), `domain ${area.name}`).toBe(true);
      for (const page of area.pages ?? []) {
        expect(page.component.startsWith(`${area.name}/`), page.component).toBe(true);
        const screen = `apps/web/src/features/${page.component}Page.tsx`;
        expect(FILES.includes(screen), screen).toBe(true);
      }
      for (const list of area.lists ?? []) {
        expect(list.name).toBe(area.name);
        expect(fs.existsSync(path.join(ROOT, 'apps/server/src/modules', area.name)), `server module ${area.name}`).toBe(true);
      }
    }
    expect(flattenMenu().length).toBeGreaterThan(20);
  });
});
