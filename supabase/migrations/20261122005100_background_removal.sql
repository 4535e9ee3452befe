-- Background removal (spec 2 §2 /tools/background-remover, §4 "Tools flow", §5, §9): the
-- seller uploads one photo to bucket 'tool-images' ({userId}/{uuid}.{ext}) and calls
-- rpc('start_background_removal', {input_path}). One transaction checks the photo, charges
-- the tool's price the way charge_tool_use does (0.40 credits, a tool_used activity with
-- toolName and creditsUsed) and creates the job; the generation engine (dispatch) removes
-- the background and stores a transparent PNG in 'tool-images' (result_path). A job that
-- fails gives its credits back once (tool_jobs' status trigger).
--
-- Messages (errcode P0001) and their hint codes:
--   'User not authenticated'                                       not_authenticated
--   'Please upload a photo'                                        photo_required
--   'Photo not found'                                              photo_not_found
--   'Invalid file type. Only PNG, JPG, and WebP are supported.'    invalid_file_type
--   'Insufficient credits. Need 0.40 but only have X'              insufficient_credits
-- Returns the job row as JSON.

create or replace function public.start_background_removal(input_path text) returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  uid uuid := private.require_user();
  v_path text := nullif(btrim(start_background_removal.input_path), '');
  v_object storage.objects;
  v_mime text;
  v_charge jsonb;
  v_job public.tool_jobs;
begin
  if v_path is null then
    perform private.fail('Please upload a photo', 'photo_required');
  end if;
  if not private.is_plain_object_name(v_path) or split_part(v_path, '/', 1) <> uid::text then
    perform private.fail('Photo not found', 'photo_not_found');
  end if;
  select * into v_object from storage.objects o where o.bucket_id = 'tool-images' and o.name = v_path;
  if not found then
    perform private.fail('Photo not found', 'photo_not_found');
  end if;
  v_mime := lower(split_part(coalesce(v_object.metadata ->> 'mimetype', ''), ';', 1));
  if v_mime not in ('image/png', 'image/jpeg', 'image/webp') then
    perform private.fail('Invalid file type. Only PNG, JPG, and WebP are supported.', 'invalid_file_type');
  end if;

  v_charge := public.charge_tool_use('background-remover', 'Background removal',
                                     jsonb_build_object('inputPath', v_path));
  insert into public.tool_jobs (user_id, tool, input_path, credits_charged, charge_id)
  values (uid, 'background-remover', v_path, (v_charge ->> 'credits_used')::numeric, (v_charge ->> 'charge_id')::uuid)
  returning * into v_job;

  -- wakes the dispatcher (delivered on commit)
  perform pg_notify('tool_jobs', v_job.id::text);
  return to_jsonb(v_job);
end
$$;

revoke all on function public.start_background_removal(text) from public, anon, authenticated;
-- anon may call it too: it answers 'User not authenticated' (P0001) like every client function
grant execute on function public.start_background_removal(text) to anon, authenticated, service_role;
