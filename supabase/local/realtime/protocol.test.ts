import Serializer from '@supabase/realtime-js/dist/module/lib/serializer.js';
import { describe, expect, it } from 'vitest';
import { decodeBinary, decodeText, encode, encodeBinaryBroadcast, encodeRaw } from './protocol.ts';

// The client's own serializer, to check both directions against the real thing.
const client = new Serializer();

function clientEncode(msg: any): ArrayBuffer | string {
  let out: any;
  client.encode(msg, (r: any) => (out = r));
  return out;
}

function clientDecode(raw: ArrayBuffer | string): any {
  let out: any;
  client.decode(raw, (r: any) => (out = r));
  return out;
}

describe('Phoenix framing', () => {
  it('reads vsn 2 arrays and vsn 1 objects', () => {
    expect(decodeText('2.0.0', '["1","2","realtime:a","phx_join",{"x":1}]')).toEqual({
      joinRef: '1',
      ref: '2',
      topic: 'realtime:a',
      event: 'phx_join',
      payload: { x: 1 },
    });
    expect(decodeText('2.0.0', '[null,"3","phoenix","heartbeat",{}]')).toMatchObject({
      joinRef: null,
      ref: '3',
      topic: 'phoenix',
    });
    expect(decodeText('1.0.0', '{"topic":"phoenix","event":"heartbeat","payload":{},"ref":"4"}')).toEqual({
      joinRef: null,
      ref: '4',
      topic: 'phoenix',
      event: 'heartbeat',
      payload: {},
    });
  });

  it('decodes the binary broadcast push realtime-js sends', () => {
    const raw = clientEncode({
      join_ref: '6',
      ref: '7',
      topic: 'realtime:room1',
      event: 'broadcast',
      payload: { type: 'broadcast', event: 'hi', payload: { n: 1 } },
    });
    expect(raw).toBeInstanceOf(ArrayBuffer);
    const bytes = Buffer.from(raw as ArrayBuffer);
    // the frame seen on the wire (contract §4.2)
    expect([...bytes.subarray(0, 7)]).toEqual([3, 1, 1, 14, 2, 0, 1]);
    const m = decodeBinary(bytes);
    expect(m).toMatchObject({
      joinRef: '6',
      ref: '7',
      topic: 'realtime:room1',
      event: 'broadcast',
      payload: { type: 'broadcast', event: 'hi', payload: { n: 1 } },
    });
    expect(m.binary).toMatchObject({ userEvent: 'hi', encoding: 1 });
  });

  it('writes binary broadcasts the client decodes', () => {
    const m = decodeBinary(
      Buffer.from(
        clientEncode({
          join_ref: '1',
          ref: '2',
          topic: 'realtime:r',
          event: 'broadcast',
          payload: { type: 'broadcast', event: 'é', payload: { ü: [1] } },
        }) as ArrayBuffer,
      ),
    );
    const out = encodeBinaryBroadcast('realtime:r', m.binary!)!;
    const decoded = clientDecode(new Uint8Array(out).buffer);
    expect(decoded).toEqual({
      join_ref: null,
      ref: null,
      topic: 'realtime:r',
      event: 'broadcast',
      payload: { type: 'broadcast', event: 'é', payload: { ü: [1] } },
    });
  });

  it('writes text frames the client decodes', () => {
    const frame = encode('2.0.0', {
      joinRef: '1',
      ref: null,
      topic: 'realtime:a',
      event: 'system',
      payload: { status: 'ok' },
    });
    expect(clientDecode(frame)).toEqual({
      join_ref: '1',
      ref: null,
      topic: 'realtime:a',
      event: 'system',
      payload: { status: 'ok' },
    });
    expect(
      JSON.parse(encodeRaw('1.0.0', null, '5', 'phoenix', 'phx_reply', '{"status":"ok","response":{}}')),
    ).toEqual({
      topic: 'phoenix',
      event: 'phx_reply',
      payload: { status: 'ok', response: {} },
      ref: '5',
    });
  });
});
