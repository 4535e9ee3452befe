// npm run catalogue:create, the work: each planned view asked of FASHN through its official SDK
// (model-create; the back and side views with the front as face reference, sent as a data: URL so
// a resumed run needs no expired link), saved in the import layout and recorded in manifest.json
// as soon as it is made; the pose cards copied from the default figures; a contact sheet per
// model; then the existing catalogue:import path (models and poses, --partial).
import { existsSync } from 'node:fs';
import { copyFile, mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import Fashn from 'fashn';
import sharp, { type OverlayOptions } from 'sharp';
import {
  type ModelCreateInputs,
  modelCreateRequest,
} from '../../supabase/functions/_shared/providers/fashn-extras.ts';
import { personWords } from '../../supabase/functions/_shared/providers/person.ts';
import {
  type CreateConfig,
  creditsFor,
  emptyManifest,
  FACE_REFERENCE_PENDING,
  IMPORT_FOLDER,
  importCommand,
  type Manifest,
  planViews,
  poseExamples,
  VIEWS,
  type ViewTask,
  viewFile,
} from './create-plan.ts';
import { formatReport, type ImportReport, importCatalogue } from './import.ts';
import type { CataloguePerson } from './people.ts';

export const MANIFEST_FILE = 'manifest.json';
export const SHEETS_FOLDER = 'sheets';

export interface CreateResult {
  made: string[];
  reused: string[];
  failed: { key: string; message: string }[];
  sheets: string[];
  imported: ImportReport | null;
  importCommand: string;
}

export async function readManifest(outDir: string): Promise<Manifest> {
  try {
    const m = JSON.parse(await readFile(path.join(outDir, MANIFEST_FILE), 'utf8')) as Manifest;
    return m?.version === 1 && m.views ? m : emptyManifest();
  } catch {
    return emptyManifest();
  }
}

async function writeManifest(outDir: string, m: Manifest): Promise<void> {
  const file = path.join(outDir, MANIFEST_FILE);
  await writeFile(`${file}.tmp`, `${JSON.stringify(m, null, 2)}\n`);
  await rename(`${file}.tmp`, file);
}

async function download(url: string): Promise<Buffer> {
  if (url.startsWith('data:')) return Buffer.from(url.slice(url.indexOf(',') + 1), 'base64');
  const res = await fetch(url, { signal: AbortSignal.timeout(60_000) });
  if (!res.ok) throw new Error(`fetching the result answered ${res.status}`);
  return Buffer.from(await res.arrayBuffer());
}

/** Runs fn over items, at most n at once. */
async function pool<T>(items: readonly T[], n: number, fn: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await fn(items[next++]);
  };
  await Promise.all(Array.from({ length: Math.min(n, items.length) }, worker));
}

