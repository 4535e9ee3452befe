import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { MailStore } from './store.ts';

const dirs: string[] = [];
const tmp = () => {
  const d = mkdtempSync(path.join(os.tmpdir(), 'mailstore-'));
  dirs.push(d);
  return d;
};
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

const mail = (to: string, kind = 'confirmation') => ({
  to,
  kind,
  subject: 's',
  html: '<p>h</p>',
  text: 't',
  links: ['http://x'],
});

describe('MailStore', () => {
  it('lists newest first, filters by address (any case) and kind', () => {
    const s = new MailStore(tmp());
    const a = s.add(mail('a@x.test'));
    const b = s.add(mail('A@x.test', 'recovery'));
    s.add(mail('b@x.test'));
    expect(s.list({ to: 'a@X.test' }).map((m) => m.id)).toEqual([b.id, a.id]);
    expect(s.list({ to: 'a@x.test', kind: 'confirmation' }).map((m) => m.id)).toEqual([a.id]);
    expect(s.list()).toHaveLength(3);
  });

  it('persists one file per mail and reads them back, skipping broken files', () => {
    const dir = tmp();
    const s = new MailStore(dir);
    const a = s.add(mail('a@x.test'));
    writeFileSync(path.join(dir, 'broken.json'), '{"id": ');
    const again = new MailStore(dir);
    expect(again.get(a.id)).toEqual(a);
    expect(again.list()).toHaveLength(1);
  });

  it('deletes files with the mails', () => {
    const dir = tmp();
    const s = new MailStore(dir);
    s.add(mail('a@x.test'));
    const keep = s.add(mail('b@x.test'));
    expect(s.delete({ to: 'a@x.test' })).toBe(1);
    expect(readdirSync(dir)).toHaveLength(1);
    expect(new MailStore(dir).list().map((m) => m.id)).toEqual([keep.id]);
    expect(s.remove(new Set([keep.id]))).toBe(1);
    expect(s.remove(new Set([keep.id]))).toBe(0);
  });
});
