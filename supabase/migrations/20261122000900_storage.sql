-- Storage buckets (all private) and their policies on storage.objects, by path prefix:
-- every object name starts with the owner's user id, '{userId}/...'.
--
--   bucket          who writes                   who reads
--   uploads         the owner (product photos)   the owner
--                   {userId}/{timestamp}-{filename}
--   fix-drawings    the owner (fix drawings)     the owner
--                   {userId}/{projectId}/{timestamp}.png
--   tool-images     the owner (tool inputs) and  the owner
--                   the server (tool results)
--                   {userId}/{uuid}.{ext}
--   generated       the server                   the owner, only on a plan with
--                   {userId}/{projectId}/{imageId}.png   watermark-free downloads
--   watermarked     the server                   the owner
--                   {userId}/{projectId}/{imageId}.png   (40% watermark, for free plans)
--   videos          the server                   the owner
--                   {userId}/{projectId}/{timestamp}.mp4
--
-- The server (service role) bypasses these policies. A free-plan user never receives
-- unwatermarked bytes: they can neither download nor sign an object in 'generated'.

insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types) values
  ('uploads',      'uploads',      false, 10485760, array['image/png', 'image/jpeg', 'image/webp']),
  ('fix-drawings', 'fix-drawings', false, 10485760, array['image/png', 'image/jpeg', 'image/webp']),
  ('tool-images',  'tool-images',  false, 10485760, array['image/png', 'image/jpeg', 'image/webp']),
  ('generated',    'generated',    false, 52428800, array['image/png', 'image/jpeg', 'image/webp']),
  ('watermarked',  'watermarked',  false, 52428800, array['image/png', 'image/jpeg', 'image/webp']),
  ('videos',       'videos',       false, 52428800, array['video/mp4', 'video/webm'])
on conflict (id) do nothing;

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
