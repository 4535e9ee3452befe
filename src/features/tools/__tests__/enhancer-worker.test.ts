import { describe, expect, it, vi } from 'vitest';
import type { EnhanceReply } from '../enhancer/protocol.ts';
import { EnhancerError, createEnhancer, type EnhancerDeps } from '../enhancer/worker-core.ts';
import type { Rgba } from '../enhancer/tiling.ts';

const photo = (width: number, height: number): Rgba => ({
  width,
  height,
  data: new Uint8ClampedArray(width * height * 4).fill(200),
});

/** A model that repeats each pixel; `gate` holds each tile until the test lets it go. */
function setup(over: Partial<EnhancerDeps> = {}, size = { width: 40, height: 20 }) {
  const replies: EnhanceReply[] = [];
  const loads: number[] = [];
  let tiles = 0;
  const deps: EnhancerDeps = {
    decode: async () => photo(size.width, size.height),
    encode: async (image) => new Blob([`${image.width}x${image.height}`], { type: 'image/png' }),
    loadModel: async (factor) => {
      loads.push(factor);
      return {
        backend: 'cpu',
        run: async (tile) => {
          tiles++;
          return new Float32Array(tile.width * factor * tile.height * factor * 3).fill(200);
        },
      };
    },
    post: (r) => replies.push(r),
    tile: 10,
    now: () => 0,
    ...over,
  };
  const handle = createEnhancer(deps);
  const settled = (id: number) =>
    vi.waitFor(() => {
      const last = replies.filter((r) => r.id === id).at(-1);
      if (!last || !['done', 'failed', 'cancelled'].includes(last.type)) throw new Error('not yet');
      return last;
    });
  return { handle, replies, loads, settled, tiles: () => tiles };
}

describe('the enhancer worker', () => {
  it('answers stages, progress per tile and the enlarged photo', async () => {
    const w = setup();
    w.handle({ type: 'enhance', id: 1, photo: new Blob(), factor: 2 });
    const done = await w.settled(1);
    expect(done).toMatchObject({ type: 'done', id: 1, width: 80, height: 40, backend: 'cpu' });
    expect(w.replies.map((r) => (r.type === 'progress' ? `${r.done}/${r.total}` : r.type))).toEqual([
      'stage',
      'stage',
      '0/8',
      '1/8',
      '2/8',
      '3/8',
      '4/8',
      '5/8',
      '6/8',
      '7/8',
      '8/8',
      'stage',
      'done',
    ]);
  });

  it('loads each factor’s model once and keeps it for the next photo', async () => {
    const w = setup();
    w.handle({ type: 'enhance', id: 1, photo: new Blob(), factor: 2 });
    await w.settled(1);
    w.handle({ type: 'enhance', id: 2, photo: new Blob(), factor: 2 });
    await w.settled(2);
    w.handle({ type: 'enhance', id: 3, photo: new Blob(), factor: 4 });
    await w.settled(3);
    expect(w.loads).toEqual([2, 4]);
  });

  it('stops running tiles on cancel and answers cancelled, not done', async () => {
    let w!: ReturnType<typeof setup>;
    w = setup({
      post: (r) => {
        w.replies.push(r);
        if (r.type === 'progress' && r.done === 2) w.handle({ type: 'cancel', id: 7 });
      },
    });
    w.handle({ type: 'enhance', id: 7, photo: new Blob(), factor: 2 });
    expect(await w.settled(7)).toEqual({ type: 'cancelled', id: 7 });
    expect(w.tiles()).toBe(2);
    expect(w.replies.some((r) => r.type === 'done')).toBe(false);
  });

  it('a new photo replaces the one running: the first is cancelled, the second done', async () => {
    const w = setup();
    w.handle({ type: 'enhance', id: 1, photo: new Blob(), factor: 2 });
    w.handle({ type: 'enhance', id: 2, photo: new Blob(), factor: 2 });
    expect(await w.settled(1)).toEqual({ type: 'cancelled', id: 1 });
    expect(await w.settled(2)).toMatchObject({ type: 'done', id: 2 });
  });

  it('names what went wrong: a model it cannot load, a photo it cannot read, the cap, memory', async () => {
    const offline = setup({
      loadModel: async () => {
        throw new EnhancerError('model-unavailable', 'Failed to fetch');
      },
    });
    offline.handle({ type: 'enhance', id: 1, photo: new Blob(), factor: 2 });
    expect(await offline.settled(1)).toMatchObject({ type: 'failed', problem: 'model-unavailable' });

    const broken = setup({
      decode: async () => {
        throw new EnhancerError('unreadable');
      },
    });
    broken.handle({ type: 'enhance', id: 1, photo: new Blob(), factor: 2 });
    expect(await broken.settled(1)).toMatchObject({ type: 'failed', problem: 'unreadable' });

    const big = setup({}, { width: 1500, height: 1000 });
    big.handle({ type: 'enhance', id: 1, photo: new Blob(), factor: 4 });
    expect(await big.settled(1)).toMatchObject({ type: 'failed', problem: 'too-large' });
    expect(big.tiles()).toBe(0);

    const gpu = setup({
      loadModel: async () => ({
        backend: 'webgl',
        run: async () => {
          throw new Error('Requested texture size [8192x8192] greater than WebGL maximum');
        },
      }),
    });
    gpu.handle({ type: 'enhance', id: 1, photo: new Blob(), factor: 2 });
    expect(await gpu.settled(1)).toMatchObject({ type: 'failed', problem: 'out-of-memory' });
  });

  it('tries loading the model again after a failed load (back online)', async () => {
    let attempts = 0;
    const w = setup({
      loadModel: async (factor) => {
        attempts++;
        if (attempts === 1) throw new EnhancerError('model-unavailable');
        return {
          backend: 'cpu',
          run: async (t) => new Float32Array(t.width * factor * t.height * factor * 3),
        };
      },
    });
    w.handle({ type: 'enhance', id: 1, photo: new Blob(), factor: 2 });
    expect(await w.settled(1)).toMatchObject({ type: 'failed', problem: 'model-unavailable' });
    w.handle({ type: 'enhance', id: 2, photo: new Blob(), factor: 2 });
    expect(await w.settled(2)).toMatchObject({ type: 'done' });
    expect(attempts).toBe(2);
  });
});
