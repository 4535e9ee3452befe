// One place that opens the projects' dialogs for a project: download, rename, fix (then its
// confirmation), delete. The list, the archive and the detail screen share it.
import { type ReactNode, useCallback, useRef, useState } from 'react';
import type { MessageDescriptor } from '@lingui/core';
import { useLingui } from '@lingui/react/macro';
import { networkMessages, sqlErrorMessages } from '../../../lib/errors/messages.ts';
import { toast } from '../../../ui/index.ts';
import { useDeleteProject } from '../hooks/use-project-actions.ts';
import { MESSAGES } from '../labels.ts';
import { completedImages, isProcessing, type Project, type ProjectImage } from '../project-types.ts';
import { ConfirmDeleteDialog } from './confirm-delete-dialog.tsx';
import { projectDialogs } from './dialog-modules.ts';
import { shownProjectName } from '../../../lib/default-names.ts';

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

  // download, rename and fix open once their code is in (dialog-modules.ts); a load that fails
  // says why and leaves the screen as it was
  const openLoaded = (next: Exclude<Open, null>) => {
    if (projectDialogs.loaded) return setOpen(next);
    projectDialogs.load().then(
      () => setOpen(next),
      () => {
        const message = navigator.onLine ? networkMessages.unreachable : networkMessages.offline;
        toast.show({ tone: 'error', title: i18n._(message) });
      },
    );
  };
  const openDownload = (project: Project, images = completedImages(project)) =>
    openLoaded({ kind: 'download', project, images });
  const openRename = (project: Project) => openLoaded({ kind: 'rename', project });
  const openFix = (project: Project, image = completedImages(project)[0]) =>
    openLoaded({ kind: 'fix', project, image });
  const openDelete = (project: Project) => {
    // the server refuses too; the seller learns why before confirming
    if (isProcessing(project)) {
      toast.show({ tone: 'info', title: i18n._(PROCESSING_MESSAGE), duration: 5000 });
      return;
    }
    setOpen({ kind: 'delete', project });
  };

  let dialogs: ReactNode = null;
  // their code: `open` names download, rename or fix only once it is in
  const m = projectDialogs.loaded;
  if (open?.kind === 'download' && m) {
    dialogs = (
      <m.DownloadDialog
        project={open.project}
        images={open.images}
        cleanAllowed={cleanAllowed}
        onClose={close}
      />
    );
  } else if (open?.kind === 'rename' && m) {
    dialogs = <m.RenameProjectDialog project={open.project} onClose={close} />;
  } else if (open?.kind === 'fix' && m) {
    dialogs = (
      <m.FixDialog
        project={open.project}
        image={open.image}
        cleanAllowed={cleanAllowed}
        errorMessage={fixErrorMessage}
        onClose={close}
        onSubmitted={() => setOpen({ kind: 'fixed' })}
      />
    );
  } else if (open?.kind === 'fixed' && m) {
    dialogs = <m.FixSubmittedDialog onClose={close} />;
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
    dialogs,
  };
}
