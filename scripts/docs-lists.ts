// npm run docs:lists: writes the parts of README.md and docs/ that name what is in the tree, so
// they cannot drift from it. `npm run docs:lists -- --check` (a step of npm test, and a unit
// test) changes nothing and fails when a file differs from what this writes.
//
//   benches    README.md, Benchmarks: every bench/<name>.bench.ts
//   features   docs/architecture.md: every src/features/<name>/
//   functions  docs/architecture.md: every supabase/functions/<name>/index.ts
//   defined-in wherever a document names the schema file that defines an SQL function:
//              <!-- docs:defined-in complete_fix -->`…`<!-- /docs:defined-in -->
//
// A list sits between `<!-- docs:list NAME … -->` and `<!-- /docs:list NAME -->`. The words
// for each entry are the tables below: a new bench, feature or function fails the check until
// it is described here, and an entry that no longer exists fails it too.
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const BENCHES: Record<string, string> = {
  'rest-projects':
    "a seller's 50 newest projects with 4 images each through `/rest/v1` vs the same SQL run directly, at 1 and 50 clients, PGlite and PostgreSQL.",
  'realtime-latency': 'committed UPDATE → client callback, p50/p99 with 1 and 200 subscribers.',
  'storage-throughput': '5 MB upload and download through the stack vs the file system.',
  'domain-money': 'the cost of each credit-moving SQL function.',
  'app-initial-load': 'JS and CSS (gzip) that /login and /home load in Chromium.',
  'app-first-screen':
    "/login and a signed-in /home on an emulated phone (4× CPU, 1.6 Mbps, 150 ms): first, repeat and third visit, largest paint, blocking time after the first paint (as the emulation observes it), JS/CSS gzip, against the targets (first visit ≤ 2.5 s, repeat ≤ 0.8 s, blocking ≤ 200 ms, initial JS on /login ≤ 150 KiB). Its sellers are returning sellers (language already recorded), as are Lighthouse's.",
  lighthouse:
    "Lighthouse 12.2.3 mobile (performance) on /login, a signed-in /home and /projects with 30 projects, median of 3 fresh profiles (`RUNS=5` for 5), against the targets (score ≥ 90, total blocking time ≤ 200 ms), the app and the API over HTTPS with HTTP/2 as in production (`BENCH_HTTPS=0`: plain HTTP/1.1 as `npm start` serves them; any app bench takes `BENCH_HTTPS=1`); `BENCH_FILES=1` adds the main-thread breakdown and long tasks, `PAGES=/home,/projects` measures only those pages, `LHR_DIR=<dir>` keeps each run's whole report, `BENCH_LANTERN=1` prints the requests the simulated largest paint waited for. The app benches wait until the server has compressed the build before measuring.",
  'projects-list':
    '/projects with 300 projects on a phone and a desktop: first card, the image bytes of the first screen, search time, scroll frame times.',
  'projects-return':
    "a seller opening /projects again on an emulated phone: when the screen's thumbnails appear and the image bytes that came over the network, on the first visit, the next two and one offline.",
  'wizard-photo':
    "a 12 MP JPEG and a 12 MP HEIC prepared in the wizard: time, longest main-thread task, bytes stored, the wizard's and the HEIC worker's JavaScript.",
  tools: 'the photo combiner and the background remover in Chromium as a seller uses them.',
  enhancer:
    "the Image Enhancer against a plain resize: product photos (`bench/enhancer/`) shrunk 2× and 4× and enlarged back, PSNR and SSIM of the model and of Lanczos plus sharpening against the original; then a 1024×1536 photo enhanced 2× on the real page in Chromium, on a desktop and a 4×-throttled phone: time and the tab's peak memory.",
  batch:
    "the Batch Processor on an emulated phone link (1.6 Mbps / 750 kbps): 20 phone photos of 12 MP (knit and denim) from selection to all stored (bytes, seconds) and to all results (local renderer), the tab's peak JS heap, the stored photos' PSNR/SSIM against 2048 px at quality 0.9 and of their preview results; and fairness: another seller's single generation alone and right after a 50-photo batch.",
  'upload-size':
    "what a product photo costs to send and loses (Node, sharp as Chromium's encoder): 12 MP phone photos of knit and denim prepared with byte budgets, fixed qualities, 1536 px and WebP — bytes, seconds for 20 at 750 kbps, PSNR/SSIM against 2048 px at quality 0.9 and of the local renderer's results.",
  dispatch:
    "the generation engine's overhead per job (render excluded, step by step) and its throughput with several sellers.",
  'local-renderer':
    "the local preview renderer's milliseconds per result (on-model, flat-lay, background removal, clips), on the main thread and on a worker thread.",
  'local-renderer-responsiveness':
    'REST and auth latency on the stack, idle and while clips and images render, renderer on the main thread vs on worker threads.',
  'stripe-payments':
    'checkout, payment to credits and webhook handling through the real functions and the Stripe stand-in.',
  'watermark-backfill':
    'a seller whose paid plan ends on free: one watermarked copy of a 1024×1536 result in process, and the time from the switch to the last copy of 24 images through dispatch, PGlite and PostgreSQL.',
  'web-push':
    'a finished project to every push received and decrypted, with 1 and 10 devices, and the cost of making one push.',
  'web-push-flood':
    "one seller saving 1,000 devices (how many are kept, and the connections one finished project then opens), and how long another seller's push waits while one seller's 8 push services take the push and never answer.",
  'stripe-reconcile':
    "renewals paid at the Stripe stand-in whose webhooks were lost, reconciled by `stripe-reconcile` runs: wall time per run and per subscription, an idle run, the schedulers' due check, PGlite or PostgreSQL (`BENCH_DATABASE_URL`).",
};

