/**
 * Spec §7 `/vxeSocket/{userId}/{pageId}` (docs/api.md "Realtime"): a WebSocket that pushes the status changes of the
 * caller's records, the end of their exports and new announcements. The browser cannot put the session token in a
 * WebSocket's headers and a URL is logged, so the token is the first message; until it is checked the socket is sent
 * nothing. The path's user must be the session's.
 * The client pings every SOCKET_HEARTBEAT_MS; each ping also checks the session again, so a socket of a session
 * signed out, expired, idle past its limit or frozen is closed within one heartbeat (the pings themselves are not use
 * of the session: they never keep an idle one alive).
 */
import websocket from '@fastify/websocket';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { REALTIME, RealtimeClose, realtimeClientMessageSchema, type RealtimeServerMessage } from '@mg/domain';
import { resolveSession } from '../auth/plugin';
import { purgeEvents } from './queries';
import type { RealtimeHub } from './hub';

/** A message larger than this is not one of ours. */
const MAX_MESSAGE_BYTES = 4_096;
const PURGE_EVERY_MS = 3_600_000;

/** At shutdown a socket has this long to answer the close frame, then it is cut (a frozen browser never answers). */
export const SOCKET_CLOSE_GRACE_MS = 1_000;

/**
 * The WebSocket plugin's own preClose closes each socket and waits for the peer's close frame, up to ws's 30 s: one
 * socket that never answers (a frozen tab, a dead network) held a SIGTERM past its deadline. Here each socket is told
 * GOING_AWAY (the client reconnects, behind a proxy to another instance) and cut after SOCKET_CLOSE_GRACE_MS.
 */
function closeSockets(this: FastifyInstance, done: () => void): void {
  const server = this.websocketServer;
  const open = [...server.clients];
  for (const socket of open) socket.close(RealtimeClose.GOING_AWAY, 'server shutting down');
  const cut = setTimeout(() => {
    for (const socket of open) socket.terminate();
  }, SOCKET_CLOSE_GRACE_MS);
  cut.unref();
  server.close(() => {
    clearTimeout(cut);
    done();
  });
}

export const realtimeRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(websocket, { options: { maxPayload: MAX_MESSAGE_BYTES }, preClose: closeSockets });
  const hub = app.realtime;
  hub.sockets = app.websocketServer.clients;
  app.jobs.every('realtime.purge', PURGE_EVERY_MS, () => purgeEvents(app.db, new Date()));

  app.get(
    REALTIME.PATH,
    {
      websocket: true,
      // Authenticated by its first message (above); the upgrade request itself carries no token.
      config: { public: true },
      schema: {
        tags: ['realtime'],
        summary: 'WebSocket: status changes of the caller’s orders and payout batches, ended exports, released announcements',
        params: z.object({ userId: z.coerce.number().int().positive(), pageId: z.string().max(64) }),
      },
    },
    (socket, req) => {
      const { userId } = req.params;
      let token: string | null = null;
      let entry: Awaited<ReturnType<RealtimeHub['subscribe']>> | null = null;
      let closed = false;
      const send = (m: RealtimeServerMessage) => {
        if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(m));
      };
      const close = (code: number) => {
        if (closed) return;
        closed = true;
        socket.close(code);
      };
      let idle = setTimeout(() => close(RealtimeClose.TIMEOUT), REALTIME.AUTH_TIMEOUT_MS);
      const heard = () => {
        clearTimeout(idle);
        idle = setTimeout(() => close(RealtimeClose.TIMEOUT), REALTIME.IDLE_CLOSE_MS);
      };

      socket.on('close', () => {
        closed = true;
        clearTimeout(idle);
        if (entry) hub.unsubscribe(entry);
      });
      socket.on('message', (data: Buffer, isBinary: boolean) => {
        void (async () => {
          let parsed;
          try {
            parsed = isBinary ? null : realtimeClientMessageSchema.safeParse(JSON.parse(data.toString('utf8')));
          } catch {
            parsed = null;
          }
          if (!parsed?.success) return close(RealtimeClose.UNAUTHORIZED);
          const message = parsed.data;
          if (message.type === 'auth') {
            if (token !== null) return;
            token = message.token;
            const auth = await resolveSession(app, token);
            if (!auth) return close(RealtimeClose.UNAUTHORIZED);
            if (auth.userId !== userId) return close(RealtimeClose.FORBIDDEN);
            if (closed) return;
            heard();
            entry = await hub.subscribe({ auth, send }, message.since);
            if (closed) hub.unsubscribe(entry);
            return;
          }
          // A ping before the token is a protocol error; after it, the session is checked again.
          if (token === null || !entry) return close(RealtimeClose.UNAUTHORIZED);
          heard();
          const auth = await resolveSession(app, token);
          if (!auth || auth.userId !== userId) return close(RealtimeClose.UNAUTHORIZED);
          entry.sub.auth = auth;
          send({ type: 'pong' });
        })().catch((err: Error) => {
          req.log.warn({ err: err.message }, 'realtime: socket message failed');
          close(RealtimeClose.UNAVAILABLE);
        });
      });
    },
  );
};
