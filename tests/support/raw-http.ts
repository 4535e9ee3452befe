// HTTP on a raw socket, for what fetch cannot do: declare a body far larger than what is
// sent, and see whether the server answers (and closes) without waiting for the rest.
import net from 'node:net';

export interface RawAnswer {
  /** the status of the answer, or null when none came before the wait ran out */
  status: number | null;
  headers: Record<string, string>;
  body: string;
  /** the server closed the connection (without it, the wait ran out) */
  closed: boolean;
}

/**
 * Sends `head` (request line and headers, without the blank line) and `body`, then waits up
 * to waitMs for the server to answer and close the connection. Nothing more is ever sent.
 */
export function rawExchange(
  baseUrl: string,
  head: string,
  body: string | Buffer = '',
  waitMs = 10_000,
): Promise<RawAnswer> {
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let settled = false;
    const socket = net.connect({
      host: hostname === 'localhost' ? '127.0.0.1' : hostname,
      port: Number(port),
    });
    const finish = (closed: boolean) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      socket.destroy();
      resolve({ ...parse(Buffer.concat(chunks).toString('latin1')), closed });
    };
    const timer = setTimeout(() => finish(false), waitMs);
    socket.on('connect', () => {
      socket.write(`${head}\r\n\r\n`);
      if (body.length) socket.write(body);
    });
    socket.on('data', (c) => chunks.push(c));
    socket.on('end', () => finish(true));
    socket.on('close', () => finish(true));
    socket.on('error', () => finish(true));
  });
}

function parse(text: string): Omit<RawAnswer, 'closed'> {
  const m = /^HTTP\/1\.1 (\d{3})[^\r\n]*\r\n/.exec(text);
  if (!m) return { status: null, headers: {}, body: '' };
  const end = text.indexOf('\r\n\r\n');
  const headers: Record<string, string> = {};
  for (const line of text.slice(m[0].length, end === -1 ? undefined : end).split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return { status: Number(m[1]), headers, body: end === -1 ? '' : text.slice(end + 4) };
}
