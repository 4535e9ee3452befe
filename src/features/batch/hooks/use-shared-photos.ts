// Several photos shared into the app (the phone's share sheet, kept by the service worker) go
// into the batch (?shared=<id>, from /create), each prepared like a chosen one; the address then
// forgets the share, so a reload does not take it twice.
import { useEffect, useRef } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { dropShared, sharedFiles } from '../../../lib/shared-inbox.ts';

export function useSharedPhotos(
  shared: string | undefined,
  ready: boolean,
  addFiles: (files: File[]) => Promise<void>,
) {
  const navigate = useNavigate();
  const taken = useRef<string | null>(null);
  useEffect(() => {
    if (!shared || !ready || taken.current === shared) return;
    taken.current = shared;
    void (async () => {
      const files = await sharedFiles(shared);
      void navigate({ to: '.', search: {}, replace: true });
      if (files.length === 0) return;
      await addFiles(files);
      await dropShared(shared);
    })();
  }, [shared, ready, addFiles, navigate]);
}
