/**
 * The integrator's document: the open API's operations (under OPEN_API_PREFIX) and the webhooks, with only the
 * components they use, cut from the whole document. It is what a merchant's developer generates a client from
 * (packages/open-api-client is generated from it), without the dashboard's 200 calls.
 */
import { OPEN_API_PREFIX } from '@mg/domain';
import { pruneSchemas, type Doc } from './prune';

export function openApiOnly(whole: Doc): Doc {
  const paths = Object.fromEntries(
    Object.entries(whole.paths ?? {})
      .filter(([p]) => p.startsWith(`${OPEN_API_PREFIX}/`))
      .map(([p, ops]) => [p.slice(OPEN_API_PREFIX.length), ops]),
  );
  const base = Array.isArray(whole.servers) ? (whole.servers as { url: string }[]) : [{ url: '/' }];
  const doc: Doc = structuredClone({
    ...whole,
    info: {
      ...(whole.info as object),
      title: 'Merchant gateway open API',
      description:
        'Signed requests for merchant integrations (docs/open-api.md): every call carries the five signature headers, every POST an Idempotency-Key. The webhooks are the callbacks the gateway sends, signed as Standard Webhooks.',
    },
    servers: base.map((s) => ({ url: `${s.url.replace(/\/$/, '')}${OPEN_API_PREFIX}`, description: 'the open API' })),
    tags: [{ name: 'open-api', description: 'the calls' }, { name: 'webhooks', description: 'what the gateway sends you' }],
    paths,
  });
  const components = doc.components as Record<string, unknown>;
  const schemes = components.securitySchemes as Record<string, unknown>;
  delete schemes.sessionToken;
  pruneSchemas(doc);
  return doc;
}
