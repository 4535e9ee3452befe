create table if not exists private.storage_cleanup (
  id bigint generated always as identity primary key,
  bucket text not null,
  -- an object name, or with is_folder a folder ('{userId}/{projectId}') whose objects go
  name text not null,
  is_folder boolean not null default false,
  user_id uuid,
  project_id uuid,
  attempts integer not null default 0,
  next_attempt_at timestamptz not null default now(),
  last_error text,
  created_at timestamptz not null default now(),
  unique (bucket, name, is_folder)
);

create index if not exists storage_cleanup_due on private.storage_cleanup (next_attempt_at);

-- Queues one name (nothing for null or an empty name).
create or replace function private.queue_file_removal(
  p_bucket text, p_name text, p_user_id uuid, p_project_id uuid, p_is_folder boolean default false)
returns void
language sql
security definer
set search_path = ''
as $$
  insert into private.storage_cleanup (bucket, name, is_folder, user_id, project_id)
  select p_bucket, btrim(p_name, '/'), p_is_folder, p_user_id, p_project_id
  where nullif(btrim(coalesce(p_name, ''), '/'), '') is not null
  on conflict (bucket, name, is_folder) do update set next_attempt_at = least(storage_cleanup.next_attempt_at, now())
$$;

-- A client (the owner, through row-level security) may delete a project directly: not while
-- it is processing or its video is being made.
create or replace function private.tg_projects_delete_guard() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if current_user::text not in ('anon', 'authenticated') then
    return old;
  end if;
  if old.status in ('draft', 'processing') then
    raise exception 'This project is still processing and cannot be deleted'
      using errcode = 'P0001', hint = 'project_processing';
  end if;
  if old.video_status in ('pending', 'processing') then
    raise exception 'This project''s video is still being generated and cannot be deleted'
      using errcode = 'P0001', hint = 'video_processing';
  end if;
  return old;
end
$$;

create trigger delete_guard before delete on public.projects
  for each row execute function private.tg_projects_delete_guard();

-- After a project goes: its product photos, its video, and the project's folders in the
-- result buckets (older videos and results a retry replaced live there too).
create or replace function private.tg_projects_queue_files() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_path text;
  v_folder text := old.user_id::text || '/' || old.id::text;
begin
  foreach v_path in array coalesce(old.product_paths, '{}'::text[]) loop
    perform private.queue_file_removal('uploads', v_path, old.user_id, old.id);
  end loop;
  perform private.queue_file_removal('videos', old.video_path, old.user_id, old.id);
  perform private.queue_file_removal('generated', v_folder, old.user_id, old.id, true);
  perform private.queue_file_removal('watermarked', v_folder, old.user_id, old.id, true);
  perform private.queue_file_removal('videos', v_folder, old.user_id, old.id, true);
  perform private.queue_file_removal('fix-drawings', v_folder, old.user_id, old.id, true);
  return null;
end
$$;

create trigger queue_files after delete on public.projects
  for each row execute function private.tg_projects_queue_files();

-- After an image goes: its product photo, clean and watermarked results.
create or replace function private.tg_images_queue_files() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform private.queue_file_removal('uploads', old.original_path, old.user_id, old.project_id);
  perform private.queue_file_removal('generated', old.generated_path, old.user_id, old.project_id);
  perform private.queue_file_removal('watermarked', old.watermarked_path, old.user_id, old.project_id);
  return null;
end
$$;

create trigger queue_files after delete on public.images
  for each row execute function private.tg_images_queue_files();

-- rpc('delete_project', {project_id}) as the signed-in owner → {project_id, queued_files}.
-- Deletes the project (images, fixes and fix requests go with it) and queues its files; the
-- credits spent on it stay spent.
create or replace function public.delete_project(project_id uuid) returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  uid uuid := private.require_user();
  p public.projects := private.own_project(delete_project.project_id, uid);
  v_before bigint;
  v_after bigint;
begin
  if p.status in ('draft', 'processing') then
    perform private.fail('This project is still processing and cannot be deleted', 'project_processing');
  end if;
  if p.video_status in ('pending', 'processing') then
    perform private.fail('This project''s video is still being generated and cannot be deleted', 'video_processing');
  end if;
  select count(*) into v_before from private.storage_cleanup;
  delete from public.projects where id = p.id;
  select count(*) into v_after from private.storage_cleanup;
  return jsonb_build_object('project_id', p.id, 'queued_files', v_after - v_before);
end
$$;

-- The queue, for the service role (the delete-project function). Hands out due items with a
-- lease; a product photo another project still uses is dropped from the queue, one no project
-- uses any more loses its uploaded_files row as it is handed out. Optionally only one user's.
create or replace function public.claim_storage_cleanup(
  max_items integer default 200, lease_seconds integer default 120, only_user uuid default null)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_items jsonb;
