// The upload step takes a photo shared into the app (?shared=<id>, from /create): a new shoot
// with it, replacing a photo the draft had. Several shared photos go to the Batch Processor where
// the plan has it (/create offers it on Advanced); a shoot takes the first one and says so.
import { useEffect, useRef, useState } from 'react';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useUser } from '../../auth/index.ts';
import type { Flow } from '../model/steps.ts';
import { draftStore } from '../store/draft-store.ts';
import { dropShared, sharedFiles } from '../../../lib/shared-inbox.ts';
import type { useAddPhoto } from './use-add-photo.ts';
import type { useRemovePhoto } from './use-remove-photo.ts';

export function useSharedPhoto(
  flow: Flow,
  addFiles: ReturnType<typeof useAddPhoto>['addFiles'],
  remove: ReturnType<typeof useRemovePhoto>['remove'],
): { sharedCount: number } {
  const user = useUser();
  const navigate = useNavigate();
  const { shared } = useSearch({ strict: false }) as { shared?: string };
  const [sharedCount, setSharedCount] = useState(0);
  const taken = useRef<string | null>(null);

  useEffect(() => {
    if (!shared || taken.current === shared) return;
    taken.current = shared;
    void (async () => {
      const files = await sharedFiles(shared);
      // the address forgets the share: a reload does not take it twice
      void navigate({ to: '.', search: {}, replace: true });
      if (files.length === 0) return;
      for (const photo of draftStore.peek(user.id, flow)?.photos ?? []) {
        if (!(await remove(photo))) return;
      }
      draftStore.dispatch(user.id, flow, { type: 'reset' });
      setSharedCount(files.length);
      await addFiles([files[0]]);
      await dropShared(shared);
    })();
  }, [shared, user.id, flow, navigate, addFiles, remove]);

  return { sharedCount };
}
