/**
 * Translation resources: one JSON file per language per namespace, found by their place, never listed by hand.
 *
 *   packages/domain/src/<area>/i18n/<lang>.json   namespace <area>  (settlements, users, sales ...)
 *   packages/domain/src/i18n/<ns>/<lang>.json     shared namespace <ns>  (common, shell, auth ...)
 *
 * A file's keys are relative to its namespace and may nest: `{"fields": {"net": "Net"}}` in settlements/en-US.json is
 * the key `settlements.fields.net`. The web bundles them per language at build time (apps/web/vite.config.ts); the
 * server and the tests read them from disk (tools/resources.node.ts). Both hand the files to `registerResources`.
 */
import { LANGUAGES, isLanguage, type Language } from '../languages';

export type Messages = Record<string, string>;

const SHARED = /\/i18n\/([a-z][a-z0-9-]*)\/([a-z]{2}-[A-Z]{2})\.json$/;
const AREA = /\/([a-z][a-z0-9-]*)\/i18n\/([a-z]{2}-[A-Z]{2})\.json$/;

/** The namespace and language of a resource file, from its path; null for any other file. */
export function resourceOf(path: string): { namespace: string; language: Language } | null {
  const p = path.replace(/\\/g, '/');
  const m = SHARED.exec(p) ?? AREA.exec(p);
  if (!m || !isLanguage(m[2])) return null;
  return { namespace: m[1] as string, language: m[2] };
}

/** Flat keys `<namespace>.<path>` of a (nested) resource. Non-string leaves are an error in the file. */
export function flattenResource(namespace: string, tree: unknown, file = namespace): Messages {
  const out: Messages = {};
  const walk = (node: unknown, prefix: string) => {
    if (typeof node === 'string') {
      out[prefix] = node;
      return;
    }
    if (node === null || typeof node !== 'object' || Array.isArray(node)) throw new Error(`${file}: ${prefix} is not a text`);
    for (const [k, v] of Object.entries(node as Record<string, unknown>)) walk(v, `${prefix}.${k}`);
  };
  walk(tree, namespace);
  return out;
}

const REGISTERED: Record<Language, Messages> = Object.fromEntries(LANGUAGES.map((l) => [l, {}])) as Record<Language, Messages>;
const NAMESPACES = new Set<string>();

/** Merges resource files (path -> parsed JSON) into the catalogue; files that are not resources are ignored. */
export function registerResources(files: Readonly<Record<string, unknown>>): void {
  for (const [path, json] of Object.entries(files)) {
    const r = resourceOf(path);
    if (!r) continue;
    NAMESPACES.add(r.namespace);
    Object.assign(REGISTERED[r.language], flattenResource(r.namespace, json, path));
  }
}

/** Everything registered for one language. */
export function registeredMessages(lang: Language): Readonly<Messages> {
  return REGISTERED[lang];
}

export function registeredNamespaces(): string[] {
  return [...NAMESPACES].sort();
}