begin
  delete from private.storage_cleanup c
   where c.bucket = 'uploads' and not c.is_folder
     and (only_user is null or c.user_id = only_user)
     and (exists (select 1 from public.images i where i.original_path = c.name)
          or exists (select 1 from public.projects p where c.name = any (p.product_paths)));

  with due as (
    select c.id from private.storage_cleanup c
     where c.next_attempt_at <= now() and (only_user is null or c.user_id = only_user)
     order by c.next_attempt_at, c.id
     limit greatest(coalesce(max_items, 200), 1)
     for update skip locked
  ), claimed as (
    update private.storage_cleanup c
       set attempts = c.attempts + 1,
           next_attempt_at = now() + make_interval(secs => greatest(coalesce(lease_seconds, 120), 10))
      from due where c.id = due.id
    returning c.id, c.bucket, c.name, c.is_folder
  )
  select coalesce(jsonb_agg(jsonb_build_object('id', id, 'bucket', bucket, 'name', name, 'is_folder', is_folder)
                            order by id), '[]'::jsonb)
    into v_items from claimed;

  delete from public.uploaded_files f
   using jsonb_array_elements(v_items) x
   where x ->> 'bucket' = 'uploads' and not (x ->> 'is_folder')::boolean and f.file_path = x ->> 'name';

  return v_items;
end
$$;

-- Reports a claim: removed items leave the queue; failed ones ({id, error}) are tried again
-- after 1, 2, 4 … minutes (at most a day apart).
create or replace function public.finish_storage_cleanup(removed bigint[], failed jsonb default '[]'::jsonb)
returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_removed integer;
begin
  delete from private.storage_cleanup where id = any (coalesce(removed, '{}'::bigint[]));
  get diagnostics v_removed = row_count;
  update private.storage_cleanup c
     set last_error = left(x ->> 'error', 500),
         next_attempt_at = now() + least(make_interval(mins => power(2, least(c.attempts - 1, 10))::integer),
                                         interval '1 day')
    from jsonb_array_elements(coalesce(failed, '[]'::jsonb)) x
   where c.id = (x ->> 'id')::bigint;
  return v_removed;
end
$$;

-- Hosted Supabase: files left queued (Storage was down when a project was deleted, or rows
-- went by another way) are removed by calling delete-project every 10 minutes through pg_net,
-- when something is due. Without pg_cron, pg_net or the Vault secrets (project_url,
-- service_role_key: see docs/hosted-scheduling.md) this does nothing.
create or replace function private.invoke_storage_cleanup() returns bigint
language plpgsql
security definer
set search_path = ''
as $$
begin
  if not exists (select 1 from private.storage_cleanup where next_attempt_at <= now()) then
    return null;
  end if;
  return private.invoke_edge_function('delete-project');
end
$$;

-- Owner-managed buckets: read, add, replace and remove one's own objects.
create policy "drape: owners read their objects"
  on storage.objects for select to authenticated
  using (bucket_id in ('uploads', 'fix-drawings', 'tool-images', 'watermarked', 'videos')
         and (storage.foldername(name))[1] = (select auth.uid())::text);

create policy "drape: owners add their objects"
  on storage.objects for insert to authenticated
  with check (bucket_id in ('uploads', 'fix-drawings', 'tool-images')
              and (storage.foldername(name))[1] = (select auth.uid())::text);

create policy "drape: owners replace their objects"
  on storage.objects for update to authenticated
  using (bucket_id in ('uploads', 'fix-drawings', 'tool-images')
         and (storage.foldername(name))[1] = (select auth.uid())::text)
  with check (bucket_id in ('uploads', 'fix-drawings', 'tool-images')
              and (storage.foldername(name))[1] = (select auth.uid())::text);

create policy "drape: owners remove their objects"
  on storage.objects for delete to authenticated
  using (bucket_id in ('uploads', 'fix-drawings', 'tool-images')
         and (storage.foldername(name))[1] = (select auth.uid())::text);

-- Clean generated images: the owner, only while on a plan with watermark-free downloads.
create policy "drape: owners on paid plans read clean images"
  on storage.objects for select to authenticated
  using (bucket_id = 'generated'
         and (storage.foldername(name))[1] = (select auth.uid())::text
         and exists (select 1 from public.subscriptions s join public.plans p on p.id = s.plan
                     where s.user_id = (select auth.uid()) and p.watermark_free_download));

-- Privileges ----------------------------------------------------------------------------
revoke all on function private.invoke_storage_cleanup() from public;
revoke all on function private.queue_file_removal(p_bucket text, p_name text, p_user_id uuid, p_project_id uuid, p_is_folder boolean) from public;
revoke all on function private.tg_images_queue_files() from public;
revoke all on function private.tg_projects_delete_guard() from public;
revoke all on function private.tg_projects_queue_files() from public;
revoke all on function public.claim_storage_cleanup(max_items integer, lease_seconds integer, only_user uuid) from anon, authenticated, public;
revoke all on function public.delete_project(project_id uuid) from public;
revoke all on function public.finish_storage_cleanup(removed bigint[], failed jsonb) from anon, authenticated, public;
