// Server calls that wait for the connection: removing an uploaded photo ('Exit anyway', a
// replaced photo) while offline. Kept in Dexie, sent in order when the browser is back online.
import { appDb, type AppDb } from '../db/index.ts';
import { markUploadsWaiting } from './upload-hint.ts';

export interface OutboxSender {
  removeUpload(path: string): Promise<void>;
}

export class Outbox {
  private flushing: Promise<number> | null = null;
  constructor(private readonly db: () => AppDb) {}

  async enqueueRemoval(userId: string, path: string): Promise<void> {
    await this.db().outbox.add({ userId, kind: 'remove-upload', path, createdAt: Date.now() });
    markUploadsWaiting(userId, 'outbox', true);
  }

  async pending(userId: string): Promise<number> {
    return this.db().outbox.where('userId').equals(userId).count();
  }

  /** Sends what waits, oldest first; stops at the first failure (tried again next time). */
  flush(userId: string, sender: OutboxSender): Promise<number> {
    this.flushing ??= (async () => {
      let sent = 0;
      try {
        const rows = await this.db().outbox.where('userId').equals(userId).sortBy('seq');
        for (const row of rows) {
          await sender.removeUpload(row.path);
          if (row.seq !== undefined) await this.db().outbox.delete(row.seq);
          sent++;
        }
        markUploadsWaiting(userId, 'outbox', false);
      } catch {
        // offline again, or the server refused: the rest waits
      } finally {
        this.flushing = null;
      }
      return sent;
    })();
    return this.flushing;
  }
}

export const outbox = new Outbox(appDb);
