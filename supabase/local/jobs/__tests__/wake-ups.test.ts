// The push runner must not lose a wake-up: a notification that arrives while a run is
// finishing has to lead to one more run at once, not to the next 5 s sweep. Before the fix
// about one wake-up in a few dozen waited for the sweep (bench/web-push); PGlite itself
// delivered every notification (600 of 600, sent concurrently through query, transaction and
// session), so the loss was here.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { StackContext } from '../../http.ts';
import { startPushSender } from '../push.ts';

interface FakeDb {
  ctx: StackContext;
  notify(channel: string): void;
  /** answers to `exists (… push_deliveries …)`, in turn; the hook runs while the query is out */
  dueAnswers: { due: boolean; meanwhile?: () => void }[];
}

function fakeStack(): FakeDb {
  const listeners = new Map<string, () => void>();
  const fake: FakeDb = {
    dueAnswers: [],
    notify: (channel) => listeners.get(channel)?.(),
    ctx: {
      url: 'http://stack.test',
      keys: { serviceRole: 'service' },
      log: () => {},
      onClose: () => {},
      db: {
        async query(sql: string) {
          if (sql.includes('to_regclass')) return { rows: [{ ok: true }] };
          const answer = fake.dueAnswers.shift() ?? { due: false };
          await Promise.resolve();
          answer.meanwhile?.();
          await new Promise((resolve) => setTimeout(resolve, 1));
          return { rows: [{ due: answer.due }] };
        },
        async listen(channel: string, onPayload: () => void) {
          listeners.set(channel, onPayload);
          return async () => {
            listeners.delete(channel);
          };
        },
      },
    } as unknown as StackContext,
  };
  return fake;
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 30));

describe('push runner wake-ups', () => {
  let calls: string[];
  beforeEach(() => {
    vi.stubEnv('PUSH_INTERVAL_MS', '0');
    calls = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        calls.push(new URL(url).pathname);
        await new Promise((resolve) => setTimeout(resolve, 2));
        return new Response('{}', { status: 200 });
      }),
    );
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.unstubAllEnvs();
  });

  it('a push queued while the runner asks whether anything is due is sent at once', async () => {
    const stack = fakeStack();
    const sender = startPushSender(stack.ctx);
    await settle(); // listening, and the start-up sweep found nothing due
    calls = [];
    // the run's last look finds nothing due, because the new push commits just after it asked
    stack.dueAnswers.push({ due: false, meanwhile: () => stack.notify('push_jobs') });
    stack.notify('push_jobs');
    // no sweep runs (PUSH_INTERVAL_MS=0): only a second run at once sends the new push
    await vi.waitFor(() => expect(calls).toEqual(['/functions/v1/send-push', '/functions/v1/send-push']));
    await sender.stop();
  });
});
