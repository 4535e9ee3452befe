// What `npm run catalogue:create` has to do, before anything is paid for: which FASHN to ask (the
// API with FASHN_API_KEY, or the local stack's /_dev/fashn), which views of which models to make,
// and which are already made (manifest.json in the output folder), so a run that stopped half-way
// is resumed without paying twice. The requests are the Custom Model Creator's own
// (modelViewRequest in _shared/providers/fashn.ts): model-create for the front view, then the back
// and side views with the front as face reference.
import { createHash } from 'node:crypto';
import path from 'node:path';
import { modelViewRequest } from '../../supabase/functions/_shared/providers/fashn.ts';
import type { ModelView } from '../../supabase/functions/_shared/providers/person.ts';
import { defaultFigureSlug } from '../../supabase/local/catalogue-art/index.ts';
import { isLoopbackUrl } from '../../supabase/functions/_shared/health/secrets.ts';
import { CATALOGUE_DIR, GENDERS, POSE_SLUGS } from './layout.ts';
import { CATALOGUE_PEOPLE, type CataloguePerson } from './people.ts';

/** The views in catalogue order: gallery image N is pose N (01 front, 02 back, 03 side). */
export const VIEWS: readonly ModelView[] = ['front', 'back', 'side'];

export const FASHN_API_DEFAULT = 'https://api.fashn.ai';
export const LOCAL_KEY_DEFAULT = 'local';
/** Stands for the front view in a back or side request until it is made (a data: URL then). */
export const FACE_REFERENCE_PENDING = 'front-view';
/** FASHN's price of a model-create image: 1 credit, 4 with a face reference (docs/providers.md). */
export const FASHN_CREDITS = { front: 1, withFace: 4 } as const;

export interface Provider {
  baseUrl: string;
  apiKey: string;
  /** the local stack's preview renderer: drawings, not photos */
  local: boolean;
}

export interface CreateConfig {
  provider: Provider;
  /** where the views, contact sheets and manifest.json go */
  outDir: string;
  /** the catalogue the import replaces (public/catalogue) */
  catalogueDir: string;
  people: readonly CataloguePerson[];
  /** import when done (else print the command) */
  importAfter: boolean;
  /** models made at once */
  concurrency: number;
}

export const NO_PROVIDER_MESSAGE = [
  'catalogue:create makes the 15 catalogue models with FASHN and needs one of:',
  '  FASHN_API_KEY=…   your FASHN API key (app.fashn.ai → API keys): real photos, about 135 FASHN credits',
  '                    for all 15 models (FASHN_API_URL for another address than https://api.fashn.ai)',
  '  --local           the local stack (npm start) at /_dev/fashn: drawn previews, no key, to try it out',
  '                    (or FASHN_API_URL=http://127.0.0.1:<port>/_dev/fashn for a stack on another port)',
  'Nothing was made.',
].join('\n');

export const USAGE =
  'usage: npm run catalogue:create -- [--models sofia,nikos] [--out catalogue-created] [--no-import]\n' +
  '       [--local] [--catalogue public/catalogue] [--concurrency 3]   (docs/catalogue.md)';

/** Which FASHN to ask, from the environment and --local, or why there is none. */
export function resolveProvider(
  env: Record<string, string | undefined>,
  opts: { local?: boolean; localPort?: number } = {},
): Provider | { error: string } {
  const key = env.FASHN_API_KEY?.trim();
  const url = env.FASHN_API_URL?.trim();
  if (opts.local) {
    const baseUrl = `http://127.0.0.1:${opts.localPort ?? 54321}/_dev/fashn`;
    return { baseUrl, apiKey: env.LOCAL_FASHN_KEY?.trim() || LOCAL_KEY_DEFAULT, local: true };
  }
  if (url && isLoopbackUrl(url) && /\/_dev\/fashn\/?$/.test(url))
    return {
      baseUrl: url.replace(/\/+$/, ''),
      apiKey: key || env.LOCAL_FASHN_KEY?.trim() || LOCAL_KEY_DEFAULT,
      local: true,
    };
  if (!key) return { error: NO_PROVIDER_MESSAGE };
  return { baseUrl: (url || FASHN_API_DEFAULT).replace(/\/+$/, ''), apiKey: key, local: false };
}

