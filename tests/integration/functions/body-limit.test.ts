// A large request body to an edge function is refused (413) after the function's limit, not
// after the whole body: what the client manages to hand over stays near the limit (plus what
// the sockets buffer), never the size of what it offers.
import http from 'node:http';
import { describe, expect, it } from 'vitest';
import { rawExchange } from '../../support/raw-http.ts';
import { stack } from '../../support/clients.ts';

const MiB = 1024 * 1024;
const CHUNK = Buffer.alloc(64 * 1024, 0x61);

interface Offered {
  status: number | null;
  body: string;
  /** bytes the client could hand to the connection before the answer came (or it closed) */
  written: number;
}

/**
 * POSTs a chunked body (no Content-Length) of up to `total` bytes, 64 KiB at a time and only
 * as fast as the connection takes it, and stops offering as soon as an answer arrives.
 */
function offerChunked(path: string, total: number, headers: Record<string, string> = {}): Promise<Offered> {
  const url = new URL(`${stack().url}${path}`);
  return new Promise((resolve) => {
    let written = 0;
    let answered = false;
    let settled = false;
    const settle = (o: Omit<Offered, 'written'>) => {
      if (settled) return;
      settled = true;
      resolve({ ...o, written });
    };
    const req = http.request({
      host: '127.0.0.1',
      port: Number(url.port),
      path: url.pathname + url.search,
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...headers },
    });
    req.on('response', (res) => {
      answered = true;
      const parts: Buffer[] = [];
      res.on('data', (c) => parts.push(c));
      res.on('end', () => settle({ status: res.statusCode ?? null, body: Buffer.concat(parts).toString() }));
      res.on('error', () =>
        settle({ status: res.statusCode ?? null, body: Buffer.concat(parts).toString() }),
      );
    });
    req.on('error', (err) => settle({ status: null, body: String(err) }));
    const pump = () => {
      while (!answered && written < total) {
        written += CHUNK.length;
        if (!req.write(CHUNK)) return void req.once('drain', pump);
      }
      if (!answered) req.end();
    };
    pump();
  });
}

describe('request bodies past a function’s limit', () => {
  it('provider-callback refuses a chunked body past 256 KiB having read about that much', async () => {
    const offered = 128 * MiB;
    const answer = await offerChunked('/functions/v1/provider-callback?k=image&id=x', offered);
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body)).toMatchObject({ code: 'payload_too_large', limit_bytes: 256 * 1024 });
    // the limit, the chunk that crossed it and the sockets' buffers: a few MiB, not 128
    expect(answer.written).toBeLessThan(32 * MiB);
  });

  it('stripe-webhook refuses a large event before reading it or checking its signature', async () => {
    const answer = await offerChunked('/functions/v1/stripe-webhook', 128 * MiB, {
      'Stripe-Signature': 't=1,v1=forged',
    });
    expect(answer.status).toBe(413);
    expect(answer.written).toBeLessThan(32 * MiB);
  });

  it('a declared Content-Length over the limit is answered and closed without waiting for the body', async () => {
    const { host } = new URL(stack().url);
    const answer = await rawExchange(
      stack().url,
      [
        'POST /functions/v1/provider-callback?k=image&id=x HTTP/1.1',
        `Host: ${host}`,
        'Content-Type: application/json',
        // over the function's 256 KiB, under the stack's 8 MiB: the function's own check
        `Content-Length: ${4 * MiB}`,
      ].join('\r\n'),
      '{"a":',
    );
    expect(answer.status).toBe(413);
    expect(answer.closed).toBe(true);
    expect(answer.body).toContain('"code":"payload_too_large"');
  });

  it('push-key, which needs no body, refuses 60 MB instead of answering', async () => {
    const answer = await offerChunked('/functions/v1/push-key', 60 * MiB, {
      Authorization: `Bearer ${stack().anonKey}`,
    });
    expect(answer.status).toBe(413);
    expect(answer.written).toBeLessThan(32 * MiB);
  });

  it('the stack stops any function’s body at its own limit (8 MiB), whatever the handler reads', async () => {
    // test-echo reads the whole body with req.text(): the stack's stream fails at the limit
    const answer = await offerChunked('/functions/v1/test-echo', 128 * MiB, {
      Authorization: `Bearer ${stack().anonKey}`,
    });
    expect(answer, answer.body).toMatchObject({ status: 413 });
    expect(JSON.parse(answer.body)).toMatchObject({ code: 'PAYLOAD_TOO_LARGE' });
    expect(answer.written).toBeLessThan(8 * MiB + 24 * MiB);

    const { host } = new URL(stack().url);
    const declared = await rawExchange(
      stack().url,
      [
        'POST /functions/v1/test-echo HTTP/1.1',
        `Host: ${host}`,
        `Authorization: Bearer ${stack().anonKey}`,
        `Content-Length: ${64 * MiB}`,
      ].join('\r\n'),
    );
    expect(declared.status).toBe(413);
    expect(declared.closed).toBe(true);
  });

  it('a body within the limit still reaches the function', async () => {
    const answer = await offerChunked('/functions/v1/test-echo', 3 * CHUNK.length, {
      Authorization: `Bearer ${stack().anonKey}`,
      'Content-Type': 'text/plain',
    });
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body).body).toHaveLength(3 * CHUNK.length);
  });
});
