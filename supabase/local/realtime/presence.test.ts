import { describe, expect, it } from 'vitest';
import type { Channel } from './channel.ts';
import { Presence } from './presence.ts';
import type { Registry } from './registry.ts';

/** Channels on one topic that record what they are sent. */
function topic() {
  const channels: Channel[] = [];
  const sent = new Map<string, [event: string, json: string][]>();
  const registry = { channelsOn: () => channels } as unknown as Registry;
  const join = (presenceKey: string) => {
    const log: [string, string][] = [];
    sent.set(presenceKey, log);
    const ch = {
      topic: 'realtime:room',
      opts: { isPrivate: false },
      presenceKey,
      push: (event: string, payload: unknown) => log.push([event, JSON.stringify(payload)]),
      pushRaw: (event: string, json: string) => log.push([event, json]),
    } as unknown as Channel;
    channels.push(ch);
    return ch;
  };
  return { presence: new Presence(registry), join, sent };
}

describe('presence', () => {
  it('sends the state of every key, names of Object.prototype members included', () => {
    const { presence, join, sent } = topic();
    for (const key of ['__proto__', 'constructor', 'toString', 'ana']) presence.track(join(key), { key });
    const late = join('late');
    presence.sendState(late);
    const [event, json] = sent.get('late')!.at(-1)!;
    expect(event).toBe('presence_state');
    const state = JSON.parse(json);
    expect(Object.keys(state).sort()).toEqual(['__proto__', 'ana', 'constructor', 'toString']);
    expect(state.constructor.metas).toEqual([
      expect.objectContaining({ key: 'constructor', phx_ref: expect.any(String) }),
    ]);
  });

  it('keeps one meta per channel and names the one it replaces', () => {
    const { presence, join, sent } = topic();
    const ch = join('ana');
    presence.track(ch, { n: 1 });
    presence.track(ch, { n: 2 });
    const diff = JSON.parse(sent.get('ana')!.at(-1)![1]);
    expect(diff.joins.ana.metas[0]).toMatchObject({ n: 2, phx_ref_prev: diff.leaves.ana.metas[0].phx_ref });
    expect(presence.state(ch).ana.metas).toHaveLength(1);
  });
});
