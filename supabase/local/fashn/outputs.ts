// Where results live: {DATA_DIR}/fashn/outputs/<prediction id>/<n>.<ext>, with a meta.json
// beside them (renderer, note, model, expiry). Like FASHN's CDN URLs they expire (default an
// hour) and the folder is kept under a disk budget (oldest first). The subject of a try-on
// (figure + garment with its alpha) is kept with it as raw pixels, and the last few in
// memory, so a background-change of that result composes without decoding or keying again.
import { promises as fs, mkdirSync } from 'node:fs';
import path from 'node:path';
import { RENDERER, RENDERER_NOTE, type Rgba } from './render/raster.ts';

export interface OutputFile {
  bytes: Buffer;
  ext: 'png' | 'webm';
}

export interface OutputMeta {
  id: string;
  model_name: string;
  renderer: typeof RENDERER;
  note: typeof RENDERER_NOTE;
  created_at: string;
  expires_at: string;
  files: { name: string; content_type: string; bytes: number }[];
  subject?: { file: string; width: number; height: number };
  /** anything the renderer wants recorded (garment kind, camera move, placement) */
  details?: Record<string, unknown>;
}

export interface OutputStoreOptions {
  dir: string;
  ttlSeconds: number;
  budgetBytes: number;
  /** saved subjects kept in memory (default 8, ~6 MiB each); 0 when another thread renders */
  subjectCache?: number;
  log?: (message: string) => void;
}

const CONTENT_TYPES = { png: 'image/png', webm: 'video/webm' } as const;
const ID = /^[0-9a-f-]{36}$/;
const FILE = /^\d+\.(png|webm)$/;
const SUBJECT_CACHE = 8;

export class OutputStore {
  private subjects = new Map<string, Rgba>();
  private sizes = new Map<string, { bytes: number; created: number }>();
  private sizesLoaded = false;

  constructor(private readonly opts: OutputStoreOptions) {
    mkdirSync(opts.dir, { recursive: true });
  }

  /** Writes the files of a prediction and its metadata; returns the file names. */
  async save(
    id: string,
    model: string,
    files: OutputFile[],
    extra: { subject?: Rgba; details?: Record<string, unknown> } = {},
  ): Promise<string[]> {
    const dir = path.join(this.opts.dir, id);
    await fs.mkdir(dir, { recursive: true });
    const names = files.map((f, i) => `${i}.${f.ext}`);
    await Promise.all(files.map((f, i) => fs.writeFile(path.join(dir, names[i]), f.bytes)));
    const now = Date.now();
    const meta: OutputMeta = {
      id,
      model_name: model,
      renderer: RENDERER,
      note: RENDERER_NOTE,
      created_at: new Date(now).toISOString(),
      expires_at: new Date(now + this.opts.ttlSeconds * 1000).toISOString(),
      files: files.map((f, i) => ({
        name: names[i],
        content_type: CONTENT_TYPES[f.ext],
        bytes: f.bytes.length,
      })),
      details: extra.details,
    };
    let total = files.reduce((s, f) => s + f.bytes.length, 0);
    if (extra.subject) {
      const s = extra.subject;
      meta.subject = { file: 'subject.rgba', width: s.width, height: s.height };
      await fs.writeFile(path.join(dir, 'subject.rgba'), s.data);
      total += s.data.length;
      this.remember(id, s);
    }
    await fs.writeFile(path.join(dir, 'meta.json'), JSON.stringify(meta, null, 2));
    await this.loadSizes();
    this.sizes.set(id, { bytes: total, created: now });
    await this.enforceBudget(id);
    return names;
  }

  /** Keeps a subject in memory for `subject(id)` (a render worker keeps the ones it made). */
  remember(id: string, subject: Rgba) {
    this.subjects.delete(id);
    this.subjects.set(id, subject);
    const limit = this.opts.subjectCache ?? SUBJECT_CACHE;
    while (this.subjects.size > limit) this.subjects.delete(this.subjects.keys().next().value!);
  }

