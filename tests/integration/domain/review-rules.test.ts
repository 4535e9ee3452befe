// Review: attacks a signed-in seller (supabase-js with their own token) or an anonymous
// visitor could try against the rules in supabase/migrations. Each test is one attack; it
// fails if the attack works.
import { describe, expect, it } from 'vitest';
import { anonClient, serviceClient } from '../../support/clients.ts';
import { finishImages, must, recordUpload, seller, startGeneration } from '../../support/domain.ts';

describe('review: object names that walk out of the caller’s folder', () => {
  // Storage refuses '.', '..' and empty segments in object names, but an HTTP client
  // resolves them before the request leaves (WHATWG URL, also for %2e), so a recorded name
  // '{me}/../{victim}/x.png' fetched by server code with the service key reads the victim's
  // object. Such a name can never be a real object: the rules refuse it.
  const sneaky = (me: string, victim: string) => [
    `${me}/../${victim}/photo.png`,
    `${me}/%2e%2e/${victim}/photo.png`,
    `${me}/.%2E/${victim}/photo.png`,
    `${me}/./photo.png`,
    `${me}//photo.png`,
    `${me}/a\\..\\photo.png`,
  ];

  it('an uploaded_files record cannot name a path outside the seller’s folder', async () => {
    const victim = await seller();
    const attacker = await seller();
    for (const file_path of sneaky(attacker.id, victim.id)) {
      const res = await attacker.client
        .from('uploaded_files')
        .insert({ user_id: attacker.id, file_name: 'photo.png', file_path, mime_type: 'image/png' })
        .select();
      expect({ file_path, error: res.error?.code ?? null }).toEqual({ file_path, error: '23514' });
    }
    const rows = must(
      await serviceClient().from('uploaded_files').select('file_path').eq('user_id', attacker.id),
    ) as unknown[];
    expect(rows).toEqual([]);
  });

  it('a generation cannot be started from another seller’s photo through such a name', async () => {
    const victim = await seller();
    const attacker = await seller({ credits: 5 });
    const victimPhoto = await recordUpload(victim.client, victim.id);
    const path = `${attacker.id}/../${victimPhoto}`;
    await attacker.client
      .from('uploaded_files')
      .insert({ user_id: attacker.id, file_name: 'x.png', file_path: path });
    const res = await attacker.client.rpc('start_generation', {
      project_type: 'on-model',
      product_paths: [path],
      pose_ids: [1],
      model_id: 1,
      background_id: 1,
    });
    expect(res.error?.message).toBe('Product photo not found');
    const images = must(
      await serviceClient().from('images').select('original_path').eq('user_id', attacker.id),
    ) as unknown[];
    expect(images).toEqual([]);
  });

  it('a fix drawing cannot name another seller’s drawing', async () => {
    const victim = await seller();
    const attacker = await seller({ plan: 'lite', credits: 3 });
    const product = await recordUpload(attacker.client, attacker.id);
    const project = await startGeneration(attacker.client, product);
    await finishImages(project.id);
    for (const annotated_image of sneaky(attacker.id, victim.id)) {
      const res = await attacker.client.rpc('request_project_fix', {
        project_id: project.id,
        description: 'collar',
        annotated_image,
      });
      expect({ annotated_image, message: res.error?.message ?? null }).toEqual({
        annotated_image,
        message: 'Drawing not found',
      });
    }
    // a drawing in the seller's own folder is still accepted
    must(
      await attacker.client.rpc('request_project_fix', {
        project_id: project.id,
        description: 'collar',
        annotated_image: `${attacker.id}/${project.id}/1.png`,
      }),
    );
  });
});

