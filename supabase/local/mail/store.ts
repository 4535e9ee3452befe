// The dev mailbox's storage: one JSON file per mail under {dataDir}/mail/, so mails
// survive a restart of the stack; an in-memory index answers the queries.
import { randomUUID } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { OutgoingMail } from '../http.ts';

export interface StoredMail extends OutgoingMail {
  id: string;
  created_at: string;
}

export interface MailFilter {
  to?: string | null;
  kind?: string | null;
}

export class MailStore {
  private readonly mails: StoredMail[] = [];
  private readonly files = new Map<string, string>();

  constructor(private readonly dir: string) {
    mkdirSync(dir, { recursive: true });
    for (const file of readdirSync(dir)) {
      if (!file.endsWith('.json')) continue;
      try {
        const mail = JSON.parse(readFileSync(path.join(dir, file), 'utf8')) as StoredMail;
        if (typeof mail.id !== 'string' || typeof mail.to !== 'string') continue;
        this.mails.push(mail);
        this.files.set(mail.id, file);
      } catch {
        // a half-written file from a crash: skip it
      }
    }
    this.mails.sort(byCreated);
  }

  add(mail: OutgoingMail): StoredMail {
    const stored: StoredMail = {
      id: randomUUID(),
      to: mail.to,
      subject: mail.subject,
      kind: mail.kind,
      links: [...mail.links],
      text: mail.text,
      html: mail.html,
      created_at: new Date().toISOString(),
    };
    const file = `${stored.created_at.replace(/[:.]/g, '-')}-${stored.id}.json`;
    const tmp = path.join(this.dir, `.${file}.tmp`);
    writeFileSync(tmp, JSON.stringify(stored, null, 2));
    renameSync(tmp, path.join(this.dir, file));
    this.mails.push(stored);
    this.files.set(stored.id, file);
    return stored;
  }

  /** Newest first. `to` matches the address case-insensitively. */
  list(filter: MailFilter = {}): StoredMail[] {
    const to = filter.to?.trim().toLowerCase();
    return this.mails
      .filter((m) => (!to || m.to.toLowerCase() === to) && (!filter.kind || m.kind === filter.kind))
      .reverse();
  }

  get(id: string): StoredMail | undefined {
    return this.mails.find((m) => m.id === id);
  }

  /** Deletes the matching mails; returns how many. */
  delete(filter: MailFilter = {}): number {
    return this.remove(new Set(this.list(filter).map((m) => m.id)));
  }

  /** Deletes mails by id; returns how many there were. */
  remove(doomed: Set<string>): number {
    for (const id of doomed) {
      const file = this.files.get(id);
      if (file) rmSync(path.join(this.dir, file), { force: true });
      this.files.delete(id);
    }
    const keep = this.mails.filter((m) => !doomed.has(m.id));
    const removed = this.mails.length - keep.length;
    this.mails.length = 0;
    this.mails.push(...keep);
    return removed;
  }
}

function byCreated(a: StoredMail, b: StoredMail) {
  return a.created_at < b.created_at ? -1 : a.created_at > b.created_at ? 1 : 0;
}
