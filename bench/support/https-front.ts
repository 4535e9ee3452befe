// HTTPS and HTTP/2 for the app benches, as a seller's phone reaches Drape in production: the app
// from a static host and the API from hosted Supabase, both over TLS with HTTP/2 (one
// connection per origin carrying every request at once). The local stack and `npm start`
// speak plain HTTP/1.1, where a browser opens at most six connections to a host and each
// request waits for a free one: ~40 first-screen files and ~15 reads then queue behind each
// other's round trips, which a production host does not make a phone do.
//
// A certificate for localhost (tests/support/self-signed-certificate.ts), trusted by Chromium
// through its key's hash (--ignore-certificate-errors-spki-list), and a front that takes HTTPS
// (HTTP/2, or HTTP/1.1 for WebSockets: Realtime) and passes each request to a plain port.
import http from 'node:http';
import http2 from 'node:http2';
import type { AddressInfo } from 'node:net';
import net from 'node:net';
import type { SelfSignedCertificate } from '../../tests/support/self-signed-certificate.ts';

/** Chromium's flag that trusts the certificate. */
export const trustFlag = (certificate: SelfSignedCertificate) =>
  `--ignore-certificate-errors-spki-list=${certificate.spki}`;

// hop-by-hop and HTTP/2-only names, which neither side may pass on
const HOP = new Set(['connection', 'keep-alive', 'transfer-encoding', 'upgrade', 'http2-settings', 'te']);

function passedOn(headers: http.IncomingHttpHeaders): http.OutgoingHttpHeaders {
  const out: http.OutgoingHttpHeaders = {};
  for (const [name, value] of Object.entries(headers))
    if (!name.startsWith(':') && !HOP.has(name) && value !== undefined) out[name] = value;
  return out;
}

/** An HTTPS (HTTP/2 and HTTP/1.1) front on `port` for a plain HTTP server on `upstreamPort`. */
export async function httpsFront(
  upstreamPort: number,
  port: number,
  certificate: SelfSignedCertificate,
): Promise<{ url: string; close: () => Promise<void> }> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
  const server = http2.createSecureServer(
    { key: certificate.key, cert: certificate.cert, allowHTTP1: true },
    (req, res) => {
      const upstream = http.request(
        {
          host: '127.0.0.1',
          port: upstreamPort,
          method: req.method,
          path: req.url,
          headers: { ...passedOn(req.headers), host: `localhost:${upstreamPort}` },
          agent,
        },
        (answer) => {
          res.writeHead(answer.statusCode ?? 502, passedOn(answer.headers));
          answer.pipe(res);
        },
      );
      upstream.on('error', () => {
        if (!res.headersSent) res.writeHead(502);
        res.end();
      });
      req.pipe(upstream);
    },
  );
  // WebSockets (Realtime) arrive over HTTP/1.1: the upgrade request is replayed upstream and the
  // two sockets joined.
  server.on('upgrade', (req: http.IncomingMessage, socket: net.Socket, head: Buffer) => {
    const upstream = net.connect(upstreamPort, '127.0.0.1', () => {
      const lines = [`${req.method} ${req.url} HTTP/1.1`];
      for (let i = 0; i < req.rawHeaders.length; i += 2)
        lines.push(`${req.rawHeaders[i]}: ${req.rawHeaders[i + 1]}`);
      upstream.write(`${lines.join('\r\n')}\r\n\r\n`);
      if (head.length) upstream.write(head);
      socket.pipe(upstream).pipe(socket);
    });
    const end = () => {
      socket.destroy();
      upstream.destroy();
    };
    upstream.on('error', end);
    socket.on('error', end);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, resolve);
  });
  return {
    url: `https://localhost:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve) => {
        agent.destroy();
        server.close(() => resolve());
      }),
  };
}
