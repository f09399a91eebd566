/**
 * `virtual:messages/<lang>/<part>`: the translation resources of one language (packages/domain/src/<area>/i18n/
 * <lang>.json and src/i18n/<ns>/<lang>.json) merged into one module at build time, in the two parts of
 * src/i18n/parts.ts (what the sign-in page shows, and the rest), so a language is two lazy chunks and a new area adds
 * its files without editing a list. In dev, adding or changing a resource reloads the page.
 */
import type { Plugin, ViteDevServer } from 'vite';
// Relative, not `@mg/domain/...`: Vite bundles the config and its imports from source, but loads packages as-is.
import { DOMAIN_SRC, messagesOf, readResources } from '../../../packages/domain/tools/resources.node';
import { resourceOf } from '../../../packages/domain/src/i18n/resources';
import { partOfKey, type MessagesPart } from '../src/i18n/parts';

const PREFIX = 'virtual:messages/';
const RESOLVED = `\0${PREFIX}`;

export { messagesOf };

/** One part of a language's messages (src/i18n/parts.ts). */
export function messagesPartOf(language: string, part: MessagesPart): Record<string, string> {
  return Object.fromEntries(Object.entries(messagesOf(language)).filter(([key]) => partOfKey(key) === part));
}

export function messagesPlugin(): Plugin {
  let server: ViteDevServer | undefined;
  return {
    name: 'mg-messages',
    resolveId: (id) => (id.startsWith(PREFIX) ? `\0${id}` : undefined),
    load(id) {
      if (!id.startsWith(RESOLVED)) return undefined;
      for (const file of Object.keys(readResources())) this.addWatchFile(file);
      const [language = '', part] = id.slice(RESOLVED.length).split('/');
      if (part !== 'first' && part !== 'screens') throw new Error(`${id}: expected virtual:messages/<lang>/first or /screens`);
      return `export default ${JSON.stringify(messagesPartOf(language, part))};`;
    },
    configureServer(s) {
      server = s;
      s.watcher.add(DOMAIN_SRC);
      const changed = (file: string) => {
        if (!resourceOf(file) || !server) return;
        for (const mod of server.moduleGraph.idToModuleMap.values()) if (mod.id?.startsWith(RESOLVED)) server.moduleGraph.invalidateModule(mod);
        server.ws.send({ type: 'full-reload' });
      };
      s.watcher.on('add', changed).on('change', changed).on('unlink', changed);
    },
  };
}
