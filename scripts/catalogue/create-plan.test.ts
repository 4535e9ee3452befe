// catalogue:create's plan, before anything is paid for: which FASHN it asks (or what it needs
// when there is none), the Creator's requests for every view, what the manifest says is made
// (resumed, never paid twice), and what has to be made again when a description changes.
import { describe, expect, it } from 'vitest';
import {
  creditsFor,
  emptyManifest,
  FACE_REFERENCE_PENDING,
  importCommand,
  type Manifest,
  NO_PROVIDER_MESSAGE,
  parseArgs,
  planViews,
  poseExamples,
  resolveProvider,
  type ViewTask,
} from './create-plan.ts';
import { CATALOGUE_DIR } from './layout.ts';
import { CATALOGUE_PEOPLE } from './people.ts';

const API = 'https://api.fashn.ai';
const sofia = CATALOGUE_PEOPLE.filter((p) => p.slug === 'sofia');

/** A manifest saying these tasks were made with this plan's requests. */
function madeBy(tasks: ViewTask[]): Manifest {
  const m = emptyManifest();
  for (const t of tasks)
    m.views[t.key] = {
      file: t.file,
      request: t.fingerprint,
      api: API,
      prediction: `p-${t.key}`,
      credits: 1,
      made_at: '2026-11-30T10:00:00Z',
    };
  return m;
}

describe('which FASHN catalogue:create asks', () => {
  it('with no key and no local URL says exactly what it needs, and nothing else runs', () => {
    expect(resolveProvider({})).toEqual({ error: NO_PROVIDER_MESSAGE });
    expect(NO_PROVIDER_MESSAGE).toContain('FASHN_API_KEY=');
    expect(NO_PROVIDER_MESSAGE).toContain('--local');
    expect(NO_PROVIDER_MESSAGE).toContain('/_dev/fashn');
    expect(NO_PROVIDER_MESSAGE).toContain('Nothing was made.');
    // a URL of the real API (or any address not this machine's /_dev/fashn) still needs a key
    expect(resolveProvider({ FASHN_API_URL: 'https://api.fashn.ai' })).toEqual({
      error: NO_PROVIDER_MESSAGE,
    });
    expect(resolveProvider({ FASHN_API_KEY: '  ' })).toEqual({ error: NO_PROVIDER_MESSAGE });
    expect(parseArgs(['--models', 'sofia'], {})).toEqual({ error: NO_PROVIDER_MESSAGE });
  });

  it('the API with a key; the local stack with --local or its /_dev/fashn URL, no key needed', () => {
    expect(resolveProvider({ FASHN_API_KEY: 'fa-1' })).toEqual({
      baseUrl: API,
      apiKey: 'fa-1',
      local: false,
    });
    expect(resolveProvider({ FASHN_API_KEY: 'fa-1', FASHN_API_URL: 'https://eu.fashn.example/' })).toEqual({
      baseUrl: 'https://eu.fashn.example',
      apiKey: 'fa-1',
      local: false,
    });
    expect(resolveProvider({}, { local: true, localPort: 6000 })).toEqual({
      baseUrl: 'http://127.0.0.1:6000/_dev/fashn',
      apiKey: 'local',
      local: true,
    });
    expect(resolveProvider({ LOCAL_FASHN_KEY: 'k' }, { local: true })).toMatchObject({ apiKey: 'k' });
    expect(resolveProvider({ FASHN_API_URL: 'http://127.0.0.1:7001/_dev/fashn/' })).toEqual({
      baseUrl: 'http://127.0.0.1:7001/_dev/fashn',
      apiKey: 'local',
      local: true,
    });
  });

  it('reads the command line: models to make, folders, import or not', () => {
    const env = { FASHN_API_KEY: 'fa-1' };
    const all = parseArgs([], env, { cwd: '/w' });
    if ('error' in all) throw new Error(all.error);
    expect(all.people.map((p) => p.slug)).toHaveLength(15);
    expect(all).toMatchObject({
      outDir: '/w/catalogue-created',
      catalogueDir: CATALOGUE_DIR,
      importAfter: true,
    });
    const some = parseArgs(['--', '--models', 'nikos,Sofia', '--out', 'o', '--no-import'], env, {
      cwd: '/w',
    });
    if ('error' in some) throw new Error(some.error);
    expect(some.people.map((p) => p.slug)).toEqual(['sofia', 'nikos']);
    expect(some).toMatchObject({ outDir: '/w/o', importAfter: false });
    expect(parseArgs(['--models', 'sofia,bob'], env)).toMatchObject({
      error: expect.stringContaining('not: bob'),
    });
    expect(parseArgs(['--model', 'sofia'], env)).toMatchObject({
      error: expect.stringContaining('unknown argument'),
    });
    expect(parseArgs(['--out'], env)).toMatchObject({
      error: expect.stringContaining('--out needs a value'),
    });
  });
});

