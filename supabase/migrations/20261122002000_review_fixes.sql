-- Review fixes: holes found by a hostile review of the rules (tests in
-- tests/integration/domain/review-*.test.ts).
--
-- 1. Object names that walk out of the owner's folder. Storage refuses object names with
--    empty, '.' or '..' segments, but names recorded in tables are later handed to server
--    code, whose HTTP client resolves such segments (also when written %2e) before the
--    request leaves: '{me}/../{victim}/photo.png' passes a "first segment is me" check and
--    then reads the victim's object with the service key. No real object can have such a
--    name, so the rules refuse it: uploaded_files.file_path (and so start_generation's
--    product photos) and request_project_fix's drawing.

-- A name storage would accept and that no client resolves to another folder: no empty,
-- '.' or '..' segment (also percent-encoded), no backslash, no control character.
create or replace function private.is_plain_object_name(p_name text) returns boolean
language sql immutable
set search_path = ''
as $$
  select p_name is not null
     and p_name !~* '(^|/)(\.|%2e){0,2}(/|$)'
     and p_name !~ '[\\[:cntrl:]]'
$$;
revoke all on function private.is_plain_object_name(text) from public;

-- NOT VALID: enforced for every new row without failing on rows recorded before.
alter table public.uploaded_files
  add constraint uploaded_files_plain_path
  check (file_path !~* '(^|/)(\.|%2e){0,2}(/|$)' and file_path !~ '[\\[:cntrl:]]') not valid;

-- request_project_fix: the drawing must be a plain name in the caller's folder.
create or replace function private.tg_fixes_plain_drawing() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if new.annotated_image is not null
     and (not private.is_plain_object_name(new.annotated_image)
          or split_part(new.annotated_image, '/', 1) <> new.user_id::text) then
    raise exception 'Drawing not found' using errcode = 'P0001', hint = 'annotated_image_invalid';
  end if;
  return new;
end
$$;
revoke all on function private.tg_fixes_plain_drawing() from public;
create trigger plain_drawing before insert or update of annotated_image, user_id on public.fixes
  for each row execute function private.tg_fixes_plain_drawing();