describe('review: reads through embeds and writes through the REST API stay the caller’s own', () => {
  it('embedding a related table never shows another seller’s rows', async () => {
    const owner = await seller({ plan: 'pro', credits: 5 });
    const other = await seller();
    const product = await recordUpload(owner.client, owner.id);
    const project = await startGeneration(owner.client, product);
    await finishImages(project.id);
    must(await owner.client.rpc('request_project_fix', { project_id: project.id, description: 'hem' }));
    for (const [table, select] of [
      ['images', '*, projects(*)'],
      ['fixes', '*, projects(*), images(*)'],
      ['projects', '*, images(*), fixes(*), notifications(*)'],
      ['notifications', '*, projects(*)'],
      ['fix_requests', '*, projects(*), fixes(*), credit_ledger(*)'],
      ['credit_ledger', '*, credit_ledger(*)'],
    ] as const) {
      const res = await other.client.from(table).select(select);
      // an error (an ambiguous or missing relationship) is no leak either
      expect({ table, rows: res.data ?? [] }).toEqual({ table, rows: [] });
    }
    const own = must(await owner.client.from('images').select('id, projects(id, user_id)')) as any[];
    expect(own.length).toBeGreaterThan(0);
    for (const row of own) expect(row.projects.user_id).toBe(owner.id);
    // no relationship reaches auth.users or another schema
    const res = await owner.client.from('projects').select('*, users(*)');
    expect(res.error?.code).toBe('PGRST200');
    for (const schema of ['auth', 'storage', 'private']) {
      const r = await (owner.client as any).schema(schema).from('users').select('*');
      expect(r.error?.code).toBe('PGRST106');
    }
  });

  it('a seller cannot change what money or status depends on through PATCH', async () => {
    const s = await seller({ credits: 5 });
    const product = await recordUpload(s.client, s.id);
    const project = await startGeneration(s.client, product);
    const attempts = [
      s.client.from('subscriptions').update({ plan: 'advanced' }).eq('user_id', s.id).select(),
      s.client
        .from('subscriptions')
        .update({ credits_remaining: 999, plan_credits: 999 })
        .eq('user_id', s.id)
        .select(),
      s.client.from('projects').update({ credits_charged: 0 }).eq('id', project.id).select(),
      s.client.from('projects').update({ status: 'completed' }).eq('id', project.id).select(),
      s.client.from('projects').update({ status: 'failed' }).eq('id', project.id).select(),
      s.client.from('images').update({ status: 'failed' }).eq('project_id', project.id).select(),
      s.client.from('images').update({ generated_path: 'x' }).eq('project_id', project.id).select(),
      s.client
        .from('credit_ledger')
        .insert({ user_id: s.id, amount: 100, balance_after: 100, reason: 'purchase' })
        .select(),
      s.client.from('fix_requests').delete().eq('user_id', s.id).select(),
      s.client.from('notifications').update({ user_id: s.id, read: true }).eq('user_id', s.id).select(),
    ];
    for (const [i, p] of attempts.entries()) {
      const res = await p;
      expect({ i, changed: (res.data as unknown[] | null)?.length ?? 0, refused: !!res.error }).toMatchObject(
        { i, changed: 0 },
      );
    }
    const sub = must(await s.client.from('subscriptions').select('plan, credits_remaining').single()) as any;
    expect(sub).toEqual({ plan: 'free', credits_remaining: 4 });
  });

  it('an anonymous visitor reads no seller data and calls no money function', async () => {
    const s = await seller({ credits: 5 });
    await recordUpload(s.client, s.id);
    const anon = anonClient();
    for (const table of [
      'profiles',
      'subscriptions',
      'credit_ledger',
      'projects',
      'images',
      'uploaded_files',
      'webhook_logs',
    ]) {
      const res = await anon.from(table).select('*');
      expect({ table, rows: res.data }).toEqual({ table, rows: [] });
    }
    for (const t of ['outbound_notices', 'payment_events']) {
      expect((await anon.from(t).select('*')).error?.code).toBe('42501');
    }
    for (const [fn, args] of [
      ['charge_credits', { user_id: s.id, amount: -100, reason: 'adjustment' }],
      ['grant_purchased_credits', { user_id: s.id, credits: 100, reference: 'free' }],
      [
        'activate_plan',
        {
          user_id: s.id,
          plan: 'advanced',
          period_start: new Date().toISOString(),
          period_end: new Date(Date.now() + 1e9).toISOString(),
        },
      ],
      ['charge_tool_use', { tool: 'photo-combiner' }],
    ] as const) {
      expect({ fn, ok: !(await anon.rpc(fn, args)).error }).toEqual({ fn, ok: false });
      expect({
        fn,
        ok: !(await s.client.rpc(fn === 'charge_tool_use' ? 'charge_credits' : fn, args)).error,
      }).toEqual({ fn, ok: false });
    }
  });
});