describe('the plan', () => {
  it('makes every model in three views with the Creator requests: the front first, then back and side from it', () => {
    const { todo, done } = planViews(CATALOGUE_PEOPLE, API, emptyManifest(), () => false);
    expect(done).toEqual([]);
    expect(todo).toHaveLength(45);
    const [front, back, side] = todo.filter((t) => t.person.slug === 'chloe');
    expect([front.view, back.view, side.view]).toEqual(['front', 'back', 'side']);
    expect(front.file).toBe('catalogue/models/chloe/01.png');
    expect(back.file).toBe('catalogue/models/chloe/02.png');
    expect(side.file).toBe('catalogue/models/chloe/03.png');
    expect(front.request).toMatchObject({
      model_name: 'model-create',
      inputs: { aspect_ratio: '2:3', seed: front.person.seed, resolution: '1k', output_format: 'png' },
    });
    expect(front.request.inputs.prompt).toMatch(
      /^a woman aged 26-35, slim build, fair skin, short red hair in a bob/,
    );
    expect(front.request.inputs.prompt).toContain('freckles');
    expect(front.request.inputs).not.toHaveProperty('face_reference');
    expect(back.request.inputs).toMatchObject({
      face_reference: FACE_REFERENCE_PENDING,
      face_reference_mode: 'match_base',
      seed: front.person.seed,
    });
    expect(back.request.inputs.prompt).toContain('back view looking over the shoulder');
    expect(back.after).toBe('chloe/front');
    // FASHN: 1 credit a front view, 4 with a face reference
    expect(creditsFor(todo)).toBe(15 * 9);
  });

  it('resumes: what the manifest says is made (same API, same request, file there) is not asked again', () => {
    const first = planViews(sofia, API, emptyManifest(), () => false).todo;
    const manifest = madeBy(first.slice(0, 2)); // front and back made, then the run stopped
    const files = new Set(first.slice(0, 2).map((t) => t.file));
    const again = planViews(sofia, API, manifest, (f) => files.has(f));
    expect(again.done.map((t) => t.key)).toEqual(['sofia/front', 'sofia/back']);
    expect(again.todo.map((t) => t.key)).toEqual(['sofia/side']);

    const all = madeBy(first);
    const everything = planViews(sofia, API, all, () => true);
    expect(everything.todo).toEqual([]);
    expect(everything.done).toHaveLength(3);
  });

  it('makes again what changed: a deleted file, another API, a new description (and a new front takes back and side along)', () => {
    const first = planViews(sofia, API, emptyManifest(), () => false).todo;
    const manifest = madeBy(first);
    const deletedSide = planViews(sofia, API, manifest, (f) => !f.endsWith('03.png'));
    expect(deletedSide.todo.map((t) => t.key)).toEqual(['sofia/side']);
    const deletedFront = planViews(sofia, API, manifest, (f) => !f.endsWith('01.png'));
    expect(deletedFront.todo.map((t) => t.key)).toEqual(['sofia/front', 'sofia/back', 'sofia/side']);
    expect(planViews(sofia, 'http://127.0.0.1:1/_dev/fashn', manifest, () => true).todo).toHaveLength(3);
    const blonde = [{ ...sofia[0], hair: 'long blonde hair' }];
    expect(planViews(blonde, API, manifest, () => true).todo).toHaveLength(3);
    const reseeded = [{ ...sofia[0], seed: sofia[0].seed + 1 }];
    expect(planViews(reseeded, API, manifest, () => true).todo).toHaveLength(3);
  });

  it('pose cards come from the default figures, only when they are being made', () => {
    expect(poseExamples(sofia)).toEqual([
      { from: 'catalogue/models/sofia/01.png', to: 'catalogue/poses/women/front-view.png' },
      { from: 'catalogue/models/sofia/02.png', to: 'catalogue/poses/women/back-view.png' },
      { from: 'catalogue/models/sofia/03.png', to: 'catalogue/poses/women/side-view.png' },
    ]);
    expect(poseExamples(CATALOGUE_PEOPLE.filter((p) => p.slug === 'elena'))).toEqual([]);
    expect(poseExamples(CATALOGUE_PEOPLE).map((p) => p.to)).toHaveLength(6);
  });

  it('prints the import of models and poses that keeps the rest', () => {
    expect(importCommand({ outDir: '/w/out', catalogueDir: CATALOGUE_DIR }, '/w')).toBe(
      'npm run catalogue:import -- out/catalogue --partial',
    );
    expect(importCommand({ outDir: '/w/out', catalogueDir: '/w/tmp/cat' }, '/w')).toBe(
      'npm run catalogue:import -- out/catalogue --partial --dest tmp/cat',
    );
    // outside the working folder: the absolute path
    expect(importCommand({ outDir: '/tmp/out', catalogueDir: '/tmp/cat' }, '/w')).toBe(
      'npm run catalogue:import -- /tmp/out/catalogue --partial --dest /tmp/cat',
    );
  });
});
