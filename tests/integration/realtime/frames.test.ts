// The exact frames on the wire (wire contract §4), with a bare WebSocket: what the server
// answers to joins, heartbeats, leaves and stray messages, and how it refuses sockets.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { accessToken, createRtUser, eventually, startHarness, type Harness } from './harness.ts';

let h: Harness;

beforeAll(async () => {
  h = await startHarness();
});

afterAll(async () => {
  await h?.close();
});

function wsUrl(query: string) {
  return `${h.url.replace(/^http/, 'ws')}/realtime/v1/websocket?${query}`;
}

/** A socket that records decoded vsn 2 frames. */
async function open(query = `apikey=${h.stack.keys.anon}&vsn=2.0.0`) {
  const socket = new WebSocket(wsUrl(query));
  const frames: any[] = [];
  socket.on('message', (data, isBinary) => frames.push(isBinary ? data : JSON.parse(String(data))));
  await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
  const send = (frame: unknown[]) => socket.send(JSON.stringify(frame));
  const next = (pred: (f: any) => boolean, label: string) => eventually(() => frames.find(pred), label);
  return { socket, frames, send, next };
}

function refusal(query: string, path = '/realtime/v1/websocket') {
  return new Promise<number>((resolve, reject) => {
    const s = new WebSocket(`${h.url.replace(/^http/, 'ws')}${path}?${query}`);
    s.on('unexpected-response', (_req, res) => {
      resolve(res.statusCode ?? 0);
      s.terminate();
    });
    s.on('open', () => reject(new Error('socket was accepted')));
    s.on('error', () => {});
  });
}

