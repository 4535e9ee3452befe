// npm run catalogue:create against the local stack's /_dev/fashn (no key): one model made in its
// three views with the Creator's requests through the fashn SDK, a contact sheet, a manifest
// that a second run resumes from without asking again, and the import into a copy of the
// catalogue that the catalogue-files check accepts. Then the health function of a stack set up
// for FASHN: it names the drawn demo art (and the local previews), and is satisfied once photos
// of every model are imported.
import { execFile } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NO_PROVIDER_MESSAGE } from '../../../scripts/catalogue/create-plan.ts';
import { importCatalogue } from '../../../scripts/catalogue/import.ts';
import { CATALOGUE_DIR } from '../../../scripts/catalogue/layout.ts';
import { CATALOGUE_PEOPLE } from '../../../scripts/catalogue/people.ts';
import { ROOT } from '../../../supabase/local/config.ts';
import { readPngText } from '../../../supabase/local/fashn/render/raster.ts';
import { fetchHealth } from '../../../supabase/local/health.ts';
import { type OwnStack, startOwnStack } from '../auth/own-stack.ts';
import { catalogueFileProblems, catalogueMedia } from '../../support/catalogue-files.ts';
import { stack } from '../../support/clients.ts';

const TSX = path.join(ROOT, 'node_modules/.bin/tsx');

let tmp: string;
/** a public/ folder holding a copy of the shipped (drawn) catalogue */
let publicDir: string;
let catalogueDir: string;
let out: string;

/** The environment of a shell with neither a FASHN key nor a FASHN address. */
function bareEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env = { ...process.env, ...extra };
  for (const k of ['FASHN_API_KEY', 'FASHN_API_URL', 'LOCAL_FASHN_KEY', 'GENERATION_PROVIDER'])
    if (!(k in extra)) delete env[k];
  return env;
}

function create(args: string[], env: NodeJS.ProcessEnv) {
  return new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
    execFile(
      TSX,
      ['scripts/catalogue/create.ts', ...args],
      { cwd: ROOT, env, timeout: 240_000 },
      (err, stdout, stderr) => {
        const code = err ? (typeof err.code === 'number' ? err.code : 1) : 0;
        resolve({ code, stdout, stderr });
      },
    );
  });
}

const sources = (): Record<string, string> =>
  JSON.parse(readFileSync(path.join(catalogueDir, 'sources.json'), 'utf8')).files;

beforeAll(async () => {
  tmp = await mkdtemp(path.join(os.tmpdir(), 'catalogue-create-'));
  publicDir = path.join(tmp, 'public');
  catalogueDir = path.join(publicDir, 'catalogue');
  out = path.join(tmp, 'out');
  await cp(CATALOGUE_DIR, catalogueDir, { recursive: true });
});
afterAll(() => rm(tmp, { recursive: true, force: true }));

