// The sender with a queue, a network and push services of the test's making: what is refused
// before any connection, what a redirect counts as, and that one seller's push services that
// never answer hold back neither another seller's push nor more than their share of places.
import { createECDH, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { makeVapidKeys } from '../../../local/push/vapid-keys.ts';
import {
  type DuePush,
  deliverDuePushes,
  type PushNetwork,
  type PushOutcome,
  type PushStore,
} from './deliver.ts';
import type { Resolve } from './endpoint.ts';
import type { PushAnswer, PushPost, PushRequest, PushTarget } from './post.ts';

const keys = makeVapidKeys();
const vapid = { ...keys, subject: 'mailto:ops@drape.test' };

function browserKeys() {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return { p256dh: ecdh.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') };
}

let n = 0;
function duePush(sellerId: string, endpoint: string): DuePush {
  n += 1;
  return {
    id: `d${n}`,
    attempts: 1,
    sellerId,
    subscription: { id: `s${n}`, endpoint, ...browserKeys(), language: 'en' },
    notification: {
      id: `n${n}`,
      type: 'project_completed',
      title: 'Project completed',
      message: 'Your project "Linen dress" is ready.',
      projectId: null,
      data: { projectName: 'Linen dress' },
    },
    unread: 1,
  };
}

/** A queue in memory: claim hands out what is due, in order; reports are kept. */
function memoryStore(initial: DuePush[]) {
  const queue = [...initial];
  const reports: { id: string; outcome: PushOutcome; error: string | null }[] = [];
  const store: PushStore = {
    async claim(max) {
      return queue.splice(0, max);
    },
    async report(id, outcome, error) {
      reports.push({ id, outcome, error });
    },
  };
  return { store, queue, reports };
}

const publicDns: Resolve = async (host) => [{ address: `203.0.114.${host.length % 200}`, family: 4 }];

function network(post: PushPost, resolve: Resolve = publicDns): PushNetwork & { logged: string[] } {
  const logged: string[] = [];
  return { post, resolve, localOrigin: null, log: (m) => logged.push(m), logged };
}

const answer = (status: number, text = ''): PushAnswer => ({ status, text: async () => text });

describe('where a push may go, at send', () => {
  it('refuses an endpoint that is not a push service before any connection: gone, with the reason', async () => {
    const pushes = [
      duePush('a', 'https://127.0.0.1:54321/functions/v1/x'),
      duePush('a', 'https://169.254.169.254/latest/meta-data/'),
      duePush('a', 'https://attacker.test/push'),
    ];
    const { store, reports } = memoryStore(pushes);
    const posted: string[] = [];
    const net = network(async (t) => {
      posted.push(t.url.href);
      return answer(201);
    });
    const result = await deliverDuePushes(store, vapid, net);
    expect(posted).toEqual([]);
    expect(result).toMatchObject({ claimed: 3, gone: 3, refused: 3, sent: 0 });
    expect(reports.map((r) => r.outcome)).toEqual(['gone', 'gone', 'gone']);
    expect(reports.find((r) => r.id === pushes[2].id)?.error).toBe(
      "refused: attacker.test is not a browser's push service",
    );
    expect(net.logged).toHaveLength(3);
  });

  it('refuses a push service host that resolves to a private address, and connects to the checked one', async () => {
    const fcm = duePush('a', 'https://fcm.googleapis.com/fcm/send/abc');
    const moz = duePush('a', 'https://updates.push.services.mozilla.com/wpush/v2/abc');
    const { store, reports } = memoryStore([fcm, moz]);
    const targets: PushTarget[] = [];
    const resolve: Resolve = async (host) =>
      host === 'fcm.googleapis.com'
        ? [{ address: '142.250.185.74', family: 4 }]
        : [{ address: '::ffff:10.0.0.5', family: 6 }];
    const result = await deliverDuePushes(
      store,
      vapid,
      network(async (t) => {
        targets.push(t);
        return answer(201);
      }, resolve),
    );
    expect(result).toMatchObject({ sent: 1, gone: 1, refused: 1 });
    expect(targets.map((t) => [t.url.hostname, t.address.address])).toEqual([
      ['fcm.googleapis.com', '142.250.185.74'],
    ]);
    expect(reports.find((r) => r.id === moz.id)).toEqual({
      id: moz.id,
      outcome: 'gone',
      error: 'refused: updates.push.services.mozilla.com resolves to ::ffff:10.0.0.5, a private address',
    });
  });

  it('a redirect is a failure to try again later, never followed', async () => {
    const push = duePush('a', 'https://fcm.googleapis.com/fcm/send/abc');
    const { store, reports } = memoryStore([push]);
    const posted: string[] = [];
    await deliverDuePushes(
      store,
      vapid,
      network(async (t) => {
        posted.push(t.url.href);
        return answer(303);
      }),
    );
    expect(posted).toEqual([push.subscription.endpoint]);
    expect(reports).toEqual([
      { id: push.id, outcome: 'retry', error: 'push service answered 303 (a redirect, not followed): ' },
    ]);
  });

  it('a name that does not resolve now is tried again later, the subscription kept', async () => {
    const push = duePush('a', 'https://fcm.googleapis.com/fcm/send/abc');
    const { store, reports } = memoryStore([push]);
    const failing: Resolve = async () => {
      throw new Error('getaddrinfo EAI_AGAIN fcm.googleapis.com');
    };
    await deliverDuePushes(
      store,
      vapid,
      network(async () => answer(201), failing),
    );
    expect(reports).toEqual([{ id: push.id, outcome: 'retry', error: expect.stringContaining('EAI_AGAIN') }]);
  });
});

/** A post that never answers until the test lets it (or the sender gives up on it). */
function gatedPost() {
  let open!: () => void;
  const gate = new Promise<void>((r) => (open = r));
  const started: string[] = [];
  let now = 0;
  let most = 0;
  const post: PushPost = (t: PushTarget, init: PushRequest) => {
    started.push(t.url.pathname);
    now += 1;
    most = Math.max(most, now);
    return new Promise<PushAnswer>((resolve, reject) => {
      init.signal.addEventListener('abort', () => reject(init.signal.reason));
      void gate.then(() => resolve(answer(201)));
    }).finally(() => {
      now -= 1;
    });
  };
  return { post, open: () => open(), started, most: () => most };
}

describe('one seller cannot hold back another', () => {
  it("another seller's push goes out while eight of one seller's push services hang", async () => {
    const hanging = Array.from({ length: 8 }, (_, i) =>
      duePush('slow', `https://fcm.googleapis.com/fcm/send/slow-${i}`),
    );
    const other = duePush('other', 'https://web.push.apple.com/other');
    // the slow seller's pushes come first in the queue
    const { store, reports } = memoryStore([...hanging, other]);
    const slow = gatedPost();
    const post: PushPost = (t, init) =>
      t.url.pathname === '/other' ? Promise.resolve(answer(201)) : slow.post(t, init);
    // no push is given up on its time in this test: only the order of events counts
    const run = deliverDuePushes(store, vapid, network(post), { timeoutMs: 60_000 });
    await expect.poll(() => reports.map((r) => r.id)).toEqual([other.id]);
    // the slow seller holds at most its share of the places, however many it has waiting
    expect(slow.most()).toBe(4);
    slow.open();
    const result = await run;
    expect(result).toMatchObject({ claimed: 9, sent: 9 });
    expect(slow.started).toHaveLength(8);
  });

  it('a push queued while the slow ones hang is taken and sent before they finish', async () => {
    const hanging = Array.from({ length: 8 }, (_, i) =>
      duePush('slow', `https://fcm.googleapis.com/fcm/send/slow-${i}`),
    );
    const { store, queue, reports } = memoryStore(hanging);
    const slow = gatedPost();
    const post: PushPost = (t, init) =>
      t.url.pathname === '/late' ? Promise.resolve(answer(201)) : slow.post(t, init);
    const run = deliverDuePushes(store, vapid, network(post), { timeoutMs: 60_000, pollMs: 5 });
    await expect.poll(() => slow.started.length).toBe(4);
    const late = duePush('other', 'https://web.push.apple.com/late');
    queue.push(late);
    await expect.poll(() => reports.map((r) => r.id)).toEqual([late.id]);
    slow.open();
    expect(await run).toMatchObject({ claimed: 9, sent: 9 });
  });

  it('a push service that never answers is given up on after the time limit and retried later', async () => {
    const push = duePush('a', 'https://fcm.googleapis.com/fcm/send/abc');
    const { store, reports } = memoryStore([push]);
    const never = gatedPost();
    await deliverDuePushes(store, vapid, network(never.post), { timeoutMs: 20 });
    expect(reports).toEqual([
      { id: push.id, outcome: 'retry', error: 'push service unreachable: no answer within 0.02 s' },
    ]);
  });

  it('sends many at once, up to the limit', async () => {
    const many = Array.from({ length: 40 }, (_, i) =>
      duePush(`seller-${i}`, `https://fcm.googleapis.com/fcm/send/${i}`),
    );
    const { store } = memoryStore(many);
    const gated = gatedPost();
    const run = deliverDuePushes(store, vapid, network(gated.post), { timeoutMs: 60_000 });
    await expect.poll(() => gated.started.length).toBe(16);
    gated.open();
    expect(await run).toMatchObject({ claimed: 40, sent: 40 });
    expect(gated.most()).toBe(16);
  });
});
