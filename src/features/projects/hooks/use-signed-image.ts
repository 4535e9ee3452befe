import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { holdsStoredCopy } from '../../../lib/stored-images.ts';
import { useOnline } from '../../../lib/use-online.ts';
import { useSupabase } from '../../../lib/use-supabase.ts';
import { unsignedImageUrl } from '../../../lib/stored-image-keys.ts';
import { projectKeys, signedImageQueryOptions } from '../api.ts';
import { type ImageSize, type ImageSource, sizeKey } from '../image-sources.ts';

export interface SignedImageOptions {
  /** sign (and load) only once true: an image still off screen waits */
  enabled?: boolean;
  /**
   * For an <img> that calls `retry` when it fails to load: first ask the service worker for its
   * copy of this image, without signing, and sign only when it has none; offline, take any copy
   * of the object it has (src/sw/stored-images.ts).
   */
  copies?: boolean;
}

const controlledByServiceWorker = () =>
  typeof navigator !== 'undefined' && !!navigator.serviceWorker?.controller;

/** Whether the worker holds the copy `url` asks for: undefined while Cache Storage is looked in. */
function useStoredCopy(url: string | null): boolean | undefined {
  const [found, setFound] = useState<{ url: string; held: boolean } | null>(null);
  useEffect(() => {
    if (!url) return;
    let current = true;
    void holdsStoredCopy(url).then((held) => {
      if (current) setFound({ url, held });
    });
    return () => {
      current = false;
    };
  }, [url]);
  return url !== null && found?.url === url ? found.held : undefined;
}

/**
 * A URL for a stored image at a size (null `size`: the file as stored): signed and transformed,
 * or with `copies` the service worker's copy when it has one. `retry` is for an <img> that
 * failed: without a copy it signs; a signed URL that ran out is signed again.
 */
export function useSignedImage(
  source: ImageSource | null,
  size: ImageSize | null,
  { enabled = true, copies = false }: SignedImageOptions = {},
) {
  const client = useSupabase();
  const queryClient = useQueryClient();
  const online = useOnline();
  const bucket = source?.bucket;
  const path = source?.path;
  const image = source ? `${source.bucket}/${source.path}@${sizeKey(size)}` : null;
  // the image (at this size) the worker turned out to have no copy of: it is signed instead
  const [noCopyOf, setNoCopyOf] = useState<string | null>(null);
  const signedQuery = signedImageQueryOptions(client, source ?? { bucket: 'uploads', path: '' }, size);
  const signed = queryClient.getQueryData(signedQuery.queryKey) ?? null;
  // Online, the worker's copy of this very size; offline, any copy of the object, unless the
  // picture was signed before (the <img> already has it). Asked for only once Cache Storage shows
  // the worker holds it: asked blindly, the worker answered a copy it never stored with a 404.
  const copyMode = online ? 'exact' : signed ? null : 'any';
  const copyUrl =
    enabled && copies && source && copyMode && noCopyOf !== image && controlledByServiceWorker()
      ? unsignedImageUrl(
          client.storage.from(source.bucket).getPublicUrl(source.path).data.publicUrl,
          size,
          copyMode,
        )
      : null;
  const held = useStoredCopy(copyUrl);
  // looking for the copy, or found it: not signed
  const fromCopy = copyUrl !== null && held !== false;
  const query = useQuery({
    ...signedQuery,
    // offline, an image that may come from a copy is not signed: the request could not go out
    enabled: enabled && !!source && !fromCopy && (online || !copies),
  });
  let url: string | null = query.data ?? null;
  if (fromCopy) url = held ? copyUrl : null;
  const retry = useCallback(() => {
    if (!bucket || !path || !image) return;
    if (fromCopy) {
      setNoCopyOf(image);
      return;
    }
    if (query.isFetching) return;
    if (Date.now() - query.dataUpdatedAt < 10_000) return; // just signed: the file itself is the problem
    void queryClient.invalidateQueries({ queryKey: projectKeys.signed({ bucket, path }, size) });
  }, [bucket, path, image, size, fromCopy, query.isFetching, query.dataUpdatedAt, queryClient]);
  return { url: source ? url : null, isError: query.isError, retry };
}
