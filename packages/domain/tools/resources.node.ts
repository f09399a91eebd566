/**
 * Node-side reader of the translation resources (src/i18n/resources.ts explains the layout): the server loads them at
 * start, the tests before they translate, the web build bundles them per language. Not part of the browser bundle.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { flattenResource, registerResources, resourceOf } from '../src/i18n/resources';
import { isLanguage, type Language } from '../src/languages';

/** packages/domain/src */
export const DOMAIN_SRC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../src');

/** Every resource file under src, sorted (namespaces in name order, so merges are deterministic). */
export function resourceFiles(root: string = DOMAIN_SRC): string[] {
  const out: string[] = [];
  const jsonIn = (dir: string) => (fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => f.endsWith('.json')).map((f) => path.join(dir, f)) : []);
  for (const entry of fs.readdirSync(root, { withFileTypes: true })) {
    if (!entry.isDirectory()) continue;
    if (entry.name === 'i18n') {
      for (const ns of fs.readdirSync(path.join(root, 'i18n'), { withFileTypes: true })) {
        if (ns.isDirectory()) out.push(...jsonIn(path.join(root, 'i18n', ns.name)));
      }
    } else {
      out.push(...jsonIn(path.join(root, entry.name, 'i18n')));
    }
  }
  return out.filter((f) => resourceOf(f) !== null).sort();
}

/** path -> parsed JSON of every resource file (of one language, when given). */
export function readResources(language?: Language, root: string = DOMAIN_SRC): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const file of resourceFiles(root)) {
    if (language && resourceOf(file)?.language !== language) continue;
    out[file] = JSON.parse(fs.readFileSync(file, 'utf8')) as unknown;
  }
  return out;
}

let loaded = false;
/** Registers every resource file once (idempotent). */
export function loadResources(): void {
  if (loaded) return;
  registerResources(readResources());
  loaded = true;
}

/** One language's flat messages from every resource file (namespaces in name order): what the web bundles. */
export function messagesOf(language: string, root: string = DOMAIN_SRC): Record<string, string> {
  if (!isLanguage(language)) throw new Error(`${language}: not one of the six languages`);
  const out: Record<string, string> = {};
  for (const [file, json] of Object.entries(readResources(language, root))) {
    const r = resourceOf(file);
    if (r) Object.assign(out, flattenResource(r.namespace, json, file));
  }
  return out;
}
