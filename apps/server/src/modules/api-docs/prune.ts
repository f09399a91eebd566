/** Keeps only the component schemas that something in the document refers to, directly or through another. */
export type Doc = Record<string, unknown> & {
  paths?: Record<string, Record<string, Record<string, unknown>>>;
  components?: Record<string, unknown> & { schemas?: Record<string, unknown> };
};

const PREFIX = '#/components/schemas/';

/** Every $ref target in `value`. */
function refsIn(value: unknown, into: Set<string>): Set<string> {
  if (Array.isArray(value)) for (const v of value) refsIn(v, into);
  else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      if (k === '$ref' && typeof v === 'string') into.add(v);
      else refsIn(v, into);
    }
  }
  return into;
}

const names = (refs: Set<string>) => [...refs].filter((r) => r.startsWith(PREFIX)).map((r) => r.slice(PREFIX.length));

export function pruneSchemas(doc: Doc): void {
  const schemas = doc.components?.schemas;
  if (!schemas) return;
  const used = new Set<string>();
  let frontier = names(refsIn({ ...doc, components: { ...doc.components, schemas: {} } }, new Set()));
  while (frontier.length) {
    const next: string[] = [];
    for (const name of frontier) {
      if (used.has(name)) continue;
      used.add(name);
      next.push(...names(refsIn(schemas[name], new Set())));
    }
    frontier = next;
  }
  for (const name of Object.keys(schemas)) if (!used.has(name)) delete schemas[name];
}
