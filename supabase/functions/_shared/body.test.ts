import { describe, expect, it } from 'vitest';
import { payloadTooLarge, readBodyBytes, readJsonBody, readTextBody, refuseLargeBody } from './body.ts';

/** A chunked body of `chunks` × `size` bytes that counts what was pulled from it. */
function countingStream(chunks: number, size: number) {
  const seen = { pulled: 0, cancelled: false };
  const stream = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        if (seen.pulled >= chunks * size) return controller.close();
        seen.pulled += size;
        controller.enqueue(new Uint8Array(size).fill(0x61));
      },
      cancel() {
        seen.cancelled = true;
      },
    },
    { highWaterMark: 0 },
  );
  return { stream, seen };
}

function post(body: BodyInit | null, headers: Record<string, string> = {}) {
  return new Request('http://functions.test/f', {
    method: 'POST',
    body,
    headers,
    duplex: 'half',
  } as RequestInit);
}

describe('readBodyBytes', () => {
  it('refuses a Content-Length over the limit before reading a byte', async () => {
    const { stream, seen } = countingStream(1000, 1024);
    const answer = await readBodyBytes(post(stream, { 'content-length': String(1000 * 1024) }), 4096);
    expect(answer).toBeInstanceOf(Response);
    const res = answer as Response;
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({
      error: 'The request body is too large (the limit is 4096 bytes)',
      code: 'payload_too_large',
      limit_bytes: 4096,
    });
    expect(seen.pulled).toBe(0);
    expect(seen.cancelled).toBe(true);
  });

  it('stops a chunked body without Content-Length as soon as it passes the limit', async () => {
    // 100 MiB on offer in 64 KiB chunks; the limit is 256 KiB
    const { stream, seen } = countingStream(1600, 64 * 1024);
    const req = post(stream);
    expect(req.headers.get('content-length')).toBeNull();
    const answer = await readBodyBytes(req, 256 * 1024);
    expect((answer as Response).status).toBe(413);
    // the limit plus the one chunk that crossed it, not the 100 MiB
    expect(seen.pulled).toBeLessThanOrEqual(256 * 1024 + 2 * 64 * 1024);
    expect(seen.cancelled).toBe(true);
  });

  it('takes a body of exactly the limit, declared or chunked', async () => {
    const declared = await readBodyBytes(post('x'.repeat(4096), { 'content-length': '4096' }), 4096);
    expect(declared).toBeInstanceOf(Uint8Array);
    expect((declared as Uint8Array).byteLength).toBe(4096);

    const { stream } = countingStream(4, 1024);
    const chunked = await readBodyBytes(post(stream), 4096);
    expect(chunked).toBeInstanceOf(Uint8Array);
    expect((chunked as Uint8Array).byteLength).toBe(4096);

    const { stream: over } = countingStream(5, 1024);
    expect(((await readBodyBytes(post(over), 4096)) as Response).status).toBe(413);
  });

  it('refuses a body longer than its Content-Length says once it passes the limit', async () => {
    const { stream, seen } = countingStream(64, 1024);
    // a lying (or absent in transit) length is no guarantee: the count is what decides
    const req = new Request('http://functions.test/f', {
      method: 'POST',
      body: stream,
      duplex: 'half',
    } as RequestInit);
    Object.defineProperty(req, 'headers', { value: new Headers({ 'content-length': '10' }) });
    expect(((await readBodyBytes(req, 4096)) as Response).status).toBe(413);
    expect(seen.pulled).toBeLessThanOrEqual(5 * 1024);
  });

  it('answers 413 when the platform refuses the stream for its size', async () => {
    const failing = new ReadableStream<Uint8Array>({
      pull(controller) {
        controller.error(Object.assign(new Error('too large'), { status: 413 }));
      },
    });
    expect(((await readBodyBytes(post(failing), 1 << 20)) as Response).status).toBe(413);
    const broken = new ReadableStream<Uint8Array>({
      pull(controller) {
        controller.error(new Error('connection reset'));
      },
    });
    await expect(readBodyBytes(post(broken), 1 << 20)).rejects.toThrow('connection reset');
  });

  it('reads no body as empty', async () => {
    const got = await readBodyBytes(new Request('http://functions.test/f'), 10);
    expect((got as Uint8Array).byteLength).toBe(0);
  });
});

describe('readJsonBody and readTextBody', () => {
  it('parse what fits; an empty or malformed body is null', async () => {
    expect(await readJsonBody(post('{"credits":25}'), 100)).toEqual({ credits: 25 });
    expect(await readJsonBody(post(''), 100)).toBeNull();
    expect(await readJsonBody(post('{nope'), 100)).toBeNull();
    expect(await readTextBody(post('héllo'), 100)).toBe('héllo');
  });

  it('give the 413 for what does not fit', async () => {
    expect(((await readJsonBody(post(`{"a":"${'x'.repeat(200)}"}`), 100)) as Response).status).toBe(413);
    expect(((await readTextBody(post('x'.repeat(101)), 100)) as Response).status).toBe(413);
  });
});

describe('refuseLargeBody', () => {
  it('lets a small body or none through and refuses a large one unread', async () => {
    expect(await refuseLargeBody(new Request('http://functions.test/f'), 16)).toBeNull();
    expect(await refuseLargeBody(post('{}'), 16)).toBeNull();
    const { stream, seen } = countingStream(100, 1024);
    const res = await refuseLargeBody(post(stream, { 'content-length': String(100 * 1024) }), 16);
    expect(res?.status).toBe(413);
    expect(seen.pulled).toBe(0);
  });

  it('carries the CORS headers, so a browser can read the refusal', () => {
    expect(payloadTooLarge(10).headers.get('access-control-allow-origin')).toBe('*');
  });
});
