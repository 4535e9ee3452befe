// npm run i18n:check (a step of npm test): the committed catalogues are exactly what
// `lingui extract --clean` makes from the code — a <Trans>, t`` or msg`` never extracted, or a
// message the code no longer uses, fails — and every message has a translation in every locale.
// Extracts into a temporary copy of the catalogues, so the working tree is never touched.
import { spawnSync } from 'node:child_process';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { getConfig } from '@lingui/conf';

const root = path.resolve(import.meta.dirname, '..');
// lingui.config.ts read as `lingui extract` reads it (not imported: the config uses
// scripts/i18n/, so an import back would make scripts/ and the config a circle)
const config = getConfig({ configPath: path.join(root, 'lingui.config.ts'), cwd: root });
const lingui = path.join(root, 'node_modules/.bin/lingui');
type Formatter = Exclude<typeof config.format, string | undefined>;
const isFormatter = (f: typeof config.format): f is Formatter => typeof f === 'object' && f !== null;
if (!isFormatter(config.format)) throw new Error('lingui.config.ts: expected a formatter object');
const formatter: Formatter = config.format;
const extension = formatter.catalogExtension;
const sourceLocale = config.sourceLocale ?? 'en';
const locales = config.locales;
const catalogs = config.catalogs ?? [];

const tmp = mkdtempSync(path.join(tmpdir(), 'drape-catalogues-'));
const committedFile = (catalog: number, locale: string) =>
  `${catalogs[catalog].path.replace('<rootDir>', root).replaceAll('{locale}', locale)}${extension}`;
const extractedFile = (catalog: number, locale: string) =>
  path.join(tmp, String(catalog), locale, `messages${extension}`);

type Entry = { message?: string; translation?: string; obsolete?: boolean };
async function read(file: string, locale: string): Promise<Map<string, Entry>> {
  if (!existsSync(file)) return new Map();
  const parsed = await formatter.parse(readFileSync(file, 'utf8'), { locale, sourceLocale, filename: file });
  return new Map(Object.entries(parsed as Record<string, Entry>).filter(([, e]) => !e.obsolete));
}

function run(): Promise<string[]> {
  // Start from the committed catalogues, so translations are kept and only changes show.
  for (let c = 0; c < catalogs.length; c++) {
    for (const locale of locales) {
      mkdirSync(path.dirname(extractedFile(c, locale)), { recursive: true });
      if (existsSync(committedFile(c, locale)))
        copyFileSync(committedFile(c, locale), extractedFile(c, locale));
    }
  }
  const tmpConfig = path.join(tmp, 'lingui.config.ts');
  writeFileSync(
    tmpConfig,
    `import base from ${JSON.stringify(path.join(root, 'lingui.config.ts'))};\n` +
      `export default { ...base, rootDir: ${JSON.stringify(root)}, catalogs: (base.catalogs ?? []).map((c, i) => ` +
      `({ ...c, path: ${JSON.stringify(tmp)} + '/' + i + '/{locale}/messages' })) };\n`,
  );
  const r = spawnSync(lingui, ['extract', '--clean', '--config', tmpConfig], { cwd: root, encoding: 'utf8' });
  if (r.status !== 0) {
    process.stderr.write(r.stdout + r.stderr);
    throw new Error(`lingui extract failed (exit ${r.status})`);
  }
  return compare();
}

async function compare(): Promise<string[]> {
  const problems: string[] = [];
  for (let c = 0; c < catalogs.length; c++) {
    for (const locale of locales) {
      const committed = committedFile(c, locale);
      const extracted = extractedFile(c, locale);
      const rel = path.relative(root, committed);
      const before = await read(committed, locale);
      const after = await read(extracted, locale);
      const text = (id: string, e: Entry | undefined) => JSON.stringify(e?.message ?? id);
      const added = [...after.keys()].filter((id) => !before.has(id));
      const removed = [...before.keys()].filter((id) => !after.has(id));
      for (const id of added) problems.push(`${rel}: not extracted: ${text(id, after.get(id))}`);
      for (const id of removed) problems.push(`${rel}: no longer in the code: ${text(id, before.get(id))}`);
      const same =
        existsSync(committed) && readFileSync(committed, 'utf8') === readFileSync(extracted, 'utf8');
      if (!same && !added.length && !removed.length) {
        problems.push(`${rel}: differs from what lingui extract writes (origins or order):`);
        const diff = spawnSync('diff', ['-u', committed, extracted], { encoding: 'utf8' });
        if (diff.stdout) problems.push(diff.stdout.split('\n').slice(0, 60).join('\n'));
      }
      if (locale === sourceLocale) continue;
      for (const [id, e] of after) {
        if (!e.translation?.trim()) problems.push(`${rel}: no ${locale} translation: ${text(id, e)}`);
      }
    }
  }
  return problems;
}

try {
  const problems = await run();
  if (problems.length) {
    console.error(problems.join('\n'));
    console.error(
      `\n✗ The catalogues are not up to date. Run \`npm run i18n:extract\`, translate the new messages ` +
        `(${locales.filter((l) => l !== sourceLocale).join(', ')}) and commit src/locales.`,
    );
    process.exitCode = 1;
  } else {
    console.log(`Catalogues up to date and complete (${locales.join(', ')}).`);
  }
} finally {
  rmSync(tmp, { recursive: true, force: true });
}
