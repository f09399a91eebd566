/**
 * A TCP proxy in front of the e2e server that can make the realtime socket's server hang as a frozen process does
 * (SIGSTOP): bytes of the `/api/vxeSocket` connections are held, not delivered, and neither side's close goes
 * through, while the page's other requests pass. Thawed, what was held is delivered and the connections go on.
 * Nothing is answered on the server's behalf, so the browser learns nothing from the proxy but silence.
 */
import { createServer, connect, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';

interface Link {
  client: Socket;
  upstream: Socket;
  /** Chunks held while frozen, per direction, and an end held after them. */
  toUpstream: Buffer[];
  toClient: Buffer[];
  endUpstream: boolean;
  endClient: boolean;
  realtime: boolean | null;
}

export interface FreezingProxy {
  port: number;
  /** Realtime connections opened through the proxy so far (the page's reconnects). */
  readonly realtimeOpened: number;
  freeze(): void;
  thaw(): void;
  close(): Promise<void>;
}

const REALTIME_REQUEST = /^GET \/api\/vxeSocket\//;

export async function startFreezingProxy(targetPort: number): Promise<FreezingProxy> {
  const links = new Set<Link>();
  let frozen = false;
  let realtimeOpened = 0;
  const held = (l: Link) => frozen && l.realtime === true;

  const flush = (l: Link) => {
    for (const c of l.toUpstream.splice(0)) l.upstream.write(c);
    for (const c of l.toClient.splice(0)) l.client.write(c);
    if (l.endUpstream) l.upstream.end();
    if (l.endClient) l.client.end();
  };

  const server: Server = createServer((client) => {
    const upstream = connect(targetPort, '127.0.0.1');
    const l: Link = { client, upstream, toUpstream: [], toClient: [], endUpstream: false, endClient: false, realtime: null };
    links.add(l);
    client.on('data', (chunk: Buffer) => {
      if (l.realtime === null) {
        l.realtime = REALTIME_REQUEST.test(chunk.toString('latin1', 0, 64));
        if (l.realtime) realtimeOpened++;
      }
      if (held(l)) l.toUpstream.push(chunk);
      else upstream.write(chunk);
    });
    upstream.on('data', (chunk: Buffer) => {
      if (held(l)) l.toClient.push(chunk);
      else client.write(chunk);
    });
    client.on('end', () => {
      if (held(l)) l.endUpstream = true;
      else upstream.end();
    });
    upstream.on('end', () => {
      if (held(l)) l.endClient = true;
      else client.end();
    });
    const drop = () => {
      links.delete(l);
      client.destroy();
      upstream.destroy();
    };
    client.on('error', drop);
    upstream.on('error', drop);
    client.on('close', () => {
      if (!held(l)) drop();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    port,
    get realtimeOpened() {
      return realtimeOpened;
    },
    freeze() {
      frozen = true;
    },
    thaw() {
      frozen = false;
      for (const l of links) flush(l);
    },
    close() {
      for (const l of links) {
        l.client.destroy();
        l.upstream.destroy();
      }
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
