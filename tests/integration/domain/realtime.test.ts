// The tables the app watches live are published: a seller sees their own generation move
// (project, images, notifications, credits, fixes) through postgres_changes, and nobody
// else receives any of it.
import type { RealtimeChannel, SupabaseClient } from '@supabase/supabase-js';
import { afterAll, describe, expect, it } from 'vitest';
import { serviceClient } from '../../support/clients.ts';
import { finishImages, must, recordUpload, seller, startGeneration } from '../../support/domain.ts';

interface Seen {
  table: string;
  type: string;
  record: any;
}

const channels: [SupabaseClient, RealtimeChannel][] = [];
afterAll(async () => {
  for (const [client, channel] of channels) await client.removeChannel(channel);
});

async function watch(client: SupabaseClient, name: string): Promise<Seen[]> {
  const seen: Seen[] = [];
  let channel = client.channel(name);
  for (const table of ['projects', 'images', 'notifications', 'subscriptions', 'fixes']) {
    channel = channel.on('postgres_changes', { event: '*', schema: 'public', table }, (p: any) =>
      seen.push({ table, type: p.eventType, record: p.new }),
    );
  }
  await new Promise<void>((resolve, reject) => {
    channel.subscribe((status, err) => {
      if (status === 'SUBSCRIBED') resolve();
      if (status === 'CHANNEL_ERROR' || status === 'TIMED_OUT') reject(err ?? new Error(status));
    });
  });
  channels.push([client, channel]);
  return seen;
}

async function until(probe: () => boolean, label: string, ms = 8000) {
  const end = Date.now() + ms;
  while (!probe()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${label}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

describe('live changes of the domain tables', () => {
  it('the owner follows a generation end to end; another seller receives nothing', async () => {
    const owner = await seller({ plan: 'lite' });
    const other = await seller();
    const mine = await watch(owner.client, `domain-owner-${owner.id}`);
    const theirs = await watch(other.client, `domain-other-${other.id}`);

    const product = await recordUpload(owner.client, owner.id);
    const project = await startGeneration(owner.client, product, { pose_ids: [1, 2] });
    const has = (table: string, type: string, pred: (r: any) => boolean = () => true) =>
      mine.some((s) => s.table === table && s.type === type && pred(s.record));

    await until(() => has('projects', 'INSERT', (r) => r.id === project.id), 'project insert');
    await until(
      () => mine.filter((s) => s.table === 'images' && s.type === 'INSERT').length === 2,
      'two image inserts',
    );
    await until(
      () => has('notifications', 'INSERT', (r) => r.type === 'project_created'),
      'project_created notification',
    );
    await until(() => has('subscriptions', 'UPDATE', (r) => r.user_id === owner.id), 'credits update');

    await finishImages(project.id, 'completed');
    await until(
      () => has('projects', 'UPDATE', (r) => r.id === project.id && r.status === 'completed'),
      'project completed',
    );
    await until(
      () => has('notifications', 'INSERT', (r) => r.type === 'project_completed'),
      'project_completed notification',
    );

    must(
      await owner.client.rpc('request_project_fix', { project_id: project.id, description: 'the sleeve' }),
    );
    await until(() => has('fixes', 'INSERT', (r) => r.project_id === project.id), 'fix insert');
    must(await serviceClient().from('fixes').update({ status: 'processing' }).eq('project_id', project.id));
    await until(() => has('fixes', 'UPDATE', (r) => r.status === 'processing'), 'fix update');

    // give any stray event time to arrive, then check the other seller saw none of it
    await new Promise((r) => setTimeout(r, 300));
    expect(theirs).toEqual([]);
    expect(mine.every((s) => s.record?.user_id === undefined || s.record.user_id === owner.id)).toBe(true);
  });
});