const FEATURES: Record<string, string> = {
  auth: 'sign-up, sign-in, password reset, guards',
  batch: 'the Batch Processor (/tools/batch, Advanced): up to 50 photos with one set of choices',
  billing: 'pricing, credit packs, downgrades, the return from checkout, history',
  create: 'the choice of shoot (with the content guidelines and the photo tips)',
  dashboard: '/home: credits, project figures, recent activity',
  guidelines: 'the content guidelines page',
  i18n: 'the language switch',
  models:
    "a seller's saved models: their data (only the usable ones for the model steps), the Creator and My models (rename, delete)",
  notifications: 'bell, project toasts, Web Push subscription',
  operator: 'the operator console (/operator): fix queue, credit grants, inbox, work and health',
  profile: "the seller's profile (data and hooks, no screen of its own)",
  projects: 'the projects list, archive, fix requests, project detail, downloads, delete',
  pwa: "the service worker's registration and the update prompt",
  settings: 'account, billing, language, notifications, password, profile, cancelling',
  shell: 'layout, navigation',
  subscription: 'plan, credits, low-credit prompt',
  support: 'feedback, contact',
  tools:
    'background remover, photo combiner, image enhancer (on the device), the Custom Model Creator screen (/tools/model-creator)',
  video: 'a video from a finished project (Advanced)',
  wizard: 'the upload, model (My models first), pose, background and summary steps, drafts in Dexie',
};

const FUNCTIONS: Record<string, string> = {
  'billing-portal': 'a Stripe customer portal session for the signed-in seller',
  'cancel-subscription': "the seller's plan ends at the period end",
  'change-plan': 'schedules a downgrade for the next renewal, or takes it back',
  'create-credit-checkout': 'a Stripe Checkout session for a credit pack',
  'delete-project': 'a project and every stored file ([below](#deleting-a-project))',
  dispatch: 'one run of the generation engine (service role; [providers.md](providers.md))',
  health:
    "what the deployment lacks: `public.deploy_health()` and the functions' secrets (service role or an operator)",
  'operator-answer-fix': 'an operator answers a fix with a PNG (stored with its watermarked copy)',
  'operator-ai-fix':
    "an operator tries a fix with FASHN's edit model (the drawing as the mask), then sends or discards the picture",
  'projects-first-screen':
    "/projects' first read: the active projects with the first cards' pictures signed at the size asked for, in one round trip",
  'provider-callback': "where a generation provider posts a job's outcome (HMAC-signed URL, no JWT)",
  'push-key': 'the VAPID public key the app subscribes to Web Push with',
  'send-notice': 'posts stored notices to their webhooks',
  'send-push': 'sends the Web Push messages that are due (service role)',
  'stripe-checkout': 'a Stripe Checkout session for a plan',
  'stripe-reconcile': 'asks Stripe about renewals whose webhook never arrived (service role)',
  'stripe-webhook': 'applies the events Stripe delivers (signature-checked, no JWT)',
};

