// A push says what the app's toast and bell say: the same English (notification-text.ts)
// and the Greek of the app's catalogue, word for word.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PUSH_TYPES, pushPayload, pushWords } from './message.ts';

const ROOT = path.resolve(import.meta.dirname, '../../../..');

/** msgid → msgstr of a Lingui .po file (single-line entries, which these are). */
function catalogue(file: string): Map<string, string> {
  const text = readFileSync(path.join(ROOT, file), 'utf8');
  const out = new Map<string, string>();
  const unquote = (s: string) => JSON.parse(s) as string;
  for (const m of text.matchAll(/^msgid (".*")\nmsgstr (".*")$/gm)) out.set(unquote(m[1]), unquote(m[2]));
  return out;
}

describe('push words', () => {
  const el = catalogue('src/locales/el/messages.po');
  const app = readFileSync(path.join(ROOT, 'src/features/notifications/notification-text.ts'), 'utf8');

  it.each(PUSH_TYPES)('%s: the English of the app and its Greek translation', (type) => {
    const en = pushWords(type, 'en', '{name}')!;
    const gr = pushWords(type, 'el', '{name}')!;
    for (const key of ['title', 'body'] as const) {
      // the app's source words it with ${name}
      expect(app).toContain(`msg\`${en[key].replace('{name}', '${' + 'name}')}\``);
      expect(el.get(en[key]), `${type} ${key}`).toBe(gr[key]);
    }
  });

  it('falls back to the stored text for a kind it does not word, and leads to the project', () => {
    const p = pushPayload(
      {
        id: 'n1',
        type: 'batch_completed',
        title: 'Batch done',
        message: '3 of 3 done',
        projectId: null,
        data: {},
      },
      'el',
      4,
    );
    expect(p).toMatchObject({ title: 'Batch done', body: '3 of 3 done', url: '/projects', unread: 4 });
    const q = pushPayload(
      {
        id: 'n2',
        type: 'video_completed',
        title: 'x',
        message: 'y',
        projectId: 'p-1',
        data: { projectName: 'Tee' },
      },
      'fr',
      1,
    );
    expect(q).toMatchObject({
      title: 'Video ready',
      body: 'The video of "Tee" is ready.',
      url: '/projects/p-1',
      tag: 'project-p-1',
    });
  });
});