export async function createCatalogue(
  config: CreateConfig,
  log: (line: string) => void = console.log,
): Promise<CreateResult> {
  const { outDir, provider } = config;
  await mkdir(outDir, { recursive: true });
  const manifest = await readManifest(outDir);
  const plan = planViews(config.people, provider.baseUrl, manifest, (f) => existsSync(path.join(outDir, f)));
  const where = provider.local ? `the local preview renderer at ${provider.baseUrl}` : provider.baseUrl;
  log(
    `${config.people.length} model(s), ${plan.todo.length + plan.done.length} views: ${plan.todo.length} to make, ${plan.done.length} already made (${path.join(outDir, MANIFEST_FILE)}), with ${where}`,
  );
  if (!provider.local && plan.todo.length > 0)
    log(
      `FASHN bills about ${creditsFor(plan.todo)} credits for them (1 a front view, 4 a view with a face reference)`,
    );

  const client = new Fashn({
    apiKey: provider.apiKey,
    baseURL: provider.baseUrl,
    // a /run sent twice could start (and bill) two predictions: no retries of a call
    maxRetries: 0,
    timeout: 60_000,
    logLevel: 'off',
  });
  const result: CreateResult = {
    made: [],
    reused: plan.done.map((t) => t.key),
    failed: [],
    sheets: [],
    imported: null,
    importCommand: importCommand(config),
  };
  let saving = Promise.resolve();
  const record = (task: ViewTask, prediction: string | null, credits: number | null) => {
    manifest.views[task.key] = {
      file: task.file,
      request: task.fingerprint,
      api: provider.baseUrl,
      prediction,
      credits,
      made_at: new Date().toISOString(),
    };
    saving = saving.then(() => writeManifest(outDir, manifest));
    return saving;
  };

  async function make(task: ViewTask): Promise<boolean> {
    const inputs: ModelCreateInputs = { ...task.request.inputs };
    try {
      if (inputs.face_reference === FACE_REFERENCE_PENDING) {
        const front = await readFile(path.join(outDir, viewFile(task.person.slug, 'front')));
        inputs.face_reference = `data:image/png;base64,${front.toString('base64')}`;
      }
      const answer = await client.predictions.subscribe({
        ...modelCreateRequest(inputs),
        pollInterval: provider.local ? 200 : 2_000,
        timeout: 600_000,
      });
      const url = answer.status === 'completed' ? answer.output?.[0] : undefined;
      if (!url) {
        const e = answer.error;
        throw new Error(e ? `${e.name}: ${e.message}` : `the prediction ended ${answer.status}`);
      }
      const bytes = await download(url);
      const file = path.join(outDir, task.file);
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(file, bytes);
      await record(task, answer.id ?? null, answer.creditsUsed ?? null);
      result.made.push(task.key);
      log(`  made ${task.key}`);
      return true;
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      result.failed.push({ key: task.key, message });
      log(`  ✗ ${task.key}: ${message}`);
      return false;
    }
  }

  await pool(config.people, config.concurrency, async (person) => {
    const tasks = plan.todo.filter((t) => t.person.slug === person.slug);
    const front = tasks.find((t) => t.view === 'front');
    if (front && !(await make(front))) {
      for (const t of tasks)
        if (t !== front) result.failed.push({ key: t.key, message: 'not made: its front view failed' });
      return;
    }
    await Promise.all(tasks.filter((t) => t !== front).map(make));
  });
  await saving;

  const failed = new Set(result.failed.map((f) => f.key));
  const complete = (p: CataloguePerson) =>
    VIEWS.every((v) => !failed.has(`${p.slug}/${v}`) && existsSync(path.join(outDir, viewFile(p.slug, v))));
  for (const pose of poseExamples(config.people.filter(complete))) {
    await mkdir(path.dirname(path.join(outDir, pose.to)), { recursive: true });
    await copyFile(path.join(outDir, pose.from), path.join(outDir, pose.to));
  }
  for (const person of config.people.filter(complete)) result.sheets.push(await contactSheet(outDir, person));
  log(`contact sheets: ${path.join(outDir, SHEETS_FOLDER)} (${result.sheets.length})`);

  if (result.failed.length > 0) {
    log(
      `${result.failed.length} view(s) not made; the ${result.made.length + result.reused.length} made are kept: run the same command again to make the rest. Nothing was imported.`,
    );
    return result;
  }
  if (!config.importAfter) {
    log(`Review the contact sheets, then import:\n  ${result.importCommand}`);
    return result;
  }
  const folder = path.join(outDir, IMPORT_FOLDER);
  const opts = { partial: true, dest: config.catalogueDir };
  result.imported = await importCatalogue(folder, opts);
  log(formatReport(result.imported, folder, opts));
  if (provider.local)
    log('These are drawn previews (the local renderer): the health check still names them with FASHN.');
  return result;
}

const esc = (s: string) => s.replace(/[<>&"]/g, '');

/** sheets/<slug>.png: the three views side by side, named, with the words they were made from. */
export async function contactSheet(outDir: string, person: CataloguePerson): Promise<string> {
  const W = 480;
  const H = 720;
  const GAP = 16;
  const HEAD = 76;
  const LABEL = 34;
  const width = GAP + VIEWS.length * (W + GAP);
  const height = HEAD + H + LABEL + GAP;
  const layers: OverlayOptions[] = [
    {
      input: Buffer.from(
        `<svg width="${width}" height="${HEAD}"><text x="${GAP}" y="34" font-family="sans-serif" font-size="26" font-weight="700" fill="#2f2b28">${esc(person.name)} (${person.slug}, id ${person.id})</text><text x="${GAP}" y="62" font-family="sans-serif" font-size="16" fill="#5a544e">${esc(personWords(person))}${person.details ? `, ${esc(person.details)}` : ''} · seed ${person.seed}</text></svg>`,
      ),
      left: 0,
      top: 0,
    },
  ];
  for (const [i, view] of VIEWS.entries()) {
    const x = GAP + i * (W + GAP);
    const picture = await sharp(path.join(outDir, viewFile(person.slug, view)))
      .resize(W, H, { fit: 'cover' })
      .png()
      .toBuffer();
    layers.push({ input: picture, left: x, top: HEAD });
    layers.push({
      input: Buffer.from(
        `<svg width="${W}" height="${LABEL}"><text x="2" y="24" font-family="sans-serif" font-size="18" fill="#3a3632">0${i + 1} ${view}</text></svg>`,
      ),
      left: x,
      top: HEAD + H,
    });
  }
  const file = path.join(outDir, SHEETS_FOLDER, `${person.slug}.png`);
  await mkdir(path.dirname(file), { recursive: true });
  await sharp({ create: { width, height, channels: 4, background: '#faf8f5' } })
    .composite(layers)
    .png()
    .toFile(file);
  return file;
}
