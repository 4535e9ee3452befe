import { describe, expect, it } from 'vitest';
import { deliverDueNotices, webhookFor, type DueNotice, type NoticeStore } from './deliver.ts';

function memoryStore(notices: DueNotice[]) {
  const reports: { id: string; delivered: boolean; error: string | null }[] = [];
  const store: NoticeStore = {
    claim: async (max) => notices.splice(0, max),
    report: async (id, delivered, error) => {
      reports.push({ id, delivered, error });
    },
  };
  return { store, reports };
}

const env = (vars: Record<string, string>) => (name: string) => vars[name];

describe('webhookFor', () => {
  it('prefers the kind-specific webhook, then the catch-all', () => {
    expect(
      webhookFor('feedback', env({ NOTICE_WEBHOOK_FEEDBACK: 'https://a', NOTICE_WEBHOOK_URL: 'https://b' })),
    ).toBe('https://a');
    expect(webhookFor('low_credits', env({ NOTICE_WEBHOOK_URL: 'https://b' }))).toBe('https://b');
    expect(webhookFor('contact', env({}))).toBeNull();
  });
});

describe('deliverDueNotices', () => {
  it('posts each payload and reports it delivered on an ok answer', async () => {
    const { store, reports } = memoryStore([
      { id: '1', kind: 'feedback', payload: { feedback: 'Great', email: 'a@b.gr', name: 'A' }, attempts: 1 },
      { id: '2', kind: 'contact', payload: { fullName: 'B', email: 'b@c.gr', details: 'x' }, attempts: 1 },
    ]);
    const posted: { url: string; body: unknown }[] = [];
    const result = await deliverDueNotices(
      store,
      async (url, body) => {
        posted.push({ url, body });
        return { ok: true, status: 200 };
      },
      env({ NOTICE_WEBHOOK_URL: 'https://hooks.example/n' }),
    );
    expect(result).toEqual({ claimed: 2, sent: 2, failed: 0 });
    expect(posted[0]).toEqual({
      url: 'https://hooks.example/n',
      body: { feedback: 'Great', email: 'a@b.gr', name: 'A' },
    });
    expect(reports).toEqual([
      { id: '1', delivered: true, error: null },
      { id: '2', delivered: true, error: null },
    ]);
  });

  it('keeps a notice for a retry when the webhook fails or is missing', async () => {
    const { store, reports } = memoryStore([
      { id: '1', kind: 'feedback', payload: {}, attempts: 2 },
      { id: '2', kind: 'sales', payload: {}, attempts: 1 },
      { id: '3', kind: 'contact', payload: {}, attempts: 1 },
    ]);
    const post = async (url: string) => {
      if (url.includes('down')) throw new Error('connect ECONNREFUSED');
      return { ok: false, status: 502 };
    };
    const result = await deliverDueNotices(
      store,
      post,
      env({ NOTICE_WEBHOOK_FEEDBACK: 'https://down.example', NOTICE_WEBHOOK_SALES: 'https://bad.example' }),
    );
    expect(result).toEqual({ claimed: 3, sent: 0, failed: 3 });
    expect(reports.map((r) => r.delivered)).toEqual([false, false, false]);
    expect(reports[0].error).toMatch(/unreachable/);
    expect(reports[1].error).toBe('webhook answered 502');
    expect(reports[2].error).toMatch(/no webhook configured for contact/);
  });
});
