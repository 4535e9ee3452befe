import { describe, expect, it } from 'vitest';
import { deliverDueNotices, type DueNotice, type NoticeStore } from './deliver.ts';
import { fixRequestPreparer, toBase64 } from './fix-drawing.ts';

const okPost = (into: unknown[]) => async (_url: string, body: unknown) => {
  into.push(body);
  return { ok: true, status: 200 };
};

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);

function store(notices: DueNotice[]) {
  const reports: { id: string; delivered: boolean; error: string | null }[] = [];
  const s: NoticeStore = {
    claim: async () => notices.splice(0),
    report: async (id, delivered, error) => void reports.push({ id, delivered, error }),
  };
  return { s, reports };
}

const fix = (annotatedImage: string | null): DueNotice => ({
  id: 'n1',
  kind: 'fix_request',
  attempts: 1,
  payload: {
    projectId: 'p',
    fixId: 'f',
    annotatedImage,
    description: 'Sleeve too long',
    userEmail: 'a@b.gr',
    userId: 'u',
    timestamp: 't',
  },
});

describe('fix request notices', () => {
  it('carry the drawing as a PNG data URL', async () => {
    const posted: unknown[] = [];
    const reads: string[] = [];
    const { s, reports } = store([fix('u/p/1.png')]);
    const prepare = fixRequestPreparer(async (bucket, name) => {
      reads.push(`${bucket}/${name}`);
      return { bytes: PNG, contentType: 'image/png' };
    });
    await deliverDueNotices(s, okPost(posted), () => 'https://hook', 20, prepare);
    expect(reads).toEqual(['fix-drawings/u/p/1.png']);
    expect(posted[0]).toMatchObject({
      annotatedImage: `data:image/png;base64,${Buffer.from(PNG).toString('base64')}`,
      annotatedImagePath: 'u/p/1.png',
      description: 'Sleeve too long',
    });
    expect(reports).toEqual([{ id: 'n1', delivered: true, error: null }]);
  });

  it('send null for a drawing that is gone, and retry when it cannot be read', async () => {
    const posted: unknown[] = [];
    const gone = store([fix('u/p/gone.png')]);
    await deliverDueNotices(
      gone.s,
      okPost(posted),
      () => 'https://hook',
      20,
      fixRequestPreparer(async () => null),
    );
    expect(posted[0]).toMatchObject({ annotatedImage: null, annotatedImagePath: 'u/p/gone.png' });

    const down = store([fix('u/p/1.png')]);
    const result = await deliverDueNotices(
      down.s,
      async () => ({ ok: true, status: 200 }),
      () => 'https://hook',
      20,
      fixRequestPreparer(async () => {
        throw new Error('storage answered 503');
      }),
    );
    expect(result.failed).toBe(1);
    expect(down.reports[0].error).toMatch(/drawing u\/p\/1.png unreadable: storage answered 503/);
  });

  it('leave other notices and fixes without a drawing as stored', async () => {
    const prepare = fixRequestPreparer(async () => {
      throw new Error('not called');
    });
    const feedback: DueNotice = { id: 'x', kind: 'feedback', payload: { feedback: 'hi' }, attempts: 1 };
    expect(await prepare(feedback)).toEqual({ feedback: 'hi' });
    expect(await prepare(fix(null))).toMatchObject({ annotatedImage: null });
  });

  it('encodes large files in chunks exactly as Buffer does', () => {
    const big = new Uint8Array(100_000).map((_, i) => (i * 7) % 256);
    expect(toBase64(big)).toBe(Buffer.from(big).toString('base64'));
  });
});