/** The command line as a configuration, or what is wrong with it. */
export function parseArgs(
  argv: readonly string[],
  env: Record<string, string | undefined>,
  opts: { localPort?: number; cwd?: string } = {},
): CreateConfig | { error: string } {
  const args = argv.filter((a) => a !== '--');
  const known = ['--models', '--out', '--catalogue', '--concurrency', '--no-import', '--local'];
  const takesValue = new Set(['--models', '--out', '--catalogue', '--concurrency']);
  const values = new Map<string, string>();
  for (let i = 0; i < args.length; i++) {
    const a = args[i];
    if (!known.includes(a)) return { error: `unknown argument ${a}\n${USAGE}` };
    if (takesValue.has(a)) {
      const v = args[++i];
      if (v === undefined || v.startsWith('--')) return { error: `${a} needs a value\n${USAGE}` };
      values.set(a, v);
    } else values.set(a, '');
  }
  const cwd = opts.cwd ?? process.cwd();
  let people: readonly CataloguePerson[] = CATALOGUE_PEOPLE;
  const only = values.get('--models');
  if (only !== undefined) {
    const slugs = only
      .split(',')
      .map((s) => s.trim().toLowerCase())
      .filter(Boolean);
    const unknown = slugs.filter((s) => !CATALOGUE_PEOPLE.some((p) => p.slug === s));
    if (unknown.length > 0 || slugs.length === 0)
      return {
        error: `--models takes catalogue model slugs (${CATALOGUE_PEOPLE.map((p) => p.slug).join(', ')}); not: ${unknown.join(', ') || '(none given)'}`,
      };
    people = CATALOGUE_PEOPLE.filter((p) => slugs.includes(p.slug));
  }
  const concurrency = Number(values.get('--concurrency') ?? 3);
  if (!Number.isInteger(concurrency) || concurrency < 1 || concurrency > 15)
    return { error: '--concurrency takes a whole number from 1 to 15' };
  const provider = resolveProvider(env, { local: values.has('--local'), localPort: opts.localPort });
  if ('error' in provider) return provider;
  return {
    provider,
    outDir: path.resolve(cwd, values.get('--out') ?? 'catalogue-created'),
    catalogueDir: path.resolve(cwd, values.get('--catalogue') ?? CATALOGUE_DIR),
    people,
    importAfter: !values.has('--no-import'),
    concurrency,
  };
}

/** One view made: where it is and what was asked for it. */
export interface ManifestView {
  /** relative to the output folder */
  file: string;
  /** the request's fingerprint (the API, the request, and for back and side the front's) */
  request: string;
  api: string;
  prediction: string | null;
  credits: number | null;
  made_at: string;
}

export interface Manifest {
  version: 1;
  /** `<slug>/<view>` → the view made */
  views: Record<string, ManifestView>;
}

export const emptyManifest = (): Manifest => ({ version: 1, views: {} });

export interface ViewTask {
  person: CataloguePerson;
  view: ModelView;
  /** `<slug>/<view>` */
  key: string;
  /** relative to the output folder: catalogue/models/<slug>/0N.png, the import's layout */
  file: string;
  /** the Creator's request; a back or side view's face_reference is FACE_REFERENCE_PENDING */
  request: ReturnType<typeof modelViewRequest>;
  fingerprint: string;
  /** the front view's key (back and side) */
  after: string | null;
}

/** The import folder inside the output folder (manifest and sheets stay out of it). */
export const IMPORT_FOLDER = 'catalogue';

