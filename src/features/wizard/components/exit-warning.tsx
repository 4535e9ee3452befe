import { useState } from 'react';
import { useBlocker } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Button, Dialog } from '../../../ui/index.ts';
import { useUser } from '../../auth/index.ts';
import { isCreationPath, type Flow } from '../model/steps.ts';
import { CLEAR_FAILED } from '../photo-messages.ts';
import { draftStore } from '../store/draft-store.ts';
import { uploadManager } from '../store/upload-manager.ts';

/** Leaving the creation routes with a photo in the draft (spec 1 §2): 'Exit anyway' removes the
 *  stored files (storage and uploaded_files; queued for later when offline), clears the
 *  draft, and goes on. */
export function ExitWarning({ flow }: { flow: Flow }) {
  const { t, i18n } = useLingui();
  const user = useUser();
  const [leaving, setLeaving] = useState(false);
  const [failed, setFailed] = useState(false);
  const blocker = useBlocker({
    shouldBlockFn: ({ next }) =>
      (draftStore.peek(user.id, flow)?.photos.length ?? 0) > 0 && !isCreationPath(next.pathname),
    enableBeforeUnload: false,
    withResolver: true,
  });

  const exitAnyway = async () => {
    if (blocker.status !== 'blocked') return;
    setLeaving(true);
    setFailed(false);
    try {
      for (const photo of draftStore.peek(user.id, flow)?.photos ?? []) {
        uploadManager.cancel(photo.id);
        if (photo.upload.state === 'uploaded' && photo.upload.path)
          await uploadManager.discard(user.id, photo.upload.path);
      }
      await draftStore.clear(user.id, flow);
      blocker.proceed();
    } catch {
      setFailed(true);
    } finally {
      setLeaving(false);
    }
  };

  return (
    <Dialog
      open={blocker.status === 'blocked'}
      onClose={() => blocker.reset?.()}
      alert
      title={t`Exit without generating?`}
      description={t`Are you sure you want to leave the creation flow? Your progress will not be saved.`}
      footer={
        <>
          <Button variant="secondary" onClick={() => blocker.reset?.()} disabled={leaving}>
            <Trans>Continue editing</Trans>
          </Button>
          <Button variant="danger" onClick={() => void exitAnyway()} loading={leaving}>
            <Trans>Exit anyway</Trans>
          </Button>
        </>
      }
    >
      {failed && <Alert tone="error">{i18n._(CLEAR_FAILED)}</Alert>}
    </Dialog>
  );
}
