// Realtime at /realtime/v1 (wire contract §4): the Phoenix socket realtime-js connects to
// at /websocket (vsn 1.0.0 and 2.0.0), postgres_changes for the tables in publication
// supabase_realtime with each subscriber's row-level security, broadcast and presence,
// and the REST broadcast endpoints.
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer } from 'ws';
import { sendJson, type Service, type StackContext } from '../http.ts';
import { handleRestBroadcast } from './broadcast.ts';
import { startCapture } from './capture.ts';
import { Catalog } from './catalog.ts';
import { createChangeDelivery } from './changes.ts';
import { Presence } from './presence.ts';
import { parseVsn } from './protocol.ts';
import { Registry } from './registry.ts';
import { RealtimeSocket } from './socket.ts';
import { TokenError, verifySocketKey } from './tokens.ts';

const MAX_FRAME_BYTES = 3 * 1024 * 1024;

export async function createRealtimeService(ctx: StackContext): Promise<Service> {
  const log = (m: string) => ctx.log('realtime', m);
  const catalog = new Catalog(ctx.db);
  const registry = new Registry();
  const presence = new Presence(registry);
  const capture = await startCapture({
    db: ctx.db,
    wants: (schema, table) => registry.wants(schema, table),
    prepare: createChangeDelivery({ db: ctx.db, catalog, registry, log }),
    onCatalogChange: () => catalog.invalidate(),
    log,
  });

  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_FRAME_BYTES, perMessageDeflate: false });
  const sockets = new Set<RealtimeSocket>();
  const deps = { jwt: ctx.jwt, keys: ctx.keys, catalog, registry, presence, log };

  function refuse(socket: Duplex, status: number, message: string) {
    const body = JSON.stringify({ message });
    socket.end(
      `HTTP/1.1 ${status} ${status === 403 ? 'Forbidden' : status === 404 ? 'Not Found' : 'Bad Request'}\r\n` +
        `Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }

  return {
    upgrade(req: IncomingMessage, socket: Duplex, head: Buffer, path: string) {
      if (path !== '/websocket' && path !== '/websocket/') return refuse(socket, 404, 'Not found');
      const url = new URL(req.url ?? '/', 'http://localhost');
      const vsn = parseVsn(url.searchParams.get('vsn'));
      if (!vsn) return refuse(socket, 400, 'Unsupported vsn');
      const apikey =
        url.searchParams.get('apikey') ?? (req.headers['x-api-key'] as string | undefined) ?? null;
      verifySocketKey(ctx.jwt, ctx.keys, apikey).then(
        (auth) => {
          if (socket.destroyed) return;
          wss.handleUpgrade(req, socket, head, (ws) => {
            const s = new RealtimeSocket(ws, vsn, auth, deps);
            sockets.add(s);
            ws.on('close', () => sockets.delete(s));
          });
        },
        (err) => refuse(socket, 403, err instanceof TokenError ? err.message : 'Forbidden'),
      );
    },

    async handle(c) {
      if (await handleRestBroadcast(c, { registry, jwt: ctx.jwt, keys: ctx.keys })) return;
      sendJson(c.res, 404, { message: 'Not found' });
    },

    async close() {
      await capture.stop();
      for (const s of sockets) s.close();
      sockets.clear();
      await new Promise<void>((resolve) => wss.close(() => resolve()));
    },
  };
}
