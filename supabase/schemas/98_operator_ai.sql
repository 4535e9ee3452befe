-- The operator tries a fix with AI first: the seller's drawing becomes the mask and the
-- description the prompt of FASHN's edit model (edge function operator-ai-fix). An attempt is
-- stored, so it outlives the console page: the function records it before FASHN is asked,
-- the prediction's id once FASHN took it, and its outcome whenever a console reads its state
-- (the picture goes to the private bucket 'fix-ai', which only operators may read). Nothing
-- reaches the seller until an operator sends the picture, which goes through the answer path
-- (operator_answer_fix); a discarded one never does. Every attempt, send and discard is a row
-- of public.operator_actions.

create table public.operator_fix_attempts (
  id uuid primary key default gen_random_uuid(),
  fix_id uuid not null references public.fixes (id) on delete cascade,
  seller_id uuid not null references auth.users (id) on delete cascade,
  project_id uuid not null references public.projects (id) on delete cascade,
  operator_id uuid references auth.users (id) on delete set null,
  -- 'fashn' or 'local' (FASHN's API on the local stack)
  provider text not null,
  -- FASHN's prediction id, once it took the request
  prediction_id text,
  prompt text not null,
  status text not null default 'running'
    check (status in ('running', 'ready', 'failed', 'sending', 'sent', 'discarded')),
  -- object name in bucket 'fix-ai' (ready: the AI's picture)
  result_path text,
  error_code text,
  error text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  finished_at timestamptz
);
alter table public.operator_fix_attempts enable row level security;

-- One attempt in the works per fix: a second "Try with AI" waits for the first to be sent or
-- discarded.
create unique index operator_fix_attempts_one_open on public.operator_fix_attempts (fix_id)
  where status in ('running', 'ready', 'sending');

create index operator_fix_attempts_fix_idx on public.operator_fix_attempts (fix_id, created_at desc);

comment on table public.operator_fix_attempts is
  'AI attempts at a fix (FASHN edit). Read and changed only through the operator_ai_fix_ functions.';

-- A fix (and so its attempts) deleted with its project: the AI's picture goes too.
create or replace function private.tg_operator_fix_attempts_cleanup() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform private.queue_file_removal('fix-ai', old.result_path, old.seller_id, old.project_id);
  return old;
end
$$;

create trigger cleanup_files after delete on public.operator_fix_attempts
  for each row execute function private.tg_operator_fix_attempts_cleanup();

create or replace function private.operator_attempt_row(a public.operator_fix_attempts) returns jsonb
language sql stable
set search_path = ''
as $$
  select jsonb_build_object(
    'id', a.id, 'fix_id', a.fix_id, 'seller_id', a.seller_id, 'project_id', a.project_id,
    'operator_id', a.operator_id, 'provider', a.provider, 'prediction_id', a.prediction_id,
    'prompt', a.prompt, 'status', a.status, 'result_path', a.result_path,
    'error_code', a.error_code, 'error', a.error, 'created_at', a.created_at,
    'updated_at', a.updated_at, 'finished_at', a.finished_at)
$$;

-- The fix as the AI attempt needs it, or the refusal: fix_not_found, fix_finished,
-- fix_no_drawing (the seller drew nothing), fix_no_original (no result to edit).
create or replace function private.operator_ai_fix_open(p_fix_id uuid) returns public.fixes
language plpgsql stable
set search_path = ''
as $$
declare
  f public.fixes;
begin
  select * into f from public.fixes x where x.id = p_fix_id;
  if not found then
    perform private.fail('Fix request not found', 'fix_not_found');
  end if;
  if f.status in ('completed', 'rejected') then
    perform private.fail('This fix request is already finished', 'fix_finished');
  end if;
  if nullif(btrim(coalesce(f.annotated_image, '')), '') is null then
    perform private.fail('This fix request has no drawing to use as the mask', 'fix_no_drawing');
  end if;
  return f;
end
$$;

-- rpc('operator_ai_fix_target', {fix_id}) → {fix_id, user_id, project_id, original_path,
-- drawing_path, description}: what operator-ai-fix reads before it asks FASHN anything.
create or replace function public.operator_ai_fix_target(fix_id uuid) returns jsonb
language plpgsql stable
security definer
set search_path = ''
as $$
declare
  f public.fixes;
  v_row jsonb;
begin
  perform private.require_operator();
  f := private.operator_ai_fix_open(operator_ai_fix_target.fix_id);
  v_row := private.operator_fix_row(f);
  if v_row ->> 'original_path' is null then
    perform private.fail('This fix request has no picture to edit', 'fix_no_original');
  end if;
  if exists (select 1 from public.operator_fix_attempts a
             where a.fix_id = f.id and a.status in ('running', 'ready', 'sending')) then
    perform private.fail('Send or discard the AI''s picture first', 'ai_attempt_open');
  end if;
  return jsonb_build_object('fix_id', f.id, 'user_id', f.user_id, 'project_id', f.project_id,
    'original_path', v_row ->> 'original_path', 'drawing_path', f.annotated_image,
    'description', f.description);
end
$$;

-- rpc('operator_ai_fix_begin', {fix_id, provider, prompt}) → the attempt, running. Recorded
-- (one 'ai_attempt' audit row) before FASHN is asked, so a page closed meanwhile loses nothing.
create or replace function public.operator_ai_fix_begin(fix_id uuid, provider text, prompt text) returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  uid uuid := private.require_operator();
  f public.fixes;
  a public.operator_fix_attempts;
begin
  if operator_ai_fix_begin.provider is null or operator_ai_fix_begin.provider not in ('fashn', 'local') then
    perform private.fail('No AI that can edit pictures is set up', 'ai_unavailable');
  end if;
  f := private.operator_ai_fix_open(operator_ai_fix_begin.fix_id);
  begin
    insert into public.operator_fix_attempts (fix_id, seller_id, project_id, operator_id, provider, prompt)
    values (f.id, f.user_id, f.project_id, uid, operator_ai_fix_begin.provider,
            coalesce(operator_ai_fix_begin.prompt, f.description))
    returning * into a;
  exception when unique_violation then
    perform private.fail('Send or discard the AI''s picture first', 'ai_attempt_open');
  end;
  perform private.record_operator_action('ai_attempt', f.user_id, f.id::text, null,
    jsonb_build_object('attemptId', a.id, 'provider', a.provider));
  return private.operator_attempt_row(a);
end
$$;

-- rpc('operator_ai_fix_submitted', {attempt_id, prediction_id}) → the attempt, with FASHN's id.
create or replace function public.operator_ai_fix_submitted(attempt_id uuid, prediction_id text) returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  a public.operator_fix_attempts;
begin
  perform private.require_operator();
  update public.operator_fix_attempts x
     set prediction_id = operator_ai_fix_submitted.prediction_id, updated_at = now()
   where x.id = operator_ai_fix_submitted.attempt_id and x.status = 'running' and x.prediction_id is null
  returning * into a;
  if not found then
    select * into a from public.operator_fix_attempts x where x.id = operator_ai_fix_submitted.attempt_id;
    if not found then
      perform private.fail('AI attempt not found', 'ai_attempt_not_found');
    end if;
  end if;
  return private.operator_attempt_row(a);
end
$$;

-- rpc('operator_ai_fix_finish', {attempt_id, ok, error_code?, error?}) → the attempt: a running
-- one becomes ready (its picture at {seller}/{project}/ai-{attempt}.png in 'fix-ai', stored by
-- the caller first) or failed with FASHN's error. Anything else is answered unchanged, so two
-- consoles reading the same attempt finish it once.
create or replace function public.operator_ai_fix_finish(
  attempt_id uuid, ok boolean, error_code text default null, error text default null)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  a public.operator_fix_attempts;
begin
  perform private.require_operator();
  select * into a from public.operator_fix_attempts x where x.id = operator_ai_fix_finish.attempt_id for update;
  if not found then
    perform private.fail('AI attempt not found', 'ai_attempt_not_found');
  end if;
  if a.status <> 'running' then
    return private.operator_attempt_row(a);
  end if;
  update public.operator_fix_attempts x
     set status = case when operator_ai_fix_finish.ok then 'ready' else 'failed' end,
         result_path = case when operator_ai_fix_finish.ok
                            then a.seller_id || '/' || a.project_id || '/ai-' || a.id || '.png' end,
         error_code = case when operator_ai_fix_finish.ok then null
                           else left(coalesce(operator_ai_fix_finish.error_code, 'UnknownError'), 100) end,
         error = case when operator_ai_fix_finish.ok then null
                      else left(operator_ai_fix_finish.error, 1000) end,
         updated_at = now(), finished_at = now()
   where x.id = a.id
  returning * into a;
  return private.operator_attempt_row(a);
end
$$;

-- rpc('operator_ai_fix_state', {fix_id}) → the fix's latest attempt, or null.
create or replace function public.operator_ai_fix_state(fix_id uuid) returns jsonb
language plpgsql stable
security definer
set search_path = ''
as $$
begin
  perform private.require_operator();
  return (select private.operator_attempt_row(a) from public.operator_fix_attempts a
          where a.fix_id = operator_ai_fix_state.fix_id
          order by a.created_at desc, a.id desc limit 1);
end
$$;

-- rpc('operator_ai_fix_claim_send', {attempt_id}) → the attempt, now 'sending' (only one send
-- at a time: a ready attempt, or one whose send stopped over 5 minutes ago), or
-- ai_attempt_not_ready. operator-ai-fix then answers the fix with the picture
-- (operator_answer_fix) and settles the send.
create or replace function public.operator_ai_fix_claim_send(attempt_id uuid) returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  a public.operator_fix_attempts;
begin
  perform private.require_operator();
  select * into a from public.operator_fix_attempts x where x.id = operator_ai_fix_claim_send.attempt_id for update;
  if not found then
    perform private.fail('AI attempt not found', 'ai_attempt_not_found');
  end if;
  if not (a.status = 'ready' or (a.status = 'sending' and a.updated_at < now() - interval '5 minutes')) then
    perform private.fail('This AI picture cannot be sent or discarded now', 'ai_attempt_not_ready');
  end if;
  update public.operator_fix_attempts x set status = 'sending', updated_at = now()
   where x.id = a.id returning * into a;
  return private.operator_attempt_row(a);
end
$$;

-- rpc('operator_ai_fix_settle_send', {attempt_id, sent}) → the attempt: sent (one 'ai_send'
-- audit row; the answer itself is operator_answer_fix's 'answer_fix' row), or ready again when
-- the answer was refused.
create or replace function public.operator_ai_fix_settle_send(attempt_id uuid, sent boolean) returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  a public.operator_fix_attempts;
begin
  perform private.require_operator();
  update public.operator_fix_attempts x
     set status = case when operator_ai_fix_settle_send.sent then 'sent' else 'ready' end, updated_at = now()
   where x.id = operator_ai_fix_settle_send.attempt_id and x.status = 'sending'
  returning * into a;
  if not found then
    perform private.fail('This AI picture cannot be sent or discarded now', 'ai_attempt_not_ready');
  end if;
  if operator_ai_fix_settle_send.sent then
    perform private.record_operator_action('ai_send', a.seller_id, a.fix_id::text, null,
      jsonb_build_object('attemptId', a.id, 'resultPath', a.result_path));
  end if;
  return private.operator_attempt_row(a);
end
$$;

-- rpc('operator_ai_fix_discard', {attempt_id}) → the attempt, discarded (one 'ai_discard' audit
-- row): running, ready or failed; never one being sent or sent. The function removes the
-- picture from 'fix-ai'.
create or replace function public.operator_ai_fix_discard(attempt_id uuid) returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  a public.operator_fix_attempts;
begin
  perform private.require_operator();
  update public.operator_fix_attempts x set status = 'discarded', updated_at = now(),
         finished_at = coalesce(x.finished_at, now())
   where x.id = operator_ai_fix_discard.attempt_id and x.status in ('running', 'ready', 'failed')
  returning * into a;
  if not found then
    if not exists (select 1 from public.operator_fix_attempts x where x.id = operator_ai_fix_discard.attempt_id) then
      perform private.fail('AI attempt not found', 'ai_attempt_not_found');
    end if;
    perform private.fail('This AI picture cannot be sent or discarded now', 'ai_attempt_not_ready');
  end if;
  perform private.record_operator_action('ai_discard', a.seller_id, a.fix_id::text, null,
    jsonb_build_object('attemptId', a.id, 'resultPath', a.result_path));
  return private.operator_attempt_row(a);
end
$$;

-- The console shows the AI's picture; sellers have no policy on 'fix-ai' at all.
create policy "drape: operators read AI fix pictures"
  on storage.objects for select to authenticated
  using (bucket_id = 'fix-ai' and ((select auth.jwt()) -> 'app_metadata' ->> 'role') = 'operator');

-- Privileges ----------------------------------------------------------------------------
revoke all on public.operator_fix_attempts from anon, authenticated;
revoke all on function private.tg_operator_fix_attempts_cleanup() from public;
revoke all on function private.operator_attempt_row(a operator_fix_attempts) from public;
revoke all on function private.operator_ai_fix_open(p_fix_id uuid) from public;
revoke all on function public.operator_ai_fix_target(fix_id uuid) from public;
revoke all on function public.operator_ai_fix_begin(fix_id uuid, provider text, prompt text) from public;
revoke all on function public.operator_ai_fix_submitted(attempt_id uuid, prediction_id text) from public;
revoke all on function public.operator_ai_fix_finish(attempt_id uuid, ok boolean, error_code text, error text) from public;
revoke all on function public.operator_ai_fix_state(fix_id uuid) from public;
revoke all on function public.operator_ai_fix_claim_send(attempt_id uuid) from public;
revoke all on function public.operator_ai_fix_settle_send(attempt_id uuid, sent boolean) from public;
revoke all on function public.operator_ai_fix_discard(attempt_id uuid) from public;
