/**
 * `virtual:messages/<lang>`: every translation resource of one language (packages/domain/src/<area>/i18n/<lang>.json
 * and src/i18n/<ns>/<lang>.json) merged into one module at build time, so a language is one lazy chunk and a new
 * area adds its files without editing a list. In dev, adding or changing a resource reloads the page.
 */
import type { Plugin, ViteDevServer } from 'vite';
// Relative, not `@mg/domain/...`: Vite bundles the config and its imports from source, but loads packages as-is.
import { DOMAIN_SRC, messagesOf, readResources } from '../../../packages/domain/tools/resources.node';
import { resourceOf } from '../../../packages/domain/src/i18n/resources';

const PREFIX = 'virtual:messages/';
const RESOLVED = `\0${PREFIX}`;

export { messagesOf };

export function messagesPlugin(): Plugin {
  let server: ViteDevServer | undefined;
  return {
    name: 'mg-messages',
    resolveId: (id) => (id.startsWith(PREFIX) ? `\0${id}` : undefined),
    load(id) {
      if (!id.startsWith(RESOLVED)) return undefined;
      for (const file of Object.keys(readResources())) this.addWatchFile(file);
      return `export default ${JSON.stringify(messagesOf(id.slice(RESOLVED.length)))};`;
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
