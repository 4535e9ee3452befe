// Every message the domain's functions give a person, word for word, as the app receives
// it through supabase-js: HTTP 400, code P0001, the message, and a stable hint code.
import type { SupabaseClient } from '@supabase/supabase-js';
import { beforeAll, describe, expect, it } from 'vitest';
import { anonClient, type TestUser } from '../../support/clients.ts';
import {
  finishImages,
  must,
  recordUpload,
  selection,
  seller,
  setCredits,
  startGeneration,
} from '../../support/domain.ts';

async function refusal(client: SupabaseClient, fn: string, args: Record<string, unknown> = {}) {
  const res = await client.rpc(fn, args);
  expect(res.error, `${fn} should be refused`).not.toBeNull();
  return { status: res.status, code: res.error!.code, message: res.error!.message, hint: res.error!.hint };
}
const refused = (message: string, hint: string) => ({ status: 400, code: 'P0001', message, hint });

let free: TestUser;
let product: string;
beforeAll(async () => {
  free = await seller();
  product = await recordUpload(free.client, free.id);
});

describe('start_generation', () => {
  const cases: [string, Record<string, unknown>, string, string][] = [
    ['an unknown type', { project_type: 'dress-form' }, 'Invalid project type', 'invalid_project_type'],
    ['no product', { product_paths: [] }, 'Please upload a product photo', 'product_required'],
    [
      'two products',
      { product_paths: ['a/1.png', 'a/2.png'] },
      'Only one photo can be uploaded per generation cycle. Please remove the existing photo first.',
      'too_many_products',
    ],
    ['unknown product', { product_paths: ['nobody/x.png'] }, 'Product photo not found', 'product_not_found'],
    [
      'flat-lay without garment type',
      { project_type: 'flat-lay', background_id: 3 },
      'Please select a garment type',
      'garment_type_required',
    ],
    ['no model', { model_id: null }, 'Please select a model', 'model_required'],
    ['unknown model', { model_id: 55 }, 'Selected model does not exist', 'model_not_found'],
    [
      'custom model on free',
      { model_id: 9999, custom_model: 'a tall man' },
      'Available only in Advanced Plan',
      'advanced_only',
    ],
    ['no pose', { pose_ids: [] }, 'Please select a pose', 'pose_required'],
    ['unknown pose', { pose_ids: [7] }, 'Selected pose does not exist', 'pose_not_found'],
    ['no background', { background_id: null }, 'Please select a background', 'background_required'],
    [
      'unknown background',
      { background_id: 70 },
      'Selected background does not exist',
      'background_not_found',
    ],
    [
      'Original on flat-lay',
      { project_type: 'flat-lay', background_id: 1, garment_types: ['full'] },
      'Selected background is not available for flat-lay projects',
      'background_not_available',
    ],
    [
      'custom background on free',
      { background_id: 9999, custom_background: 'castle' },
      'Available only in Advanced Plan',
      'advanced_only',
    ],
    ['long name', { project_name: 'n'.repeat(121) }, 'Project name is too long', 'name_too_long'],
    [
      'three poses with two credits',
      { pose_ids: [1, 2, 3] },
      'Insufficient credits. Need 3.00 but only have 2.00',
      'insufficient_credits',
    ],
  ];
  for (const [what, overrides, message, hint] of cases) {
    it(what, async () => {
      const sel = selection(product, overrides);
      if (overrides.product_paths && (overrides.product_paths as string[]).length === 2) {
        sel.product_paths = [product, `${free.id}/other.png`];
      }
      expect(await refusal(free.client, 'start_generation', sel)).toEqual(refused(message, hint));
    });
  }

  it('insufficient credits carry the amounts in details', async () => {
    const res = await free.client.rpc('start_generation', selection(product, { pose_ids: [1, 2, 3] }));
    expect(JSON.parse(res.error!.details)).toEqual({ needed: '3.00', available: '2.00' });
  });

  it('anonymous', async () => {
    expect(await refusal(anonClient(), 'start_generation', selection(product))).toEqual(
      refused('User not authenticated', 'not_authenticated'),
    );
  });

  it('custom descriptions on Advanced must not be empty', async () => {
    const adv = await seller({ plan: 'advanced' });
    const p = await recordUpload(adv.client, adv.id);
    expect(
      await refusal(adv.client, 'start_generation', selection(p, { model_id: 9999, custom_model: '  ' })),
    ).toEqual(refused('Please describe your custom model', 'custom_model_required'));
    expect(
      await refusal(
        adv.client,
        'start_generation',
        selection(p, { background_id: 9999, custom_background: '' }),
      ),
    ).toEqual(refused('Please describe your custom background', 'custom_background_required'));
  });
});

