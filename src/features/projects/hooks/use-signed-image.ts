import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useOnline } from '../../../lib/use-online.ts';
import { useSupabase } from '../../../lib/use-supabase.ts';
import { unsignedImageUrl } from '../../../sw/stored-image-keys.ts';
import { projectKeys, signedImageQueryOptions } from '../api.ts';
import type { ImageSize, ImageSource } from '../image-sources.ts';

/**
 * A signed, transformed URL for a stored image (null `size`: the file as stored). `retry`
 * signs again — for an <img> whose URL ran out (a copy restored from the offline cache).
 * Offline, with nothing signed yet, the image's address without a token: the service worker
 * answers it with its copy, if the seller has seen the image before (src/sw/stored-images.ts).
 */
export function useSignedImage(source: ImageSource | null, size: ImageSize | null, enabled = true) {
  const client = useSupabase();
  const queryClient = useQueryClient();
  const query = useQuery({
    ...signedImageQueryOptions(client, source ?? { bucket: 'uploads', path: '' }, size),
    enabled: enabled && !!source,
  });
  const bucket = source?.bucket;
  const path = source?.path;
  const retry = useCallback(() => {
    if (!bucket || !path || query.isFetching) return;
    if (Date.now() - query.dataUpdatedAt < 10_000) return; // just signed: the file itself is the problem
    void queryClient.invalidateQueries({ queryKey: projectKeys.signed({ bucket, path }, size) });
  }, [bucket, path, size, query.isFetching, query.dataUpdatedAt, queryClient]);
  const online = useOnline();
  const unsigned =
    source && enabled && !online && !query.data
      ? unsignedImageUrl(client.storage.from(source.bucket).getPublicUrl(source.path).data.publicUrl)
      : null;
  return { url: source ? (query.data ?? unsigned) : null, isError: query.isError, retry };
}