export const viewFile = (slug: string, view: ModelView) =>
  `${IMPORT_FOLDER}/models/${slug}/0${VIEWS.indexOf(view) + 1}.png`;

function requestFor(person: CataloguePerson, view: ModelView): ReturnType<typeof modelViewRequest> {
  return modelViewRequest(
    {
      kind: 'tool',
      job_id: `catalogue-${person.slug}-${view}`,
      user_id: 'catalogue',
      tool: 'model-creator',
      attempt: 1,
      input_path: '',
      email: null,
      provider_job_id: null,
      seller_model: { ...person, id: person.slug, view },
    },
    { faceReferenceUrl: view === 'front' ? null : FACE_REFERENCE_PENDING, callbackUrl: null },
  );
}

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

/**
 * Every view of every person, split into what is still to make and what the manifest says is
 * made (same API, same request, the file still there). A front view made again takes its back
 * and side views with it: their face reference is that front.
 */
export function planViews(
  people: readonly CataloguePerson[],
  api: string,
  manifest: Manifest,
  exists: (file: string) => boolean,
): { todo: ViewTask[]; done: ViewTask[] } {
  const todo: ViewTask[] = [];
  const done: ViewTask[] = [];
  for (const person of people) {
    const front = `${person.slug}/front`;
    let frontFingerprint = '';
    let frontTodo = false;
    for (const view of VIEWS) {
      const request = requestFor(person, view);
      const key = `${person.slug}/${view}`;
      const fingerprint = sha256(
        JSON.stringify({ api, request, front: view === 'front' ? null : frontFingerprint }),
      );
      const task: ViewTask = {
        person,
        view,
        key,
        file: viewFile(person.slug, view),
        request,
        fingerprint,
        after: view === 'front' ? null : front,
      };
      const made = manifest.views[key];
      const isDone: boolean =
        made?.request === fingerprint && exists(task.file) && !(view !== 'front' && frontTodo);
      if (view === 'front') {
        frontFingerprint = fingerprint;
        frontTodo = !isDone;
      }
      (isDone ? done : todo).push(task);
    }
  }
  return { todo, done };
}

/** What FASHN bills for these views (1 credit a front view, 4 a view with a face reference). */
export const creditsFor = (tasks: readonly ViewTask[]) =>
  tasks.reduce((n, t) => n + (t.view === 'front' ? FASHN_CREDITS.front : FASHN_CREDITS.withFace), 0);

/**
 * The pose cards: each gender's default figure (sofia, nikos, as in the drawn catalogue) in the
 * three views, copied, not made again. Only for the genders whose default figure is being made.
 */
export function poseExamples(people: readonly CataloguePerson[]): { from: string; to: string }[] {
  const out: { from: string; to: string }[] = [];
  for (const gender of GENDERS) {
    const slug = defaultFigureSlug(gender);
    if (!people.some((p) => p.slug === slug)) continue;
    for (const [i, pose] of POSE_SLUGS.entries())
      out.push({ from: viewFile(slug, VIEWS[i]), to: `${IMPORT_FOLDER}/poses/${gender}/${pose}.png` });
  }
  return out;
}

/** A path as typed in the working folder: relative inside it, absolute outside. */
const shown = (p: string, cwd: string) => {
  const rel = path.relative(cwd, p);
  return rel === '' ? '.' : rel.startsWith('..') || path.isAbsolute(rel) ? p : rel;
};

/** The command that imports the output folder (models and poses only: the rest is kept). */
export function importCommand(config: Pick<CreateConfig, 'outDir' | 'catalogueDir'>, cwd = process.cwd()) {
  const folder = shown(path.join(config.outDir, IMPORT_FOLDER), cwd);
  const dest =
    path.resolve(config.catalogueDir) === CATALOGUE_DIR ? '' : ` --dest ${shown(config.catalogueDir, cwd)}`;
  return `npm run catalogue:import -- ${folder} --partial${dest}`;
}
