#!/usr/bin/env node
// Edits the translation resources (packages/domain/src/<area>/i18n/<lang>.json, src/i18n/<ns>/<lang>.json) in all six
// languages at once. Keys are full keys: the first segment is the namespace.
//
//   node scripts/i18n.mjs mv <from> <to> [<from> <to> ...]   move keys (all languages); a target that already holds the
//                                                            same texts is kept and the source dropped
//   node scripts/i18n.mjs cp <from> <to>                     copy a key
//   node scripts/i18n.mjs rm <key> [...]                     remove keys
//   node scripts/i18n.mjs get <key>                          print a key in every language
//   node scripts/i18n.mjs set <key> '<json {"en-US": ...}>'   write a key in every language (all six required)
//   node scripts/i18n.mjs ns <namespace>                     create the six files of a new namespace (empty)
//   node scripts/i18n.mjs unused                             keys no source file mentions (candidates to remove)
//
// Files are written sorted, two-space indented, so diffs stay small. `npm test` (domain resources.test.ts) checks
// that every namespace has the same keys in all six languages.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SRC = path.join(ROOT, 'packages/domain/src');
const LANGUAGES = ['zh-CN', 'en-US', 'id-ID', 'th-TH', 'ms-MY', 'pt-BR'];
const SHARED = () => fs.readdirSync(path.join(SRC, 'i18n'), { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name);

function fileOf(ns, lang) {
  return SHARED().includes(ns) ? path.join(SRC, 'i18n', ns, `${lang}.json`) : path.join(SRC, ns, 'i18n', `${lang}.json`);
}

function split(key) {
  const i = key.indexOf('.');
  if (i <= 0) throw new Error(`${key}: a full key is <namespace>.<key>`);
  return [key.slice(0, i), key.slice(i + 1)];
}

const cache = new Map();
function load(ns, lang) {
  const file = fileOf(ns, lang);
  if (!cache.has(file)) cache.set(file, fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, 'utf8')) : null);
  return cache.get(file);
}
function store(ns, lang, data) {
  cache.set(fileOf(ns, lang), data);
}
function flush() {
  for (const [file, data] of cache) {
    if (data === null) continue;
    fs.mkdirSync(path.dirname(file), { recursive: true });
    const sorted = Object.fromEntries(Object.entries(data).sort(([a], [b]) => a.localeCompare(b)));
    fs.writeFileSync(file, `${JSON.stringify(sorted, null, 2)}\n`);
  }
}

function texts(key) {
  const [ns, k] = split(key);
  return Object.fromEntries(LANGUAGES.map((l) => [l, load(ns, l)?.[k]]));
}

function put(key, byLang) {
  const [ns, k] = split(key);
  for (const l of LANGUAGES) {
    if (typeof byLang[l] !== 'string') throw new Error(`${key}: no ${l} text`);
    const data = load(ns, l);
    if (data === null) throw new Error(`${key}: namespace ${ns} has no ${l} file (node scripts/i18n.mjs ns ${ns})`);
    data[k] = byLang[l];
    store(ns, l, data);
  }
}

function remove(key) {
  const [ns, k] = split(key);
  for (const l of LANGUAGES) {
    const data = load(ns, l);
    if (data && Object.hasOwn(data, k)) delete data[k];
  }
}

function move(from, to, keepSource = false) {
  const src = texts(from);
  if (LANGUAGES.some((l) => typeof src[l] !== 'string')) throw new Error(`${from}: missing in some language`);
  const dst = texts(to);
  const exists = LANGUAGES.some((l) => typeof dst[l] === 'string');
  if (exists && LANGUAGES.some((l) => dst[l] !== src[l])) throw new Error(`${to} exists with other texts (${JSON.stringify(dst['en-US'])} vs ${JSON.stringify(src['en-US'])})`);
  if (!exists) put(to, src);
  if (!keepSource) remove(from);
}

function walkSources(dir, out = []) {
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    if (['node_modules', 'dist', '.tmp', 'data', 'artifacts'].includes(e.name)) continue;
    const p = path.join(dir, e.name);
    if (e.isDirectory()) walkSources(p, out);
    else if (/\.(ts|tsx|mjs)$/.test(e.name)) out.push(p);
  }
  return out;
}

const [cmd, ...args] = process.argv.slice(2);
switch (cmd) {
  case 'mv':
  case 'cp':
    if (args.length === 0 || args.length % 2) throw new Error(`${cmd} takes pairs <from> <to>`);
    for (let i = 0; i < args.length; i += 2) move(args[i], args[i + 1], cmd === 'cp');
    flush();
    break;
  case 'rm':
    args.forEach(remove);
    flush();
    break;
  case 'get':
    for (const k of args) console.log(k, JSON.stringify(texts(k), null, 2));
    break;
  case 'set':
    put(args[0], JSON.parse(args[1]));
    flush();
    break;
  case 'ns':
    for (const l of LANGUAGES) if (load(args[0], l) === null) store(args[0], l, {});
    flush();
    break;
  case 'unused': {
    const sources = ['apps', 'packages', 'e2e'].flatMap((d) => walkSources(path.join(ROOT, d))).map((f) => fs.readFileSync(f, 'utf8')).join('\n');
    const dirs = [...SHARED().map((ns) => [ns, path.join(SRC, 'i18n', ns)]), ...fs.readdirSync(SRC, { withFileTypes: true }).filter((d) => d.isDirectory() && fs.existsSync(path.join(SRC, d.name, 'i18n'))).map((d) => [d.name, path.join(SRC, d.name, 'i18n')])];
    for (const [ns] of dirs) {
      const data = load(ns, 'en-US') ?? {};
      for (const k of Object.keys(data)) {
        const full = `${ns}.${k}`;
        // A key built from a prefix (`status.${s}`) cannot be found literally: its parent segment is searched too.
        const parent = full.slice(0, full.lastIndexOf('.') + 1);
        if (!sources.includes(full) && !sources.includes(parent)) console.log(full);
      }
    }
    break;
  }
  default:
    console.log(fs.readFileSync(fileURLToPath(import.meta.url), 'utf8').split('\n').slice(1, 16).join('\n'));
}
