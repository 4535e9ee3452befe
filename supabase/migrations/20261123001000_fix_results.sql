-- Fix results (spec 2 §4 "Fix status": pending → processing → completed or rejected). The fix
-- workflow (an operator, or their automation, answering the notice send-notice posted) works
-- with the service role:
--
--   1. optionally marks the fix as being worked on:   rpc('complete_fix', {fix_id, status: 'processing'})
--   2. stores the fixed picture twice, like a generated image — the clean one in bucket
--      'generated' and a copy with the free plan's watermark in 'watermarked', both at
--      '{userId}/{projectId}/fix-{fixId}.png' (the project's folder: deleting the project
--      removes them; a plan without watermark-free downloads is only given the copy);
--   3. rpc('complete_fix', {fix_id, status: 'completed', result_path, watermarked_path}),
--      or rpc('complete_fix', {fix_id, status: 'rejected', note}) when it cannot be done:
--      a fix that was paid for gets its credit back.
--
-- The seller sees the status and, once completed, the result on /fixes and on the project
-- page (realtime on public.fixes). A completed or rejected fix is final. Deleting a fix
-- request removes its result files with its drawing.
--
-- Messages (errcode P0001) and hint codes (the operator's, not a seller's):
--   'Fix request not found'                          fix_not_found
--   'Invalid fix status'                             fix_status_invalid
--   'This fix request is already finished'           fix_finished
--   'A completed fix needs its result image'         fix_result_required
--   'Fix result not found'                           fix_result_invalid

alter table public.fixes add column if not exists result_watermarked_path text;
-- why a fix was rejected, in the operator's words (shown to the seller as is)
alter table public.fixes add column if not exists result_note text
  check (result_note is null or length(result_note) <= 1000);
alter table public.fixes add column if not exists completed_at timestamptz;

-- A result is a plain name in the fix's project folder that exists in its bucket.
create or replace function private.fix_result_ok(p_fix public.fixes, p_bucket text, p_name text)
returns boolean
language sql stable
set search_path = ''
as $$
  select private.is_plain_object_name(p_name)
     and split_part(p_name, '/', 1) = p_fix.user_id::text
     and split_part(p_name, '/', 2) = p_fix.project_id::text
     and exists (select 1 from storage.objects o where o.bucket_id = p_bucket and o.name = p_name)
$$;

-- rpc('complete_fix', {fix_id, status, result_path?, watermarked_path?, note?}) → the fix row.
create or replace function public.complete_fix(
  fix_id uuid, status text, result_path text default null, watermarked_path text default null,
  note text default null)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  f public.fixes;
  r public.fix_requests;
  v_result text := nullif(btrim(complete_fix.result_path), '');
  v_marked text := nullif(btrim(complete_fix.watermarked_path), '');
  v_note text := nullif(btrim(complete_fix.note), '');
begin
  if complete_fix.status is null or complete_fix.status not in ('processing', 'completed', 'rejected') then
    perform private.fail('Invalid fix status', 'fix_status_invalid');
  end if;
  select * into f from public.fixes x where x.id = complete_fix.fix_id for update;
  if not found then
    perform private.fail('Fix request not found', 'fix_not_found');
  end if;
  if f.status in ('completed', 'rejected') then
    perform private.fail('This fix request is already finished', 'fix_finished');
  end if;

  if complete_fix.status = 'completed' then
    if v_result is null or v_marked is null then
      perform private.fail('A completed fix needs its result image', 'fix_result_required');
    end if;
    if not private.fix_result_ok(f, 'generated', v_result)
       or not private.fix_result_ok(f, 'watermarked', v_marked) then
      perform private.fail('Fix result not found', 'fix_result_invalid');
    end if;
    update public.fixes x
       set status = 'completed', result_path = v_result, result_watermarked_path = v_marked,
           result_note = v_note, completed_at = now(), updated_at = now()
     where x.id = f.id
    returning * into f;
  elsif complete_fix.status = 'rejected' then
    update public.fixes x
       set status = 'rejected', result_note = v_note, completed_at = now(), updated_at = now()
     where x.id = f.id
    returning * into f;
    -- a paid fix that was not done: its credit back (once; a free fix stays used)
    select * into r from public.fix_requests q where q.fix_id = f.id;
    if r.charge_id is not null then
      perform private.refund(r.charge_id, null, 'fix-rejected:' || f.id,
                             jsonb_build_object('fixId', f.id, 'projectId', f.project_id));
    end if;
  else
    update public.fixes x set status = 'processing', updated_at = now() where x.id = f.id
    returning * into f;
  end if;
  return to_jsonb(f);
end
$$;

revoke all on function private.fix_result_ok(public.fixes, text, text) from public;
revoke all on function public.complete_fix(uuid, text, text, text, text) from public, anon, authenticated;
grant execute on function public.complete_fix(uuid, text, text, text, text) to service_role;

-- After a fix goes (with its project, or deleted on /fixes): its drawing and its result.
create or replace function private.tg_fixes_queue_files() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform private.queue_file_removal('fix-drawings', old.annotated_image, old.user_id, old.project_id);
  perform private.queue_file_removal('generated', old.result_path, old.user_id, old.project_id);
  perform private.queue_file_removal('watermarked', old.result_watermarked_path, old.user_id, old.project_id);
  return null;
end
$$;
