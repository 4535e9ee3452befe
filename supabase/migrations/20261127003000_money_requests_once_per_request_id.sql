-- Every request that moves money is served once per request id (issue 21): start_generation,
-- request_project_video and request_project_fix take `request_id`, an id the browser makes for
-- one press of Generate / Generate Video / Send and keeps until it has the answer. When the
-- answer is lost (the connection drops after the commit) the browser asks again with the same
-- id and gets the first outcome back — the same project, the same fix, the same single charge —
-- instead of a second project and a second charge. Concurrent repeats (a double tap, a retry
-- racing the original) are served once too.
--
-- ONE mechanism for every such request (a batch of projects will use it next: one claim, then
-- 20 projects charged in the same transaction):
--
--   private.money_requests     one row per (seller, request id): the kind of request, a hash of
--                              its parameters, the outcome to answer a repeat with, when it came.
--   private.claim_request(uid, request_id, kind, params) → null when the request is new (go on,
--                              then settle it), or the stored outcome when it was served before.
--                              It inserts the row first: a concurrent repeat waits on the row's
--                              key until the first transaction ends, then sees its outcome (or,
--                              when the first was refused and rolled back, serves the request
--                              itself). A repeat whose kind or parameters differ is refused:
--                              'This request was already sent with other choices' (request_reused)
--                              — the browser makes a new id for every new choice, so this only
--                              answers a client that reuses ids by mistake.
--   private.settle_request(uid, request_id, outcome) stores the outcome in the same transaction.
--
-- A refused request (not enough credits, a missing photo, …) rolls its claim back with
-- everything else: nothing is remembered and the same id may be sent again later. Without a
-- request id every call is served, as before.
--
-- How long an id is kept: 30 days. Each claim removes the caller's own rows older than that,
-- so the table holds about a month of each seller's money requests; rows go with the seller.
--
-- Each public function is now a thin wrapper: claim, call the checked body (moved unchanged to
-- the private schema, so this migration does not copy it), settle. Answers gain `replayed`
-- (false for the first answer, true for a repeat):
--   start_generation / request_project_video → the project as it is now (its {id, name} when it
--     has been deleted since);
--   request_project_fix → the first answer with the balance as it is now.

create table private.money_requests (
  user_id uuid not null references auth.users (id) on delete cascade,
  request_id text not null,
  kind text not null check (kind in ('generation', 'video', 'fix', 'batch')),
  params_hash text not null,
  outcome jsonb,
  created_at timestamptz not null default now(),
  primary key (user_id, request_id)
);
create index money_requests_age_idx on private.money_requests (user_id, created_at);

comment on table private.money_requests is
  'Requests that move money, by the browser''s request id: a repeat gets the first outcome instead of a second charge (kept 30 days).';

-- null: the request is new and now claimed (settle it before returning); otherwise the outcome
-- of the first request with this id.
create or replace function private.claim_request(p_user_id uuid, p_request_id text, p_kind text, p_params jsonb)
returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  v_request text := nullif(btrim(p_request_id), '');
  v_hash text := md5(p_kind || ':' || coalesce(p_params, '{}'::jsonb)::text);
  v_row private.money_requests;
begin
  if v_request is null then
    return null;
  end if;
  if length(v_request) > 200 then
    perform private.fail('Invalid request id', 'request_id_invalid');
  end if;
  delete from private.money_requests m
    where m.user_id = p_user_id and m.created_at < private.app_now() - interval '30 days';
  -- a concurrent insert of the same key makes this wait until that transaction ends
  insert into private.money_requests (user_id, request_id, kind, params_hash)
  values (p_user_id, v_request, p_kind, v_hash)
  on conflict (user_id, request_id) do nothing;
  if found then
    return null;
  end if;
  select * into v_row from private.money_requests m where m.user_id = p_user_id and m.request_id = v_request;
  if v_row.kind <> p_kind or v_row.params_hash <> v_hash or v_row.outcome is null then
    perform private.fail('This request was already sent with other choices', 'request_reused');
  end if;
  return v_row.outcome;
end
$$;

create or replace function private.settle_request(p_user_id uuid, p_request_id text, p_outcome jsonb)
returns void
language sql
set search_path = ''
as $$
  update private.money_requests m set outcome = p_outcome
  where m.user_id = p_user_id and m.request_id = nullif(btrim(p_request_id), '')
$$;

revoke all on function private.claim_request(uuid, text, text, jsonb), private.settle_request(uuid, text, jsonb)
  from public;

-- ---------------------------------------------------------------------------------------------
-- start_generation: the checked body moves to private as it is; public gets the wrapper.
alter function public.start_generation(text, text[], integer[], integer, integer, boolean, text, text, text, text[], text)
  set schema private;
revoke all on function
  private.start_generation(text, text[], integer[], integer, integer, boolean, text, text, text, text[], text)
  from public, anon, authenticated;