interface ListSpec {
  name: string;
  file: string;
  /** what is in the tree, sorted */
  items: (root: string) => string[];
  describe: Record<string, string>;
  table: string;
  where: string;
  render: (items: [string, string][]) => string;
}

/**
 * `- ` + text wrapped at 96 columns, continuation lines indented under the text; a number
 * stays on the line of the word after it (150 ms, 12 MP).
 */
function bullet(indent: string, text: string): string {
  const lines: string[][] = [[]];
  let width = indent.length + 1;
  for (const word of text.split(' ')) {
    const line = lines[lines.length - 1];
    if (width + 1 + word.length > 96 && line.length > 0) {
      const carried = /^[\d.,]+$/.test(line[line.length - 1]) && line.length > 1 ? [line.pop() ?? ''] : [];
      lines.push([...carried, word]);
      width = indent.length + 1 + [...carried, word].reduce((n, w) => n + 1 + w.length, 0);
    } else {
      line.push(word);
      width += 1 + word.length;
    }
  }
  return lines.map((words, i) => `${indent}${i === 0 ? '-' : ' '} ${words.join(' ')}`).join('\n');
}

const dirs = (dir: string) =>
  readdirSync(dir)
    .filter((name) => statSync(path.join(dir, name)).isDirectory())
    .sort();

export const LISTS: ListSpec[] = [
  {
    name: 'benches',
    file: 'README.md',
    items: (root) =>
      readdirSync(path.join(root, 'bench'))
        .filter((f) => f.endsWith('.bench.ts'))
        .map((f) => f.slice(0, -'.bench.ts'.length))
        .sort(),
    describe: BENCHES,
    table: 'BENCHES',
    where: 'bench/<name>.bench.ts',
    render: (items) => items.map(([name, text]) => bullet('', `\`${name}\` — ${text}`)).join('\n'),
  },
  {
    name: 'features',
    file: 'docs/architecture.md',
    items: (root) => dirs(path.join(root, 'src/features')).filter((d) => d !== '__tests__'),
    describe: FEATURES,
    table: 'FEATURES',
    where: 'src/features/<name>/',
    render: (items) => items.map(([name, text]) => bullet('  ', `\`${name}\`: ${text}`)).join('\n'),
  },
  {
    name: 'functions',
    file: 'docs/architecture.md',
    items: (root) => {
      const dir = path.join(root, 'supabase/functions');
      return dirs(dir).filter((d) => !d.startsWith('_') && existsSync(path.join(dir, d, 'index.ts')));
    },
    describe: FUNCTIONS,
    table: 'FUNCTIONS',
    where: 'supabase/functions/<name>/index.ts',
    render: (items) => items.map(([name, text]) => bullet('  ', `\`${name}\`: ${text}`)).join('\n'),
  },
];

const SELF = 'scripts/docs-lists.ts';

/** The list's text, or the problems that keep it from being written. */
export function renderList(spec: ListSpec, items: string[]): { text: string; problems: string[] } {
  const problems = [
    ...items
      .filter((item) => !(item in spec.describe))
      .map((item) => `${spec.where.replace('<name>', item)}: not described in ${SELF} (${spec.table})`),
    ...Object.keys(spec.describe)
      .filter((item) => !items.includes(item))
      .map(
        (item) =>
          `${SELF} (${spec.table}) describes \`${item}\`, but ${spec.where.replace('<name>', item)} does not exist`,
      ),
  ];
  return { text: spec.render(items.map((item) => [item, spec.describe[item] ?? ''])), problems };
}

