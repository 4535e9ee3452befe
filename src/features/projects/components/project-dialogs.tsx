// One place that opens the projects' dialogs for a project: download, rename, fix (then its
// confirmation), delete. The list, the archive and the detail screen share it.
//
// Download, rename and fix load when first opened: with the image conversion and the fix canvas
// they are ~10 KB (brotli) that /projects' first screen does not draw, and on a phone's first
// visit they came before its first picture. The service worker's precache, registered once the
// first pictures have shown, keeps them at hand from then on (fetching them ahead here as well
// cost the main thread a 12–20 ms task right after the first screen). Delete's confirmation
// stays at hand.
import { type ReactNode, Suspense, lazy, useCallback, useRef, useState } from 'react';
import type { MessageDescriptor } from '@lingui/core';
import { useLingui } from '@lingui/react/macro';
import { sqlErrorMessages } from '../../../lib/errors/messages.ts';
import { toast } from '../../../ui/index.ts';
import { useDeleteProject } from '../hooks/use-project-actions.ts';
import { MESSAGES } from '../labels.ts';
import { completedImages, isProcessing, type Project, type ProjectImage } from '../project-types.ts';
import { ConfirmDeleteDialog } from './confirm-delete-dialog.tsx';
import { shownProjectName } from '../../../lib/default-names.ts';

const DownloadDialog = lazy(() =>
  import('./download-dialog.tsx').then((m) => ({ default: m.DownloadDialog })),
);
const FixDialog = lazy(() => import('./fix-dialog.tsx').then((m) => ({ default: m.FixDialog })));
const FixSubmittedDialog = lazy(() =>
  import('./fix-submitted-dialog.tsx').then((m) => ({ default: m.FixSubmittedDialog })),
);
const RenameProjectDialog = lazy(() =>
  import('./rename-project-dialog.tsx').then((m) => ({ default: m.RenameProjectDialog })),
);

const PROCESSING_MESSAGE = sqlErrorMessages.project_processing;

type Open =
  | { kind: 'download'; project: Project; images: ProjectImage[] }
  | { kind: 'rename'; project: Project }
  | { kind: 'fix'; project: Project; image: ProjectImage | undefined }
  | { kind: 'fixed' }
  | { kind: 'delete'; project: Project }
  | null;

export interface ProjectDialogOptions {
  cleanAllowed: boolean | undefined;
  /** fix failures in this screen's words (spec 2 §8: list and detail differ) */
  fixErrorMessage?: MessageDescriptor;
  /** after the server deleted it, before it leaves the cached lists (may return a promise) */
  onDeleted?: (project: Project) => unknown;
}

export function useProjectDialogs({
  cleanAllowed,
  fixErrorMessage = MESSAGES.fixSaveFailed,
  onDeleted,
}: ProjectDialogOptions) {
  const { i18n } = useLingui();
  const [open, setOpen] = useState<Open>(null);
  const close = useCallback(() => setOpen(null), []);
  const deleting = useRef<Project | null>(null);
  const onDeletedRef = useRef(onDeleted);
  onDeletedRef.current = onDeleted;
  // the mutation's own callback: it runs even when the screen that asked is already gone
  const remove = useDeleteProject(async () => {
    const project = deleting.current;
    deleting.current = null;
    close();
    if (project) await onDeletedRef.current?.(project);
  });

  const openDownload = (project: Project, images = completedImages(project)) =>
    setOpen({ kind: 'download', project, images });
  const openRename = (project: Project) => setOpen({ kind: 'rename', project });
  const openFix = (project: Project, image = completedImages(project)[0]) =>
    setOpen({ kind: 'fix', project, image });
  const openDelete = (project: Project) => {
    // the server refuses too; the seller learns why before confirming
    if (isProcessing(project)) {
      toast.show({ tone: 'info', title: i18n._(PROCESSING_MESSAGE), duration: 5000 });
      return;
    }
    setOpen({ kind: 'delete', project });
  };

  let dialogs: ReactNode = null;
  if (open?.kind === 'download') {
    dialogs = (
      <DownloadDialog
        project={open.project}
        images={open.images}
        cleanAllowed={cleanAllowed}
        onClose={close}
      />
    );
  } else if (open?.kind === 'rename') {
    dialogs = <RenameProjectDialog project={open.project} onClose={close} />;
  } else if (open?.kind === 'fix') {
    dialogs = (
      <FixDialog
        project={open.project}
        image={open.image}
        cleanAllowed={cleanAllowed}
        errorMessage={fixErrorMessage}
        onClose={close}
        onSubmitted={() => setOpen({ kind: 'fixed' })}
      />
    );
  } else if (open?.kind === 'fixed') {
    dialogs = <FixSubmittedDialog onClose={close} />;
  } else if (open?.kind === 'delete') {
    const project = open.project;
    dialogs = (
      <ConfirmDeleteDialog
        open
        itemName={shownProjectName(project.name)}
        busy={remove.isPending}
        onClose={close}
        onConfirm={() => {
          deleting.current = project;
          remove.mutate(project.id, { onError: close });
        }}
      />
    );
  }

  return {
    openDownload,
    openRename,
    openFix,
    openDelete,
    dialogs: dialogs && <Suspense fallback={null}>{dialogs}</Suspense>,
  };
}