create or replace function public.start_generation(
  project_type text,
  product_paths text[],
  pose_ids integer[],
  model_id integer default null,
  background_id integer default null,
  background_blurred boolean default false,
  custom_model text default null,
  custom_background text default null,
  project_name text default null,
  garment_types text[] default null,
  locale text default null,
  request_id text default null)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  uid uuid := private.require_user();
  v_first jsonb;
  v_project jsonb;
begin
  -- the language only names the project: a repeat from a page switched to Greek is the same request
  v_first := private.claim_request(uid, start_generation.request_id, 'generation', jsonb_build_object(
    'project_type', start_generation.project_type, 'product_paths', start_generation.product_paths,
    'pose_ids', start_generation.pose_ids, 'model_id', start_generation.model_id,
    'background_id', start_generation.background_id, 'background_blurred', start_generation.background_blurred,
    'custom_model', start_generation.custom_model, 'custom_background', start_generation.custom_background,
    'project_name', start_generation.project_name, 'garment_types', start_generation.garment_types));
  if v_first is not null then
    return coalesce(private.project_json((v_first ->> 'id')::uuid), v_first) || jsonb_build_object('replayed', true);
  end if;
  v_project := private.start_generation(start_generation.project_type, start_generation.product_paths,
    start_generation.pose_ids, start_generation.model_id, start_generation.background_id,
    start_generation.background_blurred, start_generation.custom_model, start_generation.custom_background,
    start_generation.project_name, start_generation.garment_types, start_generation.locale);
  perform private.settle_request(uid, start_generation.request_id,
    jsonb_build_object('id', v_project -> 'id', 'name', v_project -> 'name'));
  return v_project || jsonb_build_object('replayed', false);
end
$$;

revoke all on function
  public.start_generation(text, text[], integer[], integer, integer, boolean, text, text, text, text[], text, text)
  from public, anon, authenticated;
grant execute on function
  public.start_generation(text, text[], integer[], integer, integer, boolean, text, text, text, text[], text, text)
  to anon, authenticated, service_role; -- anon gets 'User not authenticated'

-- ---------------------------------------------------------------------------------------------
-- request_project_video
alter function public.request_project_video(uuid, text, text) set schema private;
revoke all on function private.request_project_video(uuid, text, text) from public, anon, authenticated;

create or replace function public.request_project_video(
  project_id uuid, video_style text, custom_description text default null, request_id text default null)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  uid uuid := private.require_user();
  v_first jsonb;
  v_project jsonb;
begin
  v_first := private.claim_request(uid, request_project_video.request_id, 'video', jsonb_build_object(
    'project_id', request_project_video.project_id, 'video_style', request_project_video.video_style,
    'custom_description', request_project_video.custom_description));
  if v_first is not null then
    return coalesce(private.project_json((v_first ->> 'id')::uuid), v_first) || jsonb_build_object('replayed', true);
  end if;
  v_project := private.request_project_video(request_project_video.project_id, request_project_video.video_style,
    request_project_video.custom_description);
  perform private.settle_request(uid, request_project_video.request_id,
    jsonb_build_object('id', v_project -> 'id', 'name', v_project -> 'name',
                       'video_charge_id', v_project -> 'video_charge_id'));
  return v_project || jsonb_build_object('replayed', false);
end
$$;

revoke all on function public.request_project_video(uuid, text, text, text) from public, anon, authenticated;
grant execute on function public.request_project_video(uuid, text, text, text)
  to anon, authenticated, service_role; -- anon gets 'User not authenticated'

-- ---------------------------------------------------------------------------------------------
-- request_project_fix
alter function public.request_project_fix(uuid, text, text, uuid) set schema private;
revoke all on function private.request_project_fix(uuid, text, text, uuid) from public, anon, authenticated;

create or replace function public.request_project_fix(
  project_id uuid, description text, annotated_image text default null, image_id uuid default null,
  request_id text default null)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  uid uuid := private.require_user();
  v_first jsonb;
  v_answer jsonb;
begin
  v_first := private.claim_request(uid, request_project_fix.request_id, 'fix', jsonb_build_object(
    'project_id', request_project_fix.project_id, 'description', request_project_fix.description,
    'annotated_image', request_project_fix.annotated_image, 'image_id', request_project_fix.image_id));
  if v_first is not null then
    return v_first || jsonb_build_object(
      'credits_remaining', (select s.credits_remaining from public.subscriptions s where s.user_id = uid),
      'replayed', true);
  end if;
  v_answer := private.request_project_fix(request_project_fix.project_id, request_project_fix.description,
    request_project_fix.annotated_image, request_project_fix.image_id);
  perform private.settle_request(uid, request_project_fix.request_id, v_answer);
  return v_answer || jsonb_build_object('replayed', false);
end
$$;

revoke all on function public.request_project_fix(uuid, text, text, uuid, text) from public, anon, authenticated;
grant execute on function public.request_project_fix(uuid, text, text, uuid, text)
  to anon, authenticated, service_role; -- anon gets 'User not authenticated'