/** `doc` with the list between its markers replaced by `body`; null when the markers are missing. */
export function replaceList(doc: string, name: string, body: string): string | null {
  const list = new RegExp(
    `(<!-- docs:list ${name}\\b[^>]*-->\\n)(?:[\\s\\S]*?\\n)?([ \\t]*<!-- /docs:list ${name} -->)`,
  );
  if (!list.test(doc)) return null;
  return doc.replace(list, (_, open: string, close: string) => `${open}${body}\n${close}`);
}

/** The schema file that creates `public.<fn>(`, relative to the root (one, or the problem). */
export function definedIn(schemas: Map<string, string>, fn: string): string | { problem: string } {
  const create = new RegExp(`create\\s+(?:or\\s+replace\\s+)?function\\s+public\\.${fn}\\s*\\(`, 'i');
  const files = [...schemas].filter(([, sql]) => create.test(sql)).map(([file]) => file);
  if (files.length === 1) return files[0];
  return { problem: `public.${fn} is created in ${files.length ? files.join(', ') : 'no schema file'}` };
}

const DEFINED_IN = /(<!-- docs:defined-in (\w+) -->)[^<]*(<!-- \/docs:defined-in -->)/g;

/** Every document this script writes, as it should be; problems say what it cannot write. */
export function expectedDocs(root: string): { docs: Map<string, string>; problems: string[] } {
  const problems: string[] = [];
  const docs = new Map<string, string>();
  const read = (file: string) => docs.get(file) ?? readFileSync(path.join(root, file), 'utf8');
  for (const spec of LISTS) {
    const { text, problems: own } = renderList(spec, spec.items(root));
    problems.push(...own);
    const next = replaceList(read(spec.file), spec.name, text);
    if (next === null)
      problems.push(`${spec.file}: no <!-- docs:list ${spec.name} --> … <!-- /docs:list ${spec.name} -->`);
    else docs.set(spec.file, next);
  }
  const schemaDir = path.join(root, 'supabase/schemas');
  const schemas = new Map(
    readdirSync(schemaDir)
      .filter((f) => f.endsWith('.sql'))
      .map((f) => [`supabase/schemas/${f}`, readFileSync(path.join(schemaDir, f), 'utf8')]),
  );
  const documents = ['README.md', ...readdirSync(path.join(root, 'docs')).map((f) => `docs/${f}`)].filter(
    (f) => f.endsWith('.md'),
  );
  for (const file of documents) {
    const doc = read(file);
    if (!doc.includes('<!-- docs:defined-in')) continue;
    docs.set(
      file,
      doc.replace(DEFINED_IN, (all, open: string, fn: string, close: string) => {
        const where = definedIn(schemas, fn);
        if (typeof where === 'string') return `${open}\`${where}\`${close}`;
        problems.push(`${file}: ${where.problem}`);
        return all;
      }),
    );
  }
  return { docs, problems };
}

function main() {
  const root = path.resolve(import.meta.dirname, '..');
  const check = process.argv.includes('--check');
  const { docs, problems } = expectedDocs(root);
  const stale = [...docs].filter(([file, text]) => readFileSync(path.join(root, file), 'utf8') !== text);
  for (const p of problems) console.error(`✗ ${p}`);
  if (check) {
    for (const [file] of stale) console.error(`✗ ${file}: its generated lists differ (npm run docs:lists)`);
    if (problems.length || stale.length) process.exit(1);
    console.log('Generated lists in README.md and docs/ are up to date.');
    return;
  }
  if (problems.length) process.exit(1);
  for (const [file, text] of stale) writeFileSync(path.join(root, file), text);
  console.log(stale.length ? `Wrote ${stale.map(([f]) => f).join(', ')}.` : 'Nothing to write.');
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) main();