describe('projects, fixes, video, tools', () => {
  let user: TestUser;
  let done: { id: string };
  let running: { id: string };
  beforeAll(async () => {
    user = await seller({ plan: 'advanced', credits: 6 });
    const p = await recordUpload(user.client, user.id);
    done = await startGeneration(user.client, p);
    await finishImages(done.id, 'completed');
    running = await startGeneration(user.client, p);
  });

  it('rename, archive, unarchive', async () => {
    const c = user.client;
    expect(await refusal(c, 'rename_project', { project_id: done.id, name: '   ' })).toEqual(
      refused('Project name cannot be empty', 'name_required'),
    );
    expect(await refusal(c, 'rename_project', { project_id: free.id, name: 'x' })).toEqual(
      refused('Project not found', 'project_not_found'),
    );
    expect(await refusal(c, 'archive_project', { project_id: running.id })).toEqual(
      refused('Only completed projects can be archived', 'project_not_completed'),
    );
    expect(await refusal(c, 'unarchive_project', { project_id: running.id })).toEqual(
      refused('Only archived projects can be unarchived', 'project_not_archived'),
    );
    const direct = await c.from('projects').update({ name: ' ' }).eq('id', done.id);
    expect(direct.error).toMatchObject({
      code: 'P0001',
      message: 'Project name cannot be empty',
      hint: 'name_required',
    });
  });

  it('fixes', async () => {
    const c = user.client;
    expect(await refusal(c, 'request_project_fix', { project_id: done.id, description: ' ' })).toEqual(
      refused('Please describe the issue', 'description_required'),
    );
    expect(await refusal(c, 'request_project_fix', { project_id: running.id, description: 'x' })).toEqual(
      refused('Fixes can be requested only for completed projects', 'project_not_completed'),
    );
    must(await c.rpc('request_project_fix', { project_id: done.id, description: 'the hem' }));
    expect(await refusal(c, 'request_project_fix', { project_id: done.id, description: 'again' })).toEqual(
      refused('You already have a pending fix request for this project', 'fix_pending'),
    );
    const check = must(await c.rpc('can_request_project_fix', { project_id: done.id }));
    expect(check).toMatchObject({
      can_request: false,
      reason: 'You already have a pending fix request for this project',
      plan: 'advanced',
    });
  });

  it('video', async () => {
    const c = user.client;
    expect(await refusal(c, 'request_project_video', { project_id: done.id, video_style: '' })).toEqual(
      refused('Please select a video style', 'video_style_required'),
    );
    expect(
      await refusal(c, 'request_project_video', {
        project_id: done.id,
        video_style: 'custom',
        custom_description: ' ',
      }),
    ).toEqual(refused('Please describe your custom video style', 'custom_video_style_required'));
    expect(
      await refusal(c, 'request_project_video', { project_id: running.id, video_style: 'casual' }),
    ).toEqual(refused('Videos can be created only from completed projects', 'project_not_completed'));
    expect(
      await refusal(free.client, 'request_project_video', { project_id: done.id, video_style: 'casual' }),
    ).toEqual(refused('Project not found', 'project_not_found'));
    await setCredits(user.id, 2);
    expect(await refusal(c, 'request_project_video', { project_id: done.id, video_style: 'casual' })).toEqual(
      refused('Insufficient credits. Need 3.00 but only have 2.00', 'insufficient_credits'),
    );
  });

  it('tools', async () => {
    const broke = await seller({ credits: 0.3 });
    expect(await refusal(broke.client, 'charge_tool_use', { tool: 'background-remover' })).toEqual(
      refused('Insufficient credits. Need 0.40 but only have 0.30', 'insufficient_credits'),
    );
    expect(await refusal(broke.client, 'charge_tool_use', { tool: 'nope' })).toEqual(
      refused('Unknown tool', 'unknown_tool'),
    );
    expect(must(await broke.client.rpc('charge_tool_use', { tool: 'photo-combiner' }))).toMatchObject({
      credits_used: 0.15,
      credits_remaining: 0.15,
    });
  });
});

describe('feedback, contact and sales forms', () => {
  it('feedback', async () => {
    expect(await refusal(free.client, 'submit_feedback', { feedback: '  ' })).toEqual(
      refused('Please enter your feedback', 'feedback_required'),
    );
  });

  it('contact', async () => {
    const send = (full_name: string, email: string, details: string) =>
      refusal(free.client, 'submit_contact_request', { full_name, email, details });
    expect(await send('', 'a@b.co', 'x')).toEqual(refused('Full name is required', 'full_name_required'));
    expect(await send('A', '', 'x')).toEqual(refused('Email is required', 'email_required'));
    expect(await send('A', 'a@b', 'x')).toEqual(
      refused('Please enter a valid email address', 'email_invalid'),
    );
    expect(await send('A', 'a@b.co', ' ')).toEqual(
      refused('Please provide request details', 'details_required'),
    );
  });

  it('sales', async () => {
    const base = { full_name: 'A', company_name: 'B', email: 'a@b.co', credit_amount: 500 };
    const send = (o: Record<string, unknown>) =>
      refusal(free.client, 'submit_sales_request', { ...base, ...o });
    expect(await send({ full_name: ' ' })).toEqual(refused('Full name is required', 'full_name_required'));
    expect(await send({ company_name: '' })).toEqual(
      refused('Company name is required', 'company_name_required'),
    );
    expect(await send({ email: '' })).toEqual(refused('Email is required', 'email_required'));
    expect(await send({ email: 'nope' })).toEqual(refused('Please enter a valid email', 'email_invalid'));
    expect(await send({ credit_amount: 499 })).toEqual(
      refused('Credit amount must be at least 500', 'credit_amount_too_low'),
    );
  });

  it('credit packs', async () => {
    expect(await refusal(free.client, 'credit_pack_quote', { credits: 350 })).toEqual(
      refused('Invalid credit amount', 'invalid_credit_amount'),
    );
  });
});