describe('npm run catalogue:create', () => {
  it('with no key and no local address says what it needs, exits 2 and makes nothing', async () => {
    const r = await create(['--models', 'sofia', '--out', out], bareEnv());
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(NO_PROVIDER_MESSAGE);
    expect(existsSync(out)).toBe(false);
  });

  it('makes one model on /_dev/fashn in three views with a contact sheet, resumes, and imports', async () => {
    const env = bareEnv({ FASHN_API_URL: `${stack().url}/_dev/fashn` });
    const args = ['--models', 'sofia', '--out', out, '--catalogue', catalogueDir];
    const before = await readFile(path.join(catalogueDir, 'models/sofia/01.webp'));
    const r = await create(args, env);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('3 views: 3 to make, 0 already made');

    // three views, each a 1024x1536 PNG of the local renderer, three different pictures
    const views = ['01', '02', '03'].map((n) => path.join(out, 'catalogue/models/sofia', `${n}.png`));
    const bytes = await Promise.all(views.map((f) => readFile(f)));
    for (const b of bytes) {
      expect(await sharp(b).metadata()).toMatchObject({ format: 'png', width: 1024, height: 1536 });
      expect(readPngText(b)['drape:renderer']).toBe('drape-local-preview');
    }
    expect(new Set(bytes.map((b) => b.toString('base64'))).size).toBe(3);
    // sofia is the women's default figure: her views are the pose cards
    expect(await readFile(path.join(out, 'catalogue/poses/women/back-view.png'))).toEqual(bytes[1]);
    expect(existsSync(path.join(out, 'catalogue/poses/men'))).toBe(false);

    // the contact sheet: the three views side by side, named
    const sheet = await sharp(path.join(out, 'sheets/sofia.png')).metadata();
    expect(sheet).toMatchObject({ format: 'png', width: 1504, height: 846 });

    // the manifest records each view with the request it answered
    const manifest = JSON.parse(await readFile(path.join(out, 'manifest.json'), 'utf8'));
    expect(Object.keys(manifest.views).sort()).toEqual(['sofia/back', 'sofia/front', 'sofia/side']);
    expect(manifest.views['sofia/back']).toMatchObject({
      file: 'catalogue/models/sofia/02.png',
      api: `${stack().url}/_dev/fashn`,
      prediction: expect.any(String),
    });

    // imported through catalogue:import --partial: sofia and the women's poses replaced, marked as
    // local previews; the catalogue the database names is complete
    const after = await readFile(path.join(catalogueDir, 'models/sofia/01.webp'));
    expect(after.equals(before)).toBe(false);
    expect(sources()).toMatchObject({
      'models/sofia/01.webp': 'local-preview',
      'models/sofia/03.webp': 'local-preview',
      'poses/women/side-view.webp': 'local-preview',
      'models/elena/01.webp': 'drawn',
      'poses/men/front-view.webp': 'drawn',
    });
    expect(catalogueFileProblems(publicDir, await catalogueMedia())).toEqual([]);

    // again: nothing asked of FASHN, nothing rewritten
    const mtimes = views.map((f) => statSync(f).mtimeMs);
    const again = await create([...args, '--no-import'], env);
    expect(again.code).toBe(0);
    expect(again.stdout).toContain('3 views: 0 to make, 3 already made');
    expect(again.stdout).not.toContain('made sofia');
    expect(again.stdout).toContain(
      `npm run catalogue:import -- ${out}/catalogue --partial --dest ${catalogueDir}`,
    );
    expect(views.map((f) => statSync(f).mtimeMs)).toEqual(mtimes);
    expect(JSON.parse(await readFile(path.join(out, 'manifest.json'), 'utf8'))).toEqual(manifest);
  }, 300_000);
});

describe('the health check with FASHN and the drawn catalogue', () => {
  let own: OwnStack;
  let app: http.Server;

  beforeAll(async () => {
    // the app's address, serving the copy of the catalogue
    app = http.createServer((req, res) => {
      const file = path.join(publicDir, decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname));
      if (!file.startsWith(`${catalogueDir}${path.sep}`) || !existsSync(file)) {
        res.writeHead(404).end();
        return;
      }
      res.writeHead(200).end(readFileSync(file));
    });
    await new Promise<void>((r) => app.listen(0, '127.0.0.1', r));
    Object.assign(process.env, {
      GENERATION_PROVIDER: 'fashn',
      FASHN_API_KEY: 'fa-test-key',
      CATALOGUE_BASE_URL: `http://127.0.0.1:${(app.address() as AddressInfo).port}`,
      GENERATION_DISPATCH: 'off',
    });
    own = await startOwnStack();
  }, 180_000);
  afterAll(async () => {
    await own?.close();
    await new Promise((r) => app?.close(r));
  });

  const artCheck = async () => {
    const report = await fetchHealth(own.url, own.stack.keys.serviceRole);
    return report.functions?.find((c) => c.name === 'catalogue_art');
  };

  it('warns while model pictures are drawn or local previews, and not after photos are imported', async () => {
    // the catalogue as it ships, with sofia's local previews imported by the test above
    expect(sources()['models/sofia/01.webp']).toBe('local-preview');
    const drawn = await artCheck();
    expect(drawn).toMatchObject({ ok: false });
    expect(drawn?.detail).toContain('45 of 45 model pictures are the drawn demo art or local previews');

    // photos of every model, imported as an operator would (catalogue:import --partial)
    const photos = path.join(tmp, 'photos');
    for (const [i, p] of CATALOGUE_PEOPLE.entries())
      for (const n of ['01', '02', '03']) {
        const file = path.join(photos, 'models', p.slug, `${n}.jpg`);
        await mkdir(path.dirname(file), { recursive: true });
        await writeFile(
          file,
          await sharp({
            create: {
              width: 600,
              height: 900,
              channels: 3,
              background: `hsl(${i * 20},35%,${50 + Number(n) * 5}%)`,
            },
          })
            .jpeg()
            .toBuffer(),
        );
      }
    const quickClip = async () => Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x42, 0x86, 0x81, 0x01]);
    const report = await importCatalogue(photos, { dest: catalogueDir, partial: true, makeClip: quickClip });
    expect(report.errors).toEqual([]);
    expect(await artCheck()).toEqual({
      name: 'catalogue_art',
      ok: true,
      detail: 'all 45 model pictures are photos',
    });
  }, 180_000);
});
