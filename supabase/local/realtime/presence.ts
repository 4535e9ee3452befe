// Presence on a topic (wire contract §4.8): each channel tracks at most one meta under its
// presence key; joiners with presence enabled get `presence_state`, and every change goes
// to all channels of the topic as `presence_diff` (the tracker included).
import { randomBytes } from 'node:crypto';
import type { Channel } from './channel.ts';
import type { Registry } from './registry.ts';

type Meta = Record<string, unknown> & { phx_ref: string };
type Metas = Record<string, { metas: Meta[] }>;

const newRef = () => randomBytes(9).toString('base64url');

export class Presence {
  /** topic key → channel → its tracked meta */
  private tracked = new Map<string, Map<Channel, Meta>>();

  constructor(private readonly registry: Registry) {}

  private key(ch: Channel) {
    return `${ch.opts.isPrivate ? 'private' : 'public'}\u0000${ch.topic}`;
  }

  state(ch: Channel): Metas {
    // no prototype: a presence key may be any text, "__proto__" or "constructor" included
    const out: Metas = Object.create(null);
    for (const [other, meta] of this.tracked.get(this.key(ch)) ?? []) {
      let entry = out[other.presenceKey];
      if (!entry) {
        entry = { metas: [] };
        out[other.presenceKey] = entry;
      }
      entry.metas.push(meta);
    }
    return out;
  }

  sendState(ch: Channel) {
    ch.push('presence_state', this.state(ch));
  }

  track(ch: Channel, payload: unknown) {
    const k = this.key(ch);
    let map = this.tracked.get(k);
    if (!map) {
      map = new Map();
      this.tracked.set(k, map);
    }
    const prev = map.get(ch);
    const meta: Meta = {
      ...(payload && typeof payload === 'object' && !Array.isArray(payload)
        ? (payload as Record<string, unknown>)
        : {}),
      phx_ref: newRef(),
      ...(prev ? { phx_ref_prev: prev.phx_ref } : {}),
    };
    map.set(ch, meta);
    this.diff(
      ch,
      { [ch.presenceKey]: { metas: [meta] } },
      prev ? { [ch.presenceKey]: { metas: [prev] } } : {},
    );
  }

  untrack(ch: Channel) {
    const k = this.key(ch);
    const map = this.tracked.get(k);
    const prev = map?.get(ch);
    if (!map || !prev) return;
    map.delete(ch);
    if (map.size === 0) this.tracked.delete(k);
    this.diff(ch, {}, { [ch.presenceKey]: { metas: [prev] } });
  }

  private diff(origin: Channel, joins: Metas, leaves: Metas) {
    const json = JSON.stringify({ joins, leaves });
    for (const ch of this.registry.channelsOn(origin.topic, origin.opts.isPrivate))
      ch.pushRaw('presence_diff', json);
  }
}
