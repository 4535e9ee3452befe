// An upload whose Content-Length cannot fit is refused at once, from the header alone: the
// 413 arrives while the client has sent almost nothing, and the connection closes (the
// server does not sit reading 200 MB it will throw away).
import { describe, expect, it } from 'vitest';
import { stack } from '../../support/clients.ts';
import { rawExchange } from '../../support/raw-http.ts';
import { tokenUser } from './token-user.ts';

const MB = 1024 * 1024;

function uploadHead(path: string, token: string, length: number, type = 'text/plain') {
  return [
    `POST /storage/v1/object/${path} HTTP/1.1`,
    `Host: 127.0.0.1`,
    `Authorization: Bearer ${token}`,
    `apikey: ${stack().anonKey}`,
    `Content-Type: ${type}`,
    `Content-Length: ${length}`,
  ].join('\r\n');
}

function expectRefusedAtOnce(r: Awaited<ReturnType<typeof rawExchange>>) {
  expect(r.status, 'an answer before the body was sent').toBe(413);
  expect(r.closed, 'the server closed the connection').toBe(true);
  expect(r.headers.connection).toBe('close');
  expect(JSON.parse(r.body)).toMatchObject({
    statusCode: '413',
    code: 'EntityTooLarge',
    message: 'The object exceeded the maximum allowed size',
  });
}

describe('an upload declaring more than it may', () => {
  it('200 MB over the stack-wide limit: 413 at once and the connection closes', async () => {
    const user = await tokenUser();
    expectRefusedAtOnce(
      await rawExchange(
        stack().url,
        uploadHead(`fixture-private/${user.id}/huge.txt`, user.token, 200 * MB),
        'x'.repeat(1024),
      ),
    );
  });

  it('a multipart body declaring 200 MB', async () => {
    const user = await tokenUser();
    const head = uploadHead(
      `fixture-private/${user.id}/huge.bin`,
      user.token,
      200 * MB,
      'multipart/form-data; boundary=b0undary',
    );
    const start =
      '--b0undary\r\nContent-Disposition: form-data; name=""; filename="huge.bin"\r\nContent-Type: application/octet-stream\r\n\r\n';
    expectRefusedAtOnce(await rawExchange(stack().url, head, start + 'x'.repeat(1024)));
  });

  it('over a bucket’s own limit (64 KiB)', async () => {
    const user = await tokenUser();
    expectRefusedAtOnce(
      await rawExchange(
        stack().url,
        uploadHead(`fixture-limited/${user.id}/big.txt`, user.token, 70_000),
        'x'.repeat(100),
      ),
    );
  });

  it('a body that fits is still taken, on a connection that stays usable', async () => {
    const user = await tokenUser();
    const files = user.client.storage.from('fixture-limited');
    expect(
      (await files.upload(`${user.id}/fits.txt`, 'x'.repeat(60_000), { contentType: 'text/plain' })).error,
    ).toBeNull();
    const big = await files.upload(`${user.id}/big.txt`, 'x'.repeat(70_000), { contentType: 'text/plain' });
    expect(big.error).toMatchObject({ statusCode: '413' });
    expect((await files.download(`${user.id}/fits.txt`)).data?.size).toBe(60_000);
  });
});

describe('an upload without Content-Length that runs over', () => {
  it('is answered even when the client stalls after the limit, and the connection closes', async () => {
    const user = await tokenUser();
    const head = [
      `POST /storage/v1/object/fixture-limited/${user.id}/chunked.txt HTTP/1.1`,
      `Host: 127.0.0.1`,
      `Authorization: Bearer ${user.token}`,
      `apikey: ${stack().anonKey}`,
      `Content-Type: text/plain`,
      `Transfer-Encoding: chunked`,
    ].join('\r\n');
    const chunk = 'x'.repeat(70_000);
    const r = await rawExchange(stack().url, head, `${chunk.length.toString(16)}\r\n${chunk}\r\n`);
    expect(r.status).toBe(400);
    expect(r.closed).toBe(true);
    expect(JSON.parse(r.body)).toMatchObject({ statusCode: '413', code: 'EntityTooLarge' });
  });
});