describe('realtime frames', () => {
  it('refuses sockets without a valid API key or with an unknown protocol version', async () => {
    expect(await refusal('vsn=2.0.0')).toBe(403);
    expect(await refusal('apikey=not-a-key&vsn=2.0.0')).toBe(403);
    expect(await refusal(`apikey=${h.stack.keys.anon}&vsn=3.0.0`)).toBe(400);
    expect(await refusal(`apikey=${h.stack.keys.anon}&vsn=2.0.0`, '/realtime/v1/other')).toBe(404);
  });

  it('answers heartbeats on the phoenix topic', async () => {
    const c = await open();
    c.send([null, '11', 'phoenix', 'heartbeat', {}]);
    expect(await c.next((f) => f[1] === '11', 'heartbeat reply')).toEqual([
      null,
      '11',
      'phoenix',
      'phx_reply',
      { status: 'ok', response: {} },
    ]);
    c.socket.close();
  });

  it('echoes the bindings in order with ids, then confirms the subscription with a system message', async () => {
    const c = await open();
    const bindings = [
      { event: 'INSERT', schema: 'public', table: 'rt_items', filter: 'qty=gt.1' },
      { event: '*', schema: 'public', table: 'rt_notes' },
    ];
    c.send([
      '1',
      '1',
      'realtime:frames',
      'phx_join',
      {
        config: {
          broadcast: { ack: false, self: false },
          presence: { key: '', enabled: false },
          postgres_changes: bindings,
          private: false,
        },
        access_token: h.stack.keys.anon,
      },
    ]);
    const reply = await c.next((f) => f[1] === '1', 'join reply');
    expect(reply.slice(0, 4)).toEqual(['1', '1', 'realtime:frames', 'phx_reply']);
    expect(reply[4].status).toBe('ok');
    const echoed = reply[4].response.postgres_changes;
    expect(echoed.map(({ id, ...rest }: any) => rest)).toEqual(bindings);
    expect(echoed.every((b: any) => Number.isInteger(b.id))).toBe(true);
    expect(await c.next((f) => f[3] === 'system', 'system')).toEqual([
      '1',
      null,
      'realtime:frames',
      'system',
      { extension: 'postgres_changes', status: 'ok', message: 'Subscribed to PostgreSQL', channel: 'frames' },
    ]);

    // events name the ids of the matching bindings
    await h.db.query(`insert into public.rt_notes (id, body) values (100, 'x')`);
    const ev = await c.next((f) => f[3] === 'postgres_changes', 'event');
    expect(ev.slice(0, 3)).toEqual(['1', null, 'realtime:frames']);
    expect(ev[4].ids).toEqual([echoed[1].id]);
    expect(ev[4].data).toMatchObject({
      type: 'INSERT',
      table: 'rt_notes',
      record: { id: 100, body: 'x' },
      columns: [
        { name: 'id', type: 'int4' },
        { name: 'body', type: 'text' },
      ],
      errors: null,
    });

    c.send(['1', '2', 'realtime:frames', 'phx_leave', {}]);
    expect(await c.next((f) => f[1] === '2', 'leave reply')).toEqual([
      '1',
      '2',
      'realtime:frames',
      'phx_reply',
      { status: 'ok', response: {} },
    ]);
    c.socket.close();
  });

  it('answers a join without postgres_changes with an empty response', async () => {
    const c = await open();
    c.send([
      '3',
      '3',
      'realtime:plain',
      'phx_join',
      { config: { broadcast: { self: false }, presence: { key: '' }, postgres_changes: [] } },
    ]);
    expect(await c.next((f) => f[1] === '3', 'reply')).toEqual([
      '3',
      '3',
      'realtime:plain',
      'phx_reply',
      { status: 'ok', response: {} },
    ]);
    c.socket.close();
  });

  it('tells a channel that asked for it that replication is ready', async () => {
    const c = await open();
    c.send(['4', '4', 'realtime:ready', 'phx_join', { config: { broadcast: { replication_ready: true } } }]);
    expect(await c.next((f) => f[3] === 'system', 'system')).toEqual([
      '4',
      null,
      'realtime:ready',
      'system',
      { extension: 'system', status: 'ok', message: 'Replication connection established', channel: 'ready' },
    ]);
    c.socket.close();
  });

  it('replies unmatched topic to messages for channels it does not have', async () => {
    const c = await open();
    c.send(['9', '10', 'realtime:nowhere', 'broadcast', { type: 'broadcast', event: 'x', payload: {} }]);
    expect(await c.next((f) => f[1] === '10', 'reply')).toEqual([
      '9',
      '10',
      'realtime:nowhere',
      'phx_reply',
      { status: 'error', response: { reason: 'unmatched topic' } },
    ]);
    c.send(['9', '12', 'elsewhere', 'phx_join', {}]);
    expect((await c.next((f) => f[1] === '12', 'reply'))[4]).toEqual({
      status: 'error',
      response: { reason: 'unmatched topic' },
    });
    c.socket.close();
  });

  it('closes the channel a second join of the same topic replaces', async () => {
    const c = await open();
    c.send(['1', '1', 'realtime:twice', 'phx_join', { config: {} }]);
    await c.next((f) => f[1] === '1', 'first join');
    c.send(['2', '2', 'realtime:twice', 'phx_join', { config: {} }]);
    expect(await c.next((f) => f[3] === 'phx_close', 'close of the first')).toEqual([
      '1',
      '1',
      'realtime:twice',
      'phx_close',
      {},
    ]);
    expect((await c.next((f) => f[1] === '2', 'second join'))[4].status).toBe('ok');
    c.socket.close();
  });

  it('ends a channel whose token expires with a system error and phx_close on the join ref', async () => {
    const user = await createRtUser(h);
    const c = await open();
    c.send([
      '5',
      '5',
      'realtime:short',
      'phx_join',
      { config: { postgres_changes: [] }, access_token: await accessToken(h, user, 2) },
    ]);
    await c.next((f) => f[1] === '5', 'join');
    const sys = await c.next((f) => f[3] === 'system', 'system error');
    expect(sys.slice(0, 4)).toEqual(['5', null, 'realtime:short', 'system']);
    expect(sys[4]).toMatchObject({ extension: 'system', status: 'error', channel: 'short' });
    expect(await c.next((f) => f[3] === 'phx_close', 'close')).toEqual([
      '5',
      '5',
      'realtime:short',
      'phx_close',
      {},
    ]);
    c.socket.close();
  });

  it('speaks vsn 1.0.0 objects', async () => {
    const c = await open(`apikey=${h.stack.keys.anon}&vsn=1.0.0`);
    c.socket.send(JSON.stringify({ topic: 'phoenix', event: 'heartbeat', payload: {}, ref: '1' }));
    expect(await c.next((f) => f.ref === '1', 'reply')).toEqual({
      topic: 'phoenix',
      event: 'phx_reply',
      payload: { status: 'ok', response: {} },
      ref: '1',
    });
    c.socket.close();
  });
});
