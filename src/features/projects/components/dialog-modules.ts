// The projects' download, rename and fix dialogs, loaded when one is first opened: with the image
// conversion, the ZIP writer and the fix canvas they are ~10 KB (brotli) that /projects' first
// screen does not draw, and on a phone's first visit they came before its first picture. The
// service worker's precache, registered once the first pictures have shown, keeps them at hand
// from then on (fetching them ahead here as well cost the main thread a 12–20 ms task right
// after the first screen).
//
// A load that fails (offline before the precache, a dropped link) is not kept: the next tap
// tries again. The caller tells the seller (project-dialogs.tsx).
import type { DownloadDialog } from './download-dialog.tsx';
import type { FixDialog } from './fix-dialog.tsx';
import type { FixSubmittedDialog } from './fix-submitted-dialog.tsx';
import type { RenameProjectDialog } from './rename-project-dialog.tsx';

export interface DialogModules {
  DownloadDialog: typeof DownloadDialog;
  FixDialog: typeof FixDialog;
  FixSubmittedDialog: typeof FixSubmittedDialog;
  RenameProjectDialog: typeof RenameProjectDialog;
}

const importAll = async (): Promise<DialogModules> => {
  const [download, fix, fixed, rename] = await Promise.all([
    import('./download-dialog.tsx'),
    import('./fix-dialog.tsx'),
    import('./fix-submitted-dialog.tsx'),
    import('./rename-project-dialog.tsx'),
  ]);
  return {
    DownloadDialog: download.DownloadDialog,
    FixDialog: fix.FixDialog,
    FixSubmittedDialog: fixed.FixSubmittedDialog,
    RenameProjectDialog: rename.RenameProjectDialog,
  };
};

/** Loads the dialogs once; a failed load is forgotten so that the next call tries again. */
export function dialogLoader(load: () => Promise<DialogModules> = importAll) {
  let loaded: DialogModules | null = null;
  let loading: Promise<DialogModules> | null = null;
  return {
    /** the dialogs, once loaded */
    get loaded() {
      return loaded;
    },
    load(): Promise<DialogModules> {
      if (loaded) return Promise.resolve(loaded);
      loading ??= load().then(
        (modules) => (loaded = modules),
        (err: unknown) => {
          loading = null;
          throw err;
        },
      );
      return loading;
    },
  };
}

export const projectDialogs = dialogLoader();
