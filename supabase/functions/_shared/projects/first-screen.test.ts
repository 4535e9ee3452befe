import { describe, expect, it } from 'vitest';
import { cardPictureSource } from '../../../../src/features/projects/image-sources.ts';
import {
  PROJECT_COLUMNS as APP_COLUMNS,
  toProject,
} from '../../../../src/features/projects/project-types.ts';
import {
  cardPicture,
  type FirstScreenReads,
  firstScreen,
  PROJECT_COLUMNS,
  parseFirstScreenRequest,
} from './first-screen.ts';

const image = (over: Record<string, unknown>) => ({
  id: `i-${Math.random()}`,
  position: 0,
  status: 'completed',
  original_path: 'u/photo.png',
  generated_path: 'u/p/clean.png',
  watermarked_path: 'u/p/marked.png',
  created_at: '2026-11-01T00:00:00Z',
  ...over,
});
const row = (status: string, images: Record<string, unknown>[]) => ({ id: 'p', status, images });

// every shape of project a card meets: finished, still made, rejected, failed, partly done,
// without a watermarked copy, without results, images out of order
const ROWS = [
  row('completed', [image({})]),
  row('completed', [image({ watermarked_path: null })]),
  row('completed', [image({ generated_path: null })]),
  row('processing', [image({ status: 'processing', generated_path: null, watermarked_path: null })]),
  row('draft', [image({ status: 'pending', generated_path: null, watermarked_path: null })]),
  row('rejected', [image({ status: 'rejected', generated_path: null, watermarked_path: null })]),
  row('rejected', [image({})]),
  row('failed', [image({ status: 'failed', generated_path: null, watermarked_path: null })]),
  row('failed', [image({ status: 'failed' }), image({ position: 1, generated_path: 'u/p/2.png' })]),
  row('completed', [
    image({ position: 2, original_path: 'u/third.png', generated_path: 'u/p/3.png' }),
    image({ position: 1, original_path: 'u/second.png', status: 'failed', generated_path: null }),
    image({
      position: 0,
      original_path: 'u/first.png',
      status: 'processing',
      generated_path: null,
      watermarked_path: null,
    }),
  ]),
  row('completed', []),
  row('completed', [
    image({ original_path: null, generated_path: null, watermarked_path: null, status: 'failed' }),
  ]),
];

describe('the first screen’s pictures', () => {
  it.each([true, false])('are what the card shows first (clean images allowed: %s)', (clean) => {
    for (const r of ROWS)
      expect(cardPicture(r, clean), JSON.stringify(r)).toEqual(cardPictureSource(toProject(r), clean));
  });

  it('come with the columns the app reads its list with', () => {
    expect(PROJECT_COLUMNS).toBe(APP_COLUMNS);
  });

  it('are signed for the first cards only, skipping a picture the seller may not read', async () => {
    const signed: string[] = [];
    const reads: FirstScreenReads = {
      projects: async () => [ROWS[0]!, ROWS[3]!, ROWS[1]!],
      cleanAllowed: async () => {
        throw new Error('plan unknown');
      },
      sign: async (p) => {
        signed.push(`${p.bucket}/${p.path}`);
        if (p.bucket === 'uploads') throw new Error('refused');
        return `/render/image/sign/${p.bucket}/${p.path}?token=t`;
      },
    };
    const answer = await firstScreen({ thumbnail: { width: 480 }, first: 2 }, reads);
    expect(answer.projects).toHaveLength(3);
    // the plan could not be read: what every plan may see
    expect(signed).toEqual(['watermarked/u/p/marked.png', 'uploads/u/photo.png']);
    expect(answer.pictures).toEqual([
      {
        bucket: 'watermarked',
        path: 'u/p/marked.png',
        url: '/render/image/sign/watermarked/u/p/marked.png?token=t',
      },
    ]);
  });

  it('are asked for with a size and a count within bounds', () => {
    const thumbnail = { width: 720, height: 926, resize: 'cover', quality: 70 };
    expect(parseFirstScreenRequest({ thumbnail, first: 8 })).toEqual({ thumbnail, first: 8 });
    expect(parseFirstScreenRequest({ thumbnail: { width: 320 }, first: 0 })).toEqual({
      thumbnail: { width: 320 },
      first: 0,
    });
    for (const bad of [
      null,
      {},
      { thumbnail, first: 25 },
      { thumbnail, first: 1.5 },
      { thumbnail: { width: 0 }, first: 1 },
      { thumbnail: { width: 320, resize: 'stretch' }, first: 1 },
      { thumbnail: { width: 320, quality: 5 }, first: 1 },
      { thumbnail: { width: '320' }, first: 1 },
    ])
      expect(parseFirstScreenRequest(bad), JSON.stringify(bad)).toBeNull();
  });
});