  async meta(id: string): Promise<OutputMeta | null> {
    if (!ID.test(id)) return null;
    try {
      const meta = JSON.parse(
        await fs.readFile(path.join(this.opts.dir, id, 'meta.json'), 'utf8'),
      ) as OutputMeta;
      return Date.parse(meta.expires_at) > Date.now() ? meta : null;
    } catch {
      return null;
    }
  }

  /** One output file, or null when unknown or expired. */
  async read(
    id: string,
    file: string,
  ): Promise<{ bytes: Buffer; contentType: string; meta: OutputMeta } | null> {
    if (!ID.test(id) || !FILE.test(file)) return null;
    const meta = await this.meta(id);
    const entry = meta?.files.find((f) => f.name === file);
    if (!meta || !entry) return null;
    try {
      return {
        bytes: await fs.readFile(path.join(this.opts.dir, id, file)),
        contentType: entry.content_type,
        meta,
      };
    } catch {
      return null;
    }
  }

  /** The saved subject (straight RGBA) of a try-on result, or null. */
  async subject(id: string): Promise<Rgba | null> {
    // the output must still be there (another thread's store may have removed it since)
    const meta = await this.meta(id);
    if (!meta?.subject) {
      this.subjects.delete(id);
      return null;
    }
    const hit = this.subjects.get(id);
    if (hit) return hit;
    try {
      const data = await fs.readFile(path.join(this.opts.dir, id, meta.subject.file));
      if (data.length !== meta.subject.width * meta.subject.height * 4) return null;
      const s = { data, width: meta.subject.width, height: meta.subject.height };
      this.remember(id, s);
      return s;
    } catch {
      return null;
    }
  }

  private async loadSizes() {
    if (this.sizesLoaded) return;
    this.sizesLoaded = true;
    for (const id of await fs.readdir(this.opts.dir).catch(() => [] as string[])) {
      if (!ID.test(id)) continue;
      const dir = path.join(this.opts.dir, id);
      let bytes = 0,
        created = Date.now();
      for (const f of await fs.readdir(dir).catch(() => [] as string[])) {
        const st = await fs.stat(path.join(dir, f)).catch(() => null);
        if (st) {
          bytes += st.size;
          created = Math.min(created, st.mtimeMs);
        }
      }
      this.sizes.set(id, { bytes, created });
    }
  }

  private async remove(id: string) {
    this.sizes.delete(id);
    this.subjects.delete(id);
    await fs.rm(path.join(this.opts.dir, id), { recursive: true, force: true });
  }

  /** Oldest first until the folder fits the budget (never the prediction just saved). */
  private async enforceBudget(keep: string) {
    let total = 0;
    for (const s of this.sizes.values()) total += s.bytes;
    if (total <= this.opts.budgetBytes) return;
    const oldest = [...this.sizes.entries()]
      .filter(([id]) => id !== keep)
      .sort((a, b) => a[1].created - b[1].created);
    for (const [id, s] of oldest) {
      if (total <= this.opts.budgetBytes) break;
      await this.remove(id);
      total -= s.bytes;
      this.opts.log?.(`output ${id} removed to stay under the disk budget`);
    }
  }

  /** Removes expired predictions' files. */
  async sweep(now = Date.now()): Promise<number> {
    await this.loadSizes();
    let removed = 0;
    for (const id of [...this.sizes.keys()]) {
      let expired = true;
      try {
        const meta = JSON.parse(
          await fs.readFile(path.join(this.opts.dir, id, 'meta.json'), 'utf8'),
        ) as OutputMeta;
        expired = Date.parse(meta.expires_at) <= now;
      } catch {
        // no readable meta: a write that never finished, or debris; old enough → remove
        expired = now - (this.sizes.get(id)?.created ?? now) > this.opts.ttlSeconds * 1000;
      }
      if (expired) {
        await this.remove(id);
        removed++;
      }
    }
    return removed;
  }

  totalBytes(): number {
    let total = 0;
    for (const s of this.sizes.values()) total += s.bytes;
    return total;
  }
}
