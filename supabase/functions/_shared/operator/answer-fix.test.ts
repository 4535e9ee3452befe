import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { decodePng } from '../engine/png.ts';
import { type AnswerFixDeps, answerFix } from './answer-fix.ts';

const FIX = '6f1c2d3e-4a5b-4c6d-8e7f-0123456789ab';
const USER = '11111111-2222-4333-8444-555555555555';
const PROJECT = '99999999-8888-4777-8666-555555555555';
const png = () =>
  sharp({ create: { width: 120, height: 90, channels: 4, background: '#3a6ea5' } })
    .png()
    .toBuffer()
    .then((b) => new Uint8Array(b));

function fakes(answer: { error: any } | null = null) {
  const calls: string[] = [];
  const stored = new Map<string, Uint8Array>();
  const deps: AnswerFixDeps = {
    rpc: async (fn, args) => {
      calls.push(fn);
      if (fn === 'operator_fix_target')
        return { data: { fix_id: FIX, user_id: USER, project_id: PROJECT }, error: null };
      if (answer) return { data: null, error: answer.error };
      return { data: { id: args.fix_id, status: 'completed', result_path: args.result_path }, error: null };
    },
    upload: async (bucket, name, bytes) => {
      stored.set(`${bucket}/${name}`, bytes);
    },
    remove: async (bucket, names) => {
      for (const n of names) stored.delete(`${bucket}/${n}`);
    },
  };
  return { deps, calls, stored };
}

describe('answerFix', () => {
  it('stores the clean picture and a watermarked copy where complete_fix expects them, then completes', async () => {
    const { deps, calls, stored } = fakes();
    const picture = await png();
    const r = await answerFix({ fixId: FIX, note: ' Done ', picture }, deps);
    expect(r.status).toBe(200);
    const name = (r.body as { fix: { result_path: string } }).fix.result_path;
    expect(name).toMatch(new RegExp(`^${USER}/${PROJECT}/fix-${FIX}-[0-9a-f]{8}\\.png$`));
    expect([...stored.keys()].sort()).toEqual([`generated/${name}`, `watermarked/${name}`]);
    expect(stored.get(`generated/${name}`)).toBe(picture);
    const clean = await decodePng(picture);
    const marked = await decodePng(stored.get(`watermarked/${name}`)!);
    expect([marked.width, marked.height]).toEqual([clean.width, clean.height]);
    expect(Buffer.from(marked.data).equals(Buffer.from(clean.data))).toBe(false);
    expect(calls).toEqual(['operator_fix_target', 'operator_answer_fix']);
  });

  it('stores nothing for a refused caller or a picture that is not a PNG', async () => {
    const refused = fakes();
    refused.deps.rpc = async () => ({
      data: null,
      error: { code: 'P0001', message: 'Only operators can do this', hint: 'operator_only' },
    });
    expect(await answerFix({ fixId: FIX, note: null, picture: await png() }, refused.deps)).toEqual({
      status: 403,
      body: { error: 'Only operators can do this', code: 'operator_only' },
    });
    expect(refused.stored.size).toBe(0);

    const jpeg = fakes();
    const bytes = new Uint8Array(
      await sharp(Buffer.from(await png()))
        .jpeg()
        .toBuffer(),
    );
    expect(await answerFix({ fixId: FIX, note: null, picture: bytes }, jpeg.deps)).toMatchObject({
      status: 400,
      body: { code: 'fix_picture_invalid' },
    });
    expect(jpeg.stored.size).toBe(0);
    expect(await answerFix({ fixId: 'nope', note: null, picture: bytes }, jpeg.deps)).toMatchObject({
      status: 404,
    });
  });

  it('removes the stored files when the fix was finished meanwhile', async () => {
    const { deps, stored } = fakes({
      error: { code: 'P0001', message: 'This fix request is already finished', hint: 'fix_finished' },
    });
    const r = await answerFix({ fixId: FIX, note: null, picture: await png() }, deps);
    expect(r).toEqual({
      status: 409,
      body: { error: 'This fix request is already finished', code: 'fix_finished' },
    });
    expect(stored.size).toBe(0);
  });

  it("leaves a completed answer's files when a second answer is refused", async () => {
    const { deps, stored } = fakes();
    const first = await answerFix({ fixId: FIX, note: null, picture: await png() }, deps);
    expect(first.status).toBe(200);
    const kept = new Map(stored);
    // the second operator's answer arrives after the first completed the fix
    const rpc = deps.rpc;
    deps.rpc = async (fn, args) =>
      fn === 'operator_answer_fix'
        ? {
            data: null,
            error: { code: 'P0001', message: 'This fix request is already finished', hint: 'fix_finished' },
          }
        : rpc(fn, args);
    const second = await answerFix({ fixId: FIX, note: null, picture: await png() }, deps);
    expect(second.status).toBe(409);
    expect(stored).toEqual(kept);
  });
});
